import { createHmac } from 'node:crypto';
import type { WebhookHeaders } from '../store-types';
import { sameSignature } from './oauth1';

/** WooCommerce signs each delivery as `X-WC-Webhook-Signature: base64(HMAC-SHA256(raw body, secret))`. */
export function woocommerceWebhookSignature(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('base64');
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  return Array.isArray(value) ? value[0] : value;
}

/** True only when the signature header matches the exact bytes received. */
export function isValidWoocommerceWebhook(input: {
  rawBody: string;
  headers: WebhookHeaders;
  secret: string;
}): boolean {
  const given = header(input.headers, 'x-wc-webhook-signature');
  if (!given || !input.secret) return false;
  return sameSignature(woocommerceWebhookSignature(input.rawBody, input.secret), given);
}
