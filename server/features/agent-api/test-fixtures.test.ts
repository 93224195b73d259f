import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { agentRequest, demoMerchantApiKey, sampleBuyer, simControl } from '../../test/merchant-kit';

/**
 * The card rows of /docs#test-fixtures, run as an agent would: each documented token fixture gives the
 * documented answer at checkout or confirm.
 */
let t: TestApp;
let apiKey: string;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  apiKey = await demoMerchantApiKey(t);
});
afterAll(() => t.close());

/** Offer, checkout and confirm with a token minted from `fixture`: the first refusal, or the confirm. */
async function payWith(fixture: (total: number) => Record<string, unknown>) {
  const offer = await agentRequest(t, apiKey, 'POST', '/api/agent/offer', {
    items: [{ sku: 'TEST-PRODUCT-001', quantity: 1 }],
    shipping_to: { country: 'GB', postcode: 'N1 9GU' },
  });
  const { offer_id, total } = offer.json() as { offer_id: string; total: number };
  const token = (await simControl(t, 'stripe', 'granted_tokens', {
    currency: 'gbp',
    max_amount: total,
    ...fixture(total),
  })) as { id: string };
  const checkout = await agentRequest(t, apiKey, 'POST', '/api/agent/checkout', {
    offer_id,
    shipping_option_id: 'standard',
    buyer: sampleBuyer,
    payment: { method: 'stripe', shared_payment_token: token.id, amount: total, currency: 'GBP' },
  });
  if (checkout.statusCode !== 201) return checkout;
  return agentRequest(t, apiKey, 'POST', '/api/agent/confirm', { checkout_id: checkout.json().checkout_id });
}

it('approves the default token', async () => {
  const res = await payWith(() => ({}));
  expect(res.json().status).toBe('ACCEPTED');
});

it.each([
  ['pm_card_chargeDeclined', 'generic_decline'],
  ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
  ['pm_card_chargeDeclinedExpiredCard', 'expired_card'],
  ['pm_card_chargeDeclinedLostCard', 'lost_card'],
])('declines %s with decline_code %s', async (paymentMethod, declineCode) => {
  const res = await payWith(() => ({ payment_method: paymentMethod }));
  expect(res.statusCode, res.body).toBe(402);
  expect(res.json()).toMatchObject({
    error_code: 'PAYMENT_DECLINED',
    details: { decline_code: declineCode },
  });
});

it.each([
  ['3-D Secure', () => ({ payment_method: 'pm_card_authenticationRequired' })],
  ['a token limit below the total', (total: number) => ({ max_amount: total - 1 })],
  ['a token in another currency', () => ({ currency: 'eur' })],
  ['an expired token', () => ({ expires_at: Math.floor(Date.now() / 1000) - 60 })],
])('refuses %s with 402', async (_name, fixture) => {
  const res = await payWith(fixture);
  expect(res.statusCode, res.body).toBe(402);
  expect(res.json().error_code).toBe('PAYMENT_DECLINED');
});
