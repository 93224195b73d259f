import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * OpenNode signs a charge notification as hex HMAC-SHA256 of the charge id, keyed with the merchant's API
 * key (`hashed_order`). Only the id is signed, never the status: callers re-read the charge.
 */
export function opennodeHashedOrder(apiKey: string, chargeId: string): string {
  return createHmac('sha256', apiKey).update(chargeId).digest('hex');
}

export function isValidHashedOrder(apiKey: string, chargeId: string, hashedOrder: string): boolean {
  const expected = Buffer.from(opennodeHashedOrder(apiKey, chargeId), 'hex');
  const given = Buffer.from(hashedOrder, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
