import { describe, expect, it } from 'vitest';
import { merchantSignatureProblem } from './signing';

/**
 * The agent platform's check of `Merchant-Signature`, pinned to the same written-down known answers as
 * the adapter's test (server/integrations/agents/signatures.test.ts), computed once outside both.
 */
const SECRET = 'whsec_0123456789abcdef';
const BODY = '{"items":[{"id":"TEST-PRODUCT-001","quantity":1}]}';
const NOW = new Date('2026-05-01T12:00:00Z');
const BODY_HEX = '3df624a3f81554ccc9140a2c7b99e373ba96119be58c4fc31c9e7b3660a36b61';
const TIMESTAMPED = 't=1777636800,v1=87a0de9876e14ad14f7d1047ac24985127e2dfa7239c58f9133ec616c96b521d';
const FAILED = 'Webhook signature verification failed.';

describe('the agent simulator checks Merchant-Signature against the known answers', () => {
  it('accepts both schemes’ known answers', () => {
    expect(merchantSignatureProblem(SECRET, BODY, BODY_HEX, NOW)).toBeNull();
    expect(merchantSignatureProblem(SECRET, BODY, TIMESTAMPED, NOW)).toBeNull();
  });

  it('refuses a one-byte change of body, secret or signature', () => {
    for (const header of [BODY_HEX, TIMESTAMPED]) {
      expect(merchantSignatureProblem(SECRET, BODY.replace(':1}', ':2}'), header, NOW)).toBe(FAILED);
      expect(merchantSignatureProblem('whsec_1123456789abcdef', BODY, header, NOW)).toBe(FAILED);
      expect(merchantSignatureProblem(SECRET, BODY, `${header.slice(0, -1)}0`, NOW)).toBe(FAILED);
    }
  });

  it('refuses a timestamped signature more than 300 s away', () => {
    expect(merchantSignatureProblem(SECRET, BODY, TIMESTAMPED, new Date(NOW.getTime() + 300_000))).toBeNull();
    expect(merchantSignatureProblem(SECRET, BODY, TIMESTAMPED, new Date(NOW.getTime() + 301_000))).toBe(
      'Timestamp outside allowed window.',
    );
  });
});
