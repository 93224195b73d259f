import { describe, expect, it } from 'vitest';
import { coincornerSignature } from './signature';

/**
 * CoinCorner authenticates the calls we make, not the notifications it sends (see webhook.test.ts), so
 * the scheme pinned here is the one the adapter signs with: a known answer computed once outside this
 * code (lowercase hex HMAC-SHA256, key = lowercased API secret, message = Nonce + UserId + lowercased
 * APIKey) and written down. Capitals in the secret and key check the lowercasing.
 */
const CALL = {
  apiSecret: 'C0FFEE-SECRET-3B4A',
  apiKey: '2E7F9A4C-1B3D-4C5E-8F6A-7B8C9D0E1F2A',
  userId: '58213',
  nonce: 1_700_000_000_000,
};
const SIGNATURE = '142fc2cae6d916dafbe959c780a4b47fe0b049389e02469cc455213c8540435d';

describe('CoinCorner request Signature, known answer', () => {
  it('signs the known answer, whatever the case of secret and key', () => {
    expect(coincornerSignature(CALL)).toBe(SIGNATURE);
    expect(
      coincornerSignature({
        ...CALL,
        apiSecret: CALL.apiSecret.toLowerCase(),
        apiKey: CALL.apiKey.toLowerCase(),
      }),
    ).toBe(SIGNATURE);
  });

  it('signs something else after a one-byte change of the nonce, user id, key or secret', () => {
    expect(coincornerSignature({ ...CALL, nonce: CALL.nonce + 1 })).not.toBe(SIGNATURE);
    expect(coincornerSignature({ ...CALL, userId: '58214' })).not.toBe(SIGNATURE);
    expect(coincornerSignature({ ...CALL, apiKey: `3${CALL.apiKey.slice(1)}` })).not.toBe(SIGNATURE);
    expect(coincornerSignature({ ...CALL, apiSecret: `D${CALL.apiSecret.slice(1)}` })).not.toBe(SIGNATURE);
  });
});
