import { describe, expect, it } from 'vitest';
import { isValidShopifyWebhook } from './webhook';

/**
 * A known answer computed once outside this code (base64 HMAC-SHA256 of the raw body, keyed with the
 * app's secret) and written down, so a change to the adapter's scheme fails here.
 */
const SECRET = 'shpss_test_app_secret';
const BODY = '{"id":788032119674292900,"title":"Example T-Shirt","handle":"example-t-shirt"}';
const HMAC = 'GnofG1WgUL2iwlwKufdVR5uEfJKTl80zNhdf4oSv4pY=';

/** The same text with the character at `at` replaced by another one of the same alphabet. */
const oneByteOff = (s: string, at = 0) => `${s.slice(0, at)}${s[at] === '0' ? '1' : '0'}${s.slice(at + 1)}`;

const valid = (rawBody: string, secret: string, hmac: string) =>
  isValidShopifyWebhook({ rawBody, secret, headers: { 'X-Shopify-Hmac-Sha256': hmac } });

describe('X-Shopify-Hmac-Sha256, known answer', () => {
  it('accepts the known answer', () => {
    expect(valid(BODY, SECRET, HMAC)).toBe(true);
  });

  it('refuses a one-byte change of the body, the secret or the signature', () => {
    expect(valid(BODY.replace('"id":7', '"id":8'), SECRET, HMAC)).toBe(false);
    expect(valid(BODY, oneByteOff(SECRET, 'shpss_'.length), HMAC)).toBe(false);
    expect(valid(BODY, SECRET, oneByteOff(HMAC))).toBe(false);
  });
});
