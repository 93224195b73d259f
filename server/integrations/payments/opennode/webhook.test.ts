import { describe, expect, it } from 'vitest';
import { isValidHashedOrder } from './webhook';

/**
 * A known answer computed once outside this code (hex HMAC-SHA256, key = the API key, message = the
 * charge id) and written down, so a change to the adapter's scheme fails here.
 */
const API_KEY = 'on_test_api_key_5d1b7c0e';
const CHARGE_ID = '3f2a9c1e-8b4d-4e7a-9c6b-1d2e3f4a5b6c';
const HASHED_ORDER = '9ad3cf098c2c18536ea51c35f206e1ccc5ec4df588572152fad20d8350e57048';

/** The same text with the character at `at` replaced by another one of the same alphabet. */
const oneByteOff = (s: string, at = 0) => `${s.slice(0, at)}${s[at] === '0' ? '1' : '0'}${s.slice(at + 1)}`;

describe('OpenNode hashed_order, known answer', () => {
  it('accepts the known answer', () => {
    expect(isValidHashedOrder(API_KEY, CHARGE_ID, HASHED_ORDER)).toBe(true);
  });

  it('refuses a one-byte change of the charge id, the key or the signature', () => {
    expect(isValidHashedOrder(API_KEY, oneByteOff(CHARGE_ID), HASHED_ORDER)).toBe(false);
    expect(isValidHashedOrder(oneByteOff(API_KEY, 8), CHARGE_ID, HASHED_ORDER)).toBe(false);
    expect(isValidHashedOrder(API_KEY, CHARGE_ID, oneByteOff(HASHED_ORDER))).toBe(false);
  });
});
