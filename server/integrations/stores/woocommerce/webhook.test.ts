import { describe, expect, it } from 'vitest';
import { isValidWoocommerceWebhook } from './webhook';

/**
 * A known answer computed once outside this code (base64 HMAC-SHA256 of the raw body, keyed with the
 * webhook secret) and written down, so a change to the adapter's scheme fails here. The adapter's OAuth
 * 1.0a signing has its own known answers in woocommerce.test.ts.
 */
const SECRET = 'wc-webhook-secret-7Yp';
const BODY = '{"id":727,"status":"processing","currency":"GBP","total":"43.95"}';
const SIGNATURE = '77dSiPk5SFX7d00GeUXV/sLNCYFzEJJRe+TXQ3hBym8=';

/** The same text with the character at `at` replaced by another one of the same alphabet. */
const oneByteOff = (s: string, at = 0) => `${s.slice(0, at)}${s[at] === '0' ? '1' : '0'}${s.slice(at + 1)}`;

const valid = (rawBody: string, secret: string, signature: string) =>
  isValidWoocommerceWebhook({ rawBody, secret, headers: { 'X-WC-Webhook-Signature': signature } });

describe('X-WC-Webhook-Signature, known answer', () => {
  it('accepts the known answer', () => {
    expect(valid(BODY, SECRET, SIGNATURE)).toBe(true);
  });

  it('refuses a one-byte change of the body, the secret or the signature', () => {
    expect(valid(BODY.replace('727', '728'), SECRET, SIGNATURE)).toBe(false);
    expect(valid(BODY, oneByteOff(SECRET), SIGNATURE)).toBe(false);
    expect(valid(BODY, SECRET, oneByteOff(SIGNATURE))).toBe(false);
  });
});
