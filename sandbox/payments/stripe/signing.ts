import { hmacSha256 } from '../../signing';

/**
 * The `Stripe-Signature` header Stripe sends with a delivery (stripe-node `Webhooks.ts`):
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed with the endpoint's whole `whsec_…`
 * secret as text.
 */
export function stripeSignatureHeader(secret: string, rawBody: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmacSha256(secret, `${timestamp}.${rawBody}`).toString('hex')}`;
}
