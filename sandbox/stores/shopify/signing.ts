import { hmacSha256 } from '../../signing';

/** Shopify's `X-Shopify-Hmac-Sha256` header: base64 HMAC-SHA256 of the raw body, keyed with the app's secret. */
export function shopifyWebhookHmac(secret: string, rawBody: string): string {
  return hmacSha256(secret, rawBody).toString('base64');
}
