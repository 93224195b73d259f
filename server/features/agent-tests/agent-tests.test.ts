import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_TEST_MESSAGES } from '#common/api/agent-tests';
import { checkouts, orders, payments } from '../../db/schema/index';
import { createLiveTestApp, createTestApp, type TestApp } from '../../test/create-test-app';
import {
  dashboardRequest,
  mintSharedPaymentToken,
  newMerchant,
  simControl,
  type TestMerchant,
} from '../../test/merchant-kit';

let t: TestApp;
let a: TestMerchant;
beforeAll(async () => {
  // Jobs are not worked, so the store write in a confirm is the only one (no race with the queued job).
  t = await createTestApp({ jobs: false });
  a = await newMerchant(t, { connect: true });
});
afterAll(() => t.close());

const acpFlow = (merchant: TestMerchant, body: object) =>
  dashboardRequest(t, merchant.cookie, 'POST', '/api/agent-tests/acp-flow', body);
const simulatePaid = (merchant: TestMerchant, body: object) =>
  dashboardRequest(t, merchant.cookie, 'POST', '/api/agent-tests/simulate-opennode-paid', body);

describe('agent test, card', () => {
  it('runs offer, checkout and confirm through the store and Stripe, with a token Stripe issued', async () => {
    const token = await mintSharedPaymentToken(t, 10_000);
    const res = await acpFlow(a, { payment_method: 'stripe', test_spt: token, currency: 'gbp' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // The store's 19.99 plus standard shipping to GB.
    expect(body).toEqual({
      status: 'ACCEPTED',
      checkout_id: expect.stringMatching(/^chk_/),
      order_id: expect.any(String),
      woo_order_id: expect.any(String),
      amount: 1999 + 399,
      currency: 'GBP',
      message: `Paid GBP 23.98; the store created order ${body.woo_order_id}.`,
    });
    const woo = (await simControl(t, 'woocommerce', 'orders')).orders as { id: number; total: string }[];
    expect(woo.find((o) => String(o.id) === body.woo_order_id)).toMatchObject({ total: '23.98' });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, body.order_id));
    expect(order).toMatchObject({ merchantId: a.merchantId, storeOrderId: body.woo_order_id });
    const [payment] = await t.db.select().from(payments).where(eq(payments.checkoutId, body.checkout_id));
    expect(payment).toMatchObject({ method: 'stripe_spt', status: 'succeeded' });
  });

  it("fails with the provider's message when Stripe does not know the token, charging nothing", async () => {
    const res = await acpFlow(a, { payment_method: 'stripe', test_spt: 'spt_doesnotexist123' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      error: "No such shared_payment_granted_token: 'spt_doesnotexist123'",
      step: 'confirm',
      status: 'DECLINED',
      checkout_id: expect.any(String),
      amount: 2398,
      currency: 'GBP',
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.checkoutId, res.json().checkout_id));
    expect(order).toBeUndefined();
  });

  it('uses a token the simulator knows as typed, and reports its decline at the confirm step', async () => {
    const declining = await mintSharedPaymentToken(t, 10_000, { decline: true });
    const res = await acpFlow(a, { payment_method: 'stripe', test_spt: declining });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      error: expect.stringMatching(/declined/i),
      step: 'confirm',
      status: 'DECLINED',
      checkout_id: expect.any(String),
      amount: 2398,
      currency: 'GBP',
    });
    const [checkout] = await t.db.select().from(checkouts).where(eq(checkouts.id, res.json().checkout_id));
    expect(checkout!.status).toBe('DECLINED');
  });

  it('stops at the offer when the store prices the product differently, charging nothing', async () => {
    const before = await t.db.select().from(checkouts).where(eq(checkouts.merchantId, a.merchantId));
    const res = await acpFlow(a, { payment_method: 'stripe', test_spt: 'spt_test_123', amount: 25 });
    expect(res.json()).toEqual({
      error:
        "The store prices TEST-PRODUCT-001 at GBP 19.99, not GBP 25.00. Nothing was charged; run the test with the store's price.",
      step: 'offer',
    });
    const after = await t.db.select().from(checkouts).where(eq(checkouts.merchantId, a.merchantId));
    expect(after).toHaveLength(before.length);
  });

  it('reports what the store or the merchant setup refuses, with the step', async () => {
    const unknown = await acpFlow(a, { payment_method: 'stripe', test_spt: 'spt_x', sku: 'NOPE-1' });
    expect(unknown.json()).toEqual({ error: 'Some items cannot be sold', step: 'offer' });
    const currency = await acpFlow(a, { payment_method: 'stripe', test_spt: 'spt_x', currency: 'USD' });
    expect(currency.json()).toMatchObject({ step: 'offer', error: expect.stringContaining('sells in GBP') });
    const bare = await newMerchant(t);
    const noStore = await acpFlow(bare, { payment_method: 'bitcoin' });
    expect(noStore.json()).toEqual({ error: 'This merchant has not connected a store yet.', step: 'offer' });
  });
});

