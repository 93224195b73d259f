import { describe, expect, it } from 'vitest';
import { isValidStrikeSignature } from './webhook';

/**
 * A known answer computed once outside this code (hex HMAC-SHA256 of the raw body, keyed with the
 * subscription secret) and written down, so a change to the adapter's scheme fails here.
 */
const SECRET = 'strike-subscription-secret-01';
const BODY =
  '{"id":"5e1ea0d2-1d7c-4d2b-9a7c-7e0c1b2a3f4d","eventType":"invoice.updated","webhookVersion":"v1","data":{"entityId":"c0a8f1e2-3b4c-4d5e-8f9a-0b1c2d3e4f5a","changes":["state"]},"created":"2026-05-01T12:00:00Z","deliverySuccess":false}';
const SIGNATURE = '9ffc89177e3ac465011896ccd72065ca314c1d4c9282fe57573a658dea14bea9';

/** The same text with the character at `at` replaced by another one of the same alphabet. */
const oneByteOff = (s: string, at = 0) => `${s.slice(0, at)}${s[at] === '0' ? '1' : '0'}${s.slice(at + 1)}`;

describe('Strike X-Webhook-Signature, known answer', () => {
  it('accepts the known answer, in either hex case', () => {
    expect(isValidStrikeSignature(SECRET, BODY, SIGNATURE)).toBe(true);
    expect(isValidStrikeSignature(SECRET, BODY, SIGNATURE.toUpperCase())).toBe(true);
  });

  it('refuses a one-byte change of the body, the secret or the signature', () => {
    expect(isValidStrikeSignature(SECRET, BODY.replace('"5e1', '"5e2'), SIGNATURE)).toBe(false);
    expect(isValidStrikeSignature(oneByteOff(SECRET, 7), BODY, SIGNATURE)).toBe(false);
    expect(isValidStrikeSignature(SECRET, BODY, oneByteOff(SIGNATURE))).toBe(false);
  });
});
