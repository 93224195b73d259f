import { describe, expect, it } from 'vitest';
import { AGENT_TEST_MESSAGES } from '#common/api/agent-tests';
import { testOrderDefaults, testOrderFormSchema } from './test-order-form';

const messageOf = (input: object) => {
  const result = testOrderFormSchema.safeParse({ ...testOrderDefaults('bitcoin'), ...input });
  return result.success ? null : result.error.issues[0]!.message;
};

describe('onboarding test order rules', () => {
  it('starts from the defaults: TEST-PRODUCT-001, 19.99, GBP', () => {
    expect(testOrderDefaults('stripe')).toMatchObject({
      sku: 'TEST-PRODUCT-001',
      amount: '19.99',
      currency: 'GBP',
    });
  });

  it.each([{ sku: ' ' }, { amount: '' }, { amount: '0' }])('needs a SKU and an amount: %j', (input) => {
    expect(messageOf(input)).toBe(AGENT_TEST_MESSAGES.skuAndAmount);
  });

  it('needs a card test token shaped spt_...', () => {
    expect(messageOf({ method: 'stripe', token: '' })).toBe(AGENT_TEST_MESSAGES.sptFormat);
    expect(messageOf({ method: 'stripe', token: 'tok_123' })).toBe(AGENT_TEST_MESSAGES.sptFormat);
    expect(messageOf({ method: 'stripe', token: 'spt_abc_123' })).toBeNull();
    expect(messageOf({ method: 'bitcoin', token: '' })).toBeNull();
  });

  it('upper-cases the currency and refuses anything but 3 letters', () => {
    const parsed = testOrderFormSchema.parse({ ...testOrderDefaults('bitcoin'), currency: 'eur' });
    expect(parsed.currency).toBe('EUR');
    expect(messageOf({ currency: 'EURO' })).toBe(AGENT_TEST_MESSAGES.currency);
  });
});
