import { hmacSha256 } from '../../signing';

/**
 * OpenNode's `hashed_order` on a charge notification: hex HMAC-SHA256 of the charge id, keyed with the
 * merchant's API key (opennode-node's `verifySignature`; the WooCommerce plugin checks the same). Only the
 * id is signed, never the status.
 */
export function hashedOrder(apiKey: string, chargeId: string): string {
  return hmacSha256(apiKey, chargeId).toString('hex');
}
