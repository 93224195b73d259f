import { createHmac } from 'node:crypto';
import type { WebhookHeaders } from '../store-types';
import { headerValue, signaturesMatch } from '../store-kit';

/** The `X-Signature` value for a body: `sha256=` + hex HMAC-SHA256 of the exact bytes, keyed with the secret. */
export function customWebhookSignature(secret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/** True when `X-Signature` was made with `secret` over exactly this body. */
export function isValidCustomWebhook(input: {
  rawBody: string;
  headers: WebhookHeaders;
  secret: string;
}): boolean {
  const header = headerValue(input.headers, 'x-signature')?.trim() ?? '';
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header);
  if (!match) return false;
  const expected = customWebhookSignature(input.secret, input.rawBody).slice('sha256='.length);
  return signaturesMatch(Buffer.from(match[1]!.toLowerCase(), 'hex'), Buffer.from(expected, 'hex'));
}