describe('agent test, Bitcoin', () => {
  it('creates an invoice, then accepts the order once the invoice is simulated paid', async () => {
    const res = await acpFlow(a, { payment_method: 'bitcoin', sku: 'TEST-PRODUCT-001', amount: 19.99 });
    expect(res.statusCode, res.body).toBe(200);
    const invoice = res.json();
    expect(invoice).toEqual({
      status: 'PENDING_PAYMENT',
      requires_payment: true,
      checkout_id: expect.stringMatching(/^chk_/),
      amount: 2398,
      currency: 'GBP',
      invoice_id: expect.any(String),
      invoice_url: expect.stringMatching(/^lntb/),
      expires_at: expect.any(String),
      message: 'Pay the Lightning invoice for GBP 23.98, then confirm.',
    });

    const confirm = () =>
      acpFlow(a, { payment_method: 'bitcoin', confirm_only: true, checkout_id: invoice.checkout_id });
    expect((await confirm()).json()).toMatchObject({ status: 'PENDING_PAYMENT', requires_payment: true });

    const paid = await simulatePaid(a, { checkout_id: invoice.checkout_id, invoice_id: invoice.invoice_id });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ message: 'Payment simulated' });

    const accepted = (await confirm()).json();
    expect(accepted).toMatchObject({
      status: 'ACCEPTED',
      checkout_id: invoice.checkout_id,
      order_id: expect.any(String),
      woo_order_id: expect.any(String),
    });
    // Confirming again (a double click) reports the same acceptance.
    expect((await confirm()).json()).toMatchObject({
      status: 'ACCEPTED',
      order_id: accepted.order_id,
      woo_order_id: accepted.woo_order_id,
    });
  });

  it("never lets another merchant confirm or pay a merchant's test checkout", async () => {
    const invoice = (await acpFlow(a, { payment_method: 'bitcoin' })).json();
    const b = await newMerchant(t, { connect: true });
    const paid = await simulatePaid(b, { checkout_id: invoice.checkout_id, invoice_id: invoice.invoice_id });
    expect(paid.statusCode).toBe(404);
    expect(paid.json().error.message).toBe('This checkout has no OpenNode invoice with that id.');
    const confirm = await acpFlow(b, {
      payment_method: 'bitcoin',
      confirm_only: true,
      checkout_id: invoice.checkout_id,
    });
    // The same answer as for a checkout that does not exist.
    expect(confirm.json()).toEqual({
      error: 'Unknown checkout',
      step: 'confirm',
      checkout_id: invoice.checkout_id,
    });
    const wrongInvoice = await simulatePaid(a, {
      checkout_id: invoice.checkout_id,
      invoice_id: 'not-this-one',
    });
    expect(wrongInvoice.statusCode).toBe(404);
    const [checkout] = await t.db.select().from(checkouts).where(eq(checkouts.id, invoice.checkout_id));
    expect(checkout!.status).toBe('PENDING_PAYMENT');
  });
});

describe('agent test validation', () => {
  const fieldError = async (body: object) => {
    const res = await acpFlow(a, body);
    expect(res.statusCode, res.body).toBe(400);
    return res.json().error as { message: string; fieldErrors: Record<string, string> };
  };

  it('names what is missing or malformed: an spt_ token, the SKU and the amount', async () => {
    expect((await fieldError({ payment_method: 'stripe' })).fieldErrors).toEqual({
      test_spt: AGENT_TEST_MESSAGES.sptFormat,
    });
    expect((await fieldError({ payment_method: 'stripe', test_spt: 'tok_123' })).message).toBe(
      'Please enter a valid test SPT token (format: spt_...)',
    );
    expect((await fieldError({ payment_method: 'bitcoin', sku: '  ' })).message).toBe(
      'Please fill in test SKU and amount',
    );
    expect((await fieldError({ payment_method: 'bitcoin', amount: 0 })).message).toBe(
      'Please fill in test SKU and amount',
    );
    expect((await fieldError({ payment_method: 'bitcoin', amount: 19.999 })).fieldErrors).toEqual({
      amount: AGENT_TEST_MESSAGES.amountDecimals,
    });
    expect((await fieldError({ payment_method: 'bitcoin', currency: 'GBPX' })).fieldErrors).toEqual({
      currency: AGENT_TEST_MESSAGES.currency,
    });
    expect((await fieldError({ payment_method: 'paypal' })).fieldErrors).toEqual({
      payment_method: AGENT_TEST_MESSAGES.paymentMethod,
    });
    expect((await fieldError({ payment_method: 'bitcoin', confirm_only: true })).fieldErrors).toEqual({
      checkout_id: AGENT_TEST_MESSAGES.checkoutId,
    });
    const simulate = await simulatePaid(a, { checkout_id: '' });
    expect(simulate.statusCode).toBe(400);
  });

  it('needs a signed-in merchant', async () => {
    for (const url of ['/api/agent-tests/acp-flow', '/api/agent-tests/simulate-opennode-paid']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: {},
      });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('live mode', () => {
  it('refuses to simulate a payment', async () => {
    const live = await createLiveTestApp({ jobs: false });
    try {
      const merchant = await newMerchant(live);
      const res = await dashboardRequest(
        live,
        merchant.cookie,
        'POST',
        '/api/agent-tests/simulate-opennode-paid',
        {
          checkout_id: 'chk_1',
          invoice_id: 'inv_1',
        },
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(
        'Simulating a payment is only possible in sandbox mode; in live mode the invoice must really be paid.',
      );
    } finally {
      await live.close();
    }
  });
});
