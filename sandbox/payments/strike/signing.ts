import { hmacSha256 } from '../../signing';

/** Strike's `X-Webhook-Signature` header: hex HMAC-SHA256 of the raw body, keyed with the subscription secret. */
export function strikeWebhookSignature(secret: string, rawBody: string): string {
  return hmacSha256(secret, rawBody).toString('hex');
}
