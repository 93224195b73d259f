import { createHmac } from 'node:crypto';
import type { WebhookHeaders } from '../store-types';
import { headerValue, signaturesMatch } from '../store-kit';

/** `X-Shopify-Hmac-Sha256`: base64 HMAC-SHA256 of the raw body, keyed with the app's API secret. */
export function shopifyWebhookHmac(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('base64');
}

/** True when `X-Shopify-Hmac-Sha256` was made with `secret` over exactly this body. */
export function isValidShopifyWebhook(input: {
  rawBody: string;
  headers: WebhookHeaders;
  secret: string;
}): boolean {
  const given = headerValue(input.headers, 'x-shopify-hmac-sha256')?.trim() ?? '';
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(given)) return false;
  return signaturesMatch(
    Buffer.from(given, 'base64'),
    Buffer.from(shopifyWebhookHmac(input.secret, input.rawBody), 'base64'),
  );
}
