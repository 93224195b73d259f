import { describe, expect, it } from 'vitest';
import { isMerchantApiKey } from './webhook';

/**
 * CoinCorner's notifications carry no signature, only the merchant's public API key (the official
 * plugins compare it and then re-read the order), so there is no known answer to pin: this pins the
 * comparison instead.
 */
const API_KEY = '2e7f9a4c-1b3d-4c5e-8f6a-7b8c9d0e1f2a';

describe('CoinCorner notification API key', () => {
  it('accepts the merchant key in any case and with surrounding spaces', () => {
    expect(isMerchantApiKey(API_KEY, API_KEY)).toBe(true);
    expect(isMerchantApiKey(API_KEY, ` ${API_KEY.toUpperCase()} `)).toBe(true);
  });

  it('refuses a one-byte change and an empty key', () => {
    expect(isMerchantApiKey(API_KEY, `3${API_KEY.slice(1)}`)).toBe(false);
    expect(isMerchantApiKey(API_KEY, API_KEY.slice(0, -1))).toBe(false);
    expect(isMerchantApiKey(API_KEY, '')).toBe(false);
  });
});
