import { hmacSha256 } from '../../signing';

/**
 * The Custom API contract's `X-Signature` header (docs/custom-store.md, "Webhooks"): `sha256=` + hex
 * HMAC-SHA256 of the exact body bytes, keyed with the webhook secret.
 */
export function customWebhookSignature(secret: string, rawBody: string): string {
  return `sha256=${hmacSha256(secret, rawBody).toString('hex')}`;
}
