import { describe, expect, it } from 'vitest';
import { isValidCustomWebhook } from './webhook';

/**
 * A known answer computed once outside this code (`sha256=` + hex HMAC-SHA256 of the exact body bytes,
 * keyed with the webhook secret, as docs/custom-store.md publishes it) and written down, so a change to
 * the adapter's scheme fails here.
 */
const SECRET = 'whsec_custom_test_8Fq2';
const BODY =
  '{"id":"evt_0a1b2c3d","type":"order.updated","created_at":"2026-05-01T12:00:00.000Z","data":{"id":"ord_5b1e0c9d7a3f2e84","status":"fulfilled","total":"43.95","currency":"GBP"}}';
const SIGNATURE = 'sha256=154c2c37981d243391d2e94cc36f6733eafd3738e2db7008cd477a4ad46598e8';

/** The same text with the character at `at` replaced by another one of the same alphabet. */
const oneByteOff = (s: string, at = 0) => `${s.slice(0, at)}${s[at] === '0' ? '1' : '0'}${s.slice(at + 1)}`;

const valid = (rawBody: string, secret: string, signature: string) =>
  isValidCustomWebhook({ rawBody, secret, headers: { 'X-Signature': signature } });

describe('Custom API X-Signature, known answer', () => {
  it('accepts the known answer, in either hex case', () => {
    expect(valid(BODY, SECRET, SIGNATURE)).toBe(true);
    expect(valid(BODY, SECRET, `sha256=${SIGNATURE.slice('sha256='.length).toUpperCase()}`)).toBe(true);
  });

  it('refuses a one-byte change of the body, the secret or the signature', () => {
    expect(valid(BODY.replace('43.95', '43.96'), SECRET, SIGNATURE)).toBe(false);
    expect(valid(BODY, oneByteOff(SECRET, 'whsec_'.length), SIGNATURE)).toBe(false);
    expect(valid(BODY, SECRET, oneByteOff(SIGNATURE, 'sha256='.length))).toBe(false);
  });
});
