import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../db/schema/index';
import { settleOpenCheckouts } from '../commerce/jobs';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { agentRequest, demoMerchantApiKey, sampleBuyer, simControl } from '../../test/merchant-kit';

/**
 * The card and Lightning rows of /docs#test-fixtures, run as an agent would: each documented token fixture gives the
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

/** A Lightning checkout of the demo merchant's test product: its checkout id and OpenNode invoice id. */
async function lightningCheckout() {
  const offer = await agentRequest(t, apiKey, 'POST', '/api/agent/offer', {
    items: [{ sku: 'TEST-PRODUCT-001', quantity: 1 }],
    shipping_to: { country: 'GB', postcode: 'N1 9GU' },
  });
  const checkout = await agentRequest(t, apiKey, 'POST', '/api/agent/checkout', {
    offer_id: offer.json().offer_id,
    buyer: sampleBuyer,
    payment: { method: 'btc' },
  });
  expect(checkout.statusCode, checkout.body).toBe(201);
  const { checkout_id, btc } = checkout.json() as { checkout_id: string; btc: { payment_url: string } };
  const confirm = () => agentRequest(t, apiKey, 'POST', '/api/agent/confirm', { checkout_id });
  return { checkoutId: checkout_id, invoiceId: btc.payment_url.split('/').pop()!, confirm };
}

describe('the Lightning rows', () => {
  it('paid: confirm answers ACCEPTED', async () => {
    const { invoiceId, confirm } = await lightningCheckout();
    await simControl(t, 'opennode', `charges/${invoiceId}/pay`);
    expect((await confirm()).json().status).toBe('ACCEPTED');
  });

  it('expired: 402 PAYMENT_EXPIRED', async () => {
    const { invoiceId, confirm } = await lightningCheckout();
    await simControl(t, 'opennode', `charges/${invoiceId}/expire`);
    const res = await confirm();
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json().error_code).toBe('PAYMENT_EXPIRED');
  });

  it('underpaid: confirm keeps answering pending', async () => {
    const { invoiceId, confirm } = await lightningCheckout();
    await simControl(t, 'opennode', `charges/${invoiceId}/underpay`);
    const res = await confirm();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('PENDING_PAYMENT');
  });

  it('late: 402 PAYMENT_EXPIRED, and money after it is a payment for review, never an order', async () => {
    const { checkoutId, invoiceId, confirm } = await lightningCheckout();
    await simControl(t, 'opennode', `charges/${invoiceId}/expire`);
    expect((await confirm()).json().error_code).toBe('PAYMENT_EXPIRED');
    await simControl(t, 'opennode', `charges/${invoiceId}/pay`);
    await settleOpenCheckouts(t.services.engine);
    const [payment] = await t.db.select().from(payments).where(eq(payments.checkoutId, checkoutId));
    expect(payment!.status).toBe('needs_review');
    expect(await t.db.select().from(orders).where(eq(orders.checkoutId, checkoutId))).toHaveLength(0);
  });
});
