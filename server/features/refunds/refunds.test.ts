import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '#common/api/errors';
import { createRefundOutput, paymentRefundsOutput } from '#common/api/refunds';
import { payments, refunds } from '../../db/schema/index';
import { deliverStripeEvent } from '../../test/stripe-events';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/create-test-app';
import { insertCheckout } from '../../test/checkout-rows';
import {
  agentCheckout,
  agentRequest,
  dashboardRequest,
  mintSharedPaymentToken,
  newMerchant,
  simControl,
  type TestMerchant,
} from '../../test/merchant-kit';
import { documentedErrorShape } from '../../test/error-shapes';
import { sendUnsentRefunds } from './jobs';
import { MONEY_WRITE_LIMIT } from './routes';

let t: TestApp;
let baseUrl: string;
let merchant: TestMerchant & { apiKey: string };
let other: TestMerchant;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  merchant = await newMerchant(t, { connect: true, apiKey: true });
  other = await newMerchant(t);
});
afterAll(() => t.close());

/** A card sale paid through the Stripe simulator: two of TEST-PRODUCT-001 unless given. */
async function paidCardPayment(quantity = 2) {
  const token = await mintSharedPaymentToken(t, 100_000);
  const { checkout } = await agentCheckout(
    t,
    merchant.apiKey,
    { method: 'stripe', shared_payment_token: token },
    [{ sku: 'TEST-PRODUCT-001', quantity }],
  );
  const confirm = await agentRequest(t, merchant.apiKey, 'POST', '/api/agent/confirm', {
    checkout_id: checkout.checkout_id,
  });
  expect(confirm.json().status, confirm.body).toBe('ACCEPTED');
  const [payment] = await t.db
    .select()
    .from(payments)
    .where(eq(payments.checkoutId, checkout.checkout_id as string));
  return payment!;
}

/** A real HTTP request, as the dashboard's browser sends it. */
async function refundOverHttp(paymentId: string, body: object, idempotencyKey?: string) {
  const res = await fetch(`${baseUrl}/api/payments/${paymentId}/refunds`, {
    method: 'POST',
    headers: {
      cookie: merchant.cookie,
      origin: TEST_ORIGIN,
      'content-type': 'application/json',
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

const refundsOf = async (paymentId: string, who: TestMerchant = merchant) =>
  dashboardRequest(t, who.cookie, 'GET', `/api/payments/${paymentId}/refunds`);

/** The refunds the Stripe simulator holds on a PaymentIntent. */
async function stripeRefundsOn(paymentIntent: string) {
  const res = await fetch(
    `${t.simulators!.simulators.stripe.baseUrl}/v1/refunds?payment_intent=${paymentIntent}`,
    { headers: { authorization: `Bearer ${t.simulators!.credentials.stripe.secretKey}` } },
  );
  return ((await res.json()) as { data: { id: string; amount: number; metadata: Record<string, string> }[] })
    .data;
}

describe('merchant refunds of a card payment', () => {
  it('refunds the whole payment on Stripe and records the refund with the provider id', async () => {
    const payment = await paidCardPayment();
    const res = await refundOverHttp(payment.id, { reason: 'requested_by_customer' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { refund, refundable } = createRefundOutput.parse(res.body);
    expect(refund).toMatchObject({
      payment_id: payment.id,
      rail: 'card',
      amount: payment.amountMinor,
      currency: payment.currency,
      status: 'succeeded',
      origin: 'merchant_app',
      line_items: null,
      provider_refund_id: expect.stringMatching(/^re_/),
    });
    expect(refundable).toEqual({
      paid: payment.amountMinor,
      refunded: payment.amountMinor,
      pending: 0,
      remaining: 0,
      currency: payment.currency,
    });
    const atStripe = await stripeRefundsOn(payment.providerInvoiceId!);
    expect(atStripe).toEqual([
      expect.objectContaining({
        id: refund.provider_refund_id,
        amount: payment.amountMinor,
        metadata: { agentcart_refund_id: refund.id },
      }),
    ]);

    const again = await refundOverHttp(payment.id, { reason: 'duplicate', amount: 1 });
    expect(again.status).toBe(409);
    expect(apiErrorSchema.parse(again.body).error.message).toBe(
      'This payment has been refunded in full already.',
    );
  });

  it('refunds part by amount, then by line items, and lists both with the remainder', async () => {
    const payment = await paidCardPayment(2);
    const partial = await refundOverHttp(payment.id, { reason: 'other', amount: 100 });
    expect(partial.status, JSON.stringify(partial.body)).toBe(201);

    const byItem = await refundOverHttp(payment.id, {
      reason: 'requested_by_customer',
      line_items: [{ sku: 'TEST-PRODUCT-001', quantity: 1 }],
      restock: true,
    });
    expect(byItem.status, JSON.stringify(byItem.body)).toBe(201);
    const lineRefund = createRefundOutput.parse(byItem.body).refund;
    const unitPrice = lineRefund.amount;
    expect(lineRefund).toMatchObject({
      restock: true,
      line_items: [{ sku: 'TEST-PRODUCT-001', quantity: 1, amount: unitPrice }],
    });

    const listed = paymentRefundsOutput.parse((await refundsOf(payment.id)).json());
    expect(listed.refunds.map((r) => [r.amount, r.status])).toEqual([
      [100, 'succeeded'],
      [unitPrice, 'succeeded'],
    ]);
    expect(listed.refundable).toMatchObject({
      refunded: 100 + unitPrice,
      remaining: payment.amountMinor - 100 - unitPrice,
    });
    // The order's lines, for the dialog's refund by items: one of the two is given back already.
    expect(listed.rail).toBe('card');
    expect(listed.items).toEqual([
      {
        sku: 'TEST-PRODUCT-001',
        name: expect.any(String),
        quantity: 2,
        unit_amount: unitPrice,
        refundable_quantity: 1,
      },
    ]);
    // The payments list and the payment's detail show the same.
    const shown = { refunded: 100 + unitPrice, refundable: payment.amountMinor - 100 - unitPrice };
    const detail = await dashboardRequest(t, merchant.cookie, 'GET', `/api/payments/${payment.id}`);
    expect(detail.json().payment).toMatchObject(shown);
    const page = await dashboardRequest(t, merchant.cookie, 'GET', '/api/payments?limit=100');
    expect(page.json().payments.find((p: { id: string }) => p.id === payment.id)).toMatchObject(shown);

    // One of the two items is left, and only one.
    const tooMany = await refundOverHttp(payment.id, {
      reason: 'other',
      line_items: [{ sku: 'TEST-PRODUCT-001', quantity: 2 }],
    });
    expect(tooMany.status).toBe(422);
    expect(apiErrorSchema.parse(tooMany.body).error.fieldErrors).toEqual({
      'line_items.0.quantity': 'At most 1 of this item',
    });
  });

  it('lets exactly one of two concurrent refunds through when together they exceed the remainder', async () => {
    const payment = await paidCardPayment();
    const most = Math.ceil(payment.amountMinor * 0.6);
    const answers = await Promise.all([
      refundOverHttp(payment.id, { reason: 'duplicate', amount: most }),
      refundOverHttp(payment.id, { reason: 'duplicate', amount: most }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const refused = apiErrorSchema.parse(answers.find((a) => a.status === 409)!.body);
    expect(refused.error.code).toBe('conflict');
    expect(refused.error.message).toMatch(/still refundable on this payment\.$/);

    const rows = await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(rows.map((r) => [r.amountMinor, r.status])).toEqual([[most, 'succeeded']]);
    expect((await stripeRefundsOn(payment.providerInvoiceId!)).map((r) => r.amount)).toEqual([most]);
  });

  it('answers a replayed Idempotency-Key with the first answer and refunds once', async () => {
    const payment = await paidCardPayment();
    const key = `refund-${payment.id}`;
    const [first, second] = await Promise.all([
      refundOverHttp(payment.id, { reason: 'fraudulent', amount: 50 }, key),
      refundOverHttp(payment.id, { reason: 'fraudulent', amount: 50 }, key),
    ]);
    // One ran; the other either waited and replayed it or was told it is still running.
    const statuses = [first.status, second.status].sort();
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    const replay = await refundOverHttp(payment.id, { reason: 'fraudulent', amount: 50 }, key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual([first, second].find((a) => a.status === 201)!.body);

    const rows = await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.idempotencyKey).toBe(key);
    expect(await stripeRefundsOn(payment.providerInvoiceId!)).toHaveLength(1);

    const changed = await refundOverHttp(payment.id, { reason: 'fraudulent', amount: 60 }, key);
    expect(changed.status).toBe(422);
    expect(apiErrorSchema.parse(changed.body).error.code).toBe('unprocessable');
    expect(apiErrorSchema.parse(changed.body).error.message).toContain('a different refund request');
  });

  it('records a refund Stripe refuses as failed, with its reason, and releases its amount', async () => {
    const payment = await paidCardPayment();
    // Refunded on Stripe behind AgentCart's back: Stripe now refuses any more.
    const direct = await fetch(`${t.simulators!.simulators.stripe.baseUrl}/v1/refunds`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${t.simulators!.credentials.stripe.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ payment_intent: payment.providerInvoiceId! }),
    });
    expect(direct.status).toBe(200);

    const res = await refundOverHttp(payment.id, { reason: 'other', amount: 100 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { refund, refundable } = createRefundOutput.parse(res.body);
    expect(refund).toMatchObject({ status: 'failed', provider_refund_id: null });
    expect(refund.failure_reason).toMatch(/already been refunded/);
    expect(refundable).toMatchObject({ refunded: 0, pending: 0, remaining: payment.amountMinor });
  });
});

describe('refund requests refused', () => {
  it("answers another merchant's payment as not found and refunds nothing", async () => {
    const payment = await paidCardPayment(1);
    const foreign = await dashboardRequest(t, other.cookie, 'POST', `/api/payments/${payment.id}/refunds`, {
      reason: 'other',
    });
    expect(foreign.statusCode).toBe(404);
    expect(apiErrorSchema.parse(foreign.json()).error.code).toBe('not_found');
    expect((await refundsOf(payment.id, other)).statusCode).toBe(404);
    expect(await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toEqual([]);
  });

  it('refuses a payment that was not paid', async () => {
    const { checkoutId } = await insertCheckout(t, merchant.merchantId, {
      createdAt: new Date(),
      payment: { method: 'stripe_spt', status: 'failed', invoiceId: 'pi_failed' },
    });
    const [payment] = await t.db.select().from(payments).where(eq(payments.checkoutId, checkoutId));
    const res = await dashboardRequest(t, merchant.cookie, 'POST', `/api/payments/${payment!.id}/refunds`, {
      reason: 'other',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('Only a paid payment can be refunded.');
  });

  it("refuses a Lightning refund whose sats cannot be known (the payment's rate was purged)", async () => {
    const { checkoutId } = await insertCheckout(t, merchant.merchantId, {
      createdAt: new Date(),
      payment: { method: 'btc_opennode', status: 'succeeded', invoiceId: 'inv_paid' },
    });
    const [payment] = await t.db.select().from(payments).where(eq(payments.checkoutId, checkoutId));
    const res = await dashboardRequest(t, merchant.cookie, 'POST', `/api/payments/${payment!.id}/refunds`, {
      reason: 'other',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(
      'The exchange rate of this payment is no longer known, so its refund cannot be paid in sats. Refund the buyer outside AgentCart.',
    );
    expect(await t.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id))).toEqual([]);
  });

  it.each([
    [{}, 'reason'],
    [{ reason: 'changed_mind' }, 'reason'],
    [{ reason: 'other', amount: 0 }, 'amount'],
    [{ reason: 'other', amount: 1.5 }, 'amount'],
    [{ reason: 'other', amount: 1, line_items: [{ sku: 'X', quantity: 1 }] }, 'amount'],
    [{ reason: 'other', line_items: [] }, 'line_items'],
  ])('answers %j with a 400 naming %s', async (body, field) => {
    const payment = await paidCardPayment(1);
    const res = await dashboardRequest(
      t,
      merchant.cookie,
      'POST',
      `/api/payments/${payment.id}/refunds`,
      body,
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(apiErrorSchema.parse(res.json()).error.fieldErrors ?? {})).toContain(field);
  });
});

describe('the routes that move money', () => {
  it.each([
    ['a refund', '203.0.113.91', (id: string) => `/api/payments/${id}/refunds`, { reason: 'other' }],
    ['a cancellation', '203.0.113.92', (id: string) => `/api/orders/${id}/cancel`, { reason: 'other' }],
    [
      'a store-cancellation decision',
      '203.0.113.93',
      (id: string) => `/api/orders/${id}/store-cancellation`,
      { decision: 'keep' },
    ],
  ])(
    'limit %s to 30 a minute per address (%s), in the documented shape, without holding back another',
    async (_what, flooder, path, body) => {
      const { max } = MONEY_WRITE_LIMIT.rateLimit;
      // Nobody's payment or order: each request is a 404 until the limit answers instead.
      const url = path(randomUUID());
      const send = (remoteAddress: string) =>
        t.app.inject({
          method: 'POST',
          url,
          headers: { cookie: merchant.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
          payload: body,
          remoteAddress,
        });
      for (let i = 0; i < max; i++) expect((await send(flooder)).statusCode).toBe(404);
      const limited = await send(flooder);
      expect(limited.statusCode).toBe(429);
      expect(documentedErrorShape(url).safeParse(limited.json()).success, limited.body).toBe(true);
      expect((await send('198.51.100.23')).statusCode).toBe(404);
    },
  );
});

/** A Stripe event about a payment, as the merchant's account sends it, signed (only its payment is read). */
const tellOfRefund = (type: string, paymentIntent: string) =>
  deliverStripeEvent(t, merchant.merchantId, {
    id: `evt_${type}`,
    type,
    data: { object: { object: 'charge', payment_intent: paymentIntent } },
  });

const stripeRefundDirectly = (paymentIntent: string, amount: number) =>
  fetch(`${t.simulators!.simulators.stripe.baseUrl}/v1/refunds`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${t.simulators!.credentials.stripe.secretKey}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ payment_intent: paymentIntent, amount: String(amount), reason: 'duplicate' }),
  }).then((res) => res.json() as Promise<{ id: string }>);

describe('refunds Stripe tells us of', () => {
  it('records a refund made in the Stripe dashboard once, however often Stripe tells', async () => {
    const payment = await paidCardPayment();
    const made = await stripeRefundDirectly(payment.providerInvoiceId!, 300);
    for (const type of ['refund.created', 'charge.refunded', 'charge.refunded']) {
      const res = await tellOfRefund(type, payment.providerInvoiceId!);
      expect(res.json()).toEqual({ received: true });
    }
    const listed = paymentRefundsOutput.parse((await refundsOf(payment.id)).json());
    expect(listed.refunds).toEqual([
      expect.objectContaining({
        amount: 300,
        status: 'succeeded',
        origin: 'provider_dashboard',
        reason: 'duplicate',
        provider_refund_id: made.id,
      }),
    ]);
    expect(listed.refundable.remaining).toBe(payment.amountMinor - 300);
  });

  it('does not double a refund we made when its own webhook comes', async () => {
    const payment = await paidCardPayment();
    const res = await refundOverHttp(payment.id, { reason: 'other', amount: 200 });
    expect(res.status).toBe(201);
    await tellOfRefund('charge.refunded', payment.providerInvoiceId!);
    const rows = await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(rows.map((r) => [r.amountMinor, r.origin, r.status])).toEqual([
      [200, 'merchant_app', 'succeeded'],
    ]);
  });

  it('follows a pending refund to failed when the bank refuses it, releasing its amount', async () => {
    const payment = await paidCardPayment();
    await simControl(t, 'stripe', 'refunds/next', { status: 'pending' });
    const res = await refundOverHttp(payment.id, { reason: 'other', amount: 400 });
    const { refund, refundable } = createRefundOutput.parse(res.body);
    expect(refund).toMatchObject({ status: 'pending', provider_refund_id: expect.stringMatching(/^re_/) });
    expect(refundable).toMatchObject({ pending: 400, remaining: payment.amountMinor - 400 });

    await simControl(t, 'stripe', `refunds/${refund.provider_refund_id}/settle`, {
      outcome: 'failed',
      failure_reason: 'expired_or_canceled_card',
    });
    await tellOfRefund('refund.failed', payment.providerInvoiceId!);
    const listed = paymentRefundsOutput.parse((await refundsOf(payment.id)).json());
    expect(listed.refunds).toEqual([
      expect.objectContaining({ status: 'failed', failure_reason: 'expired_or_canceled_card' }),
    ]);
    expect(listed.refundable).toMatchObject({ pending: 0, remaining: payment.amountMinor });
  });

  it('acknowledges events about no payment of the merchant, and refuses what is not an event', async () => {
    expect((await tellOfRefund('charge.refunded', 'pi_unknown')).json()).toEqual({ received: true });
    const junk = await deliverStripeEvent(t, merchant.merchantId, { nothing: true } as never);
    expect(junk.statusCode).toBe(400);
    expect(junk.json()).toEqual({ received: false, error: 'Not a Stripe event' });
  });
});

describe('a refund Stripe could not be asked for', () => {
  it('stays pending, holding its amount, until the job sends it with the same key', async () => {
    const payment = await paidCardPayment();
    await simControl(t, 'stripe', 'down');
    let res;
    try {
      res = await refundOverHttp(payment.id, { reason: 'other', amount: 250 });
    } finally {
      await simControl(t, 'stripe', 'up');
    }
    const { refund, refundable } = createRefundOutput.parse(res.body);
    expect(refund).toMatchObject({ status: 'pending', provider_refund_id: null });
    expect(refundable).toMatchObject({ pending: 250, remaining: payment.amountMinor - 250 });

    // Unsent for longer than a request could still be sending it.
    await t.db
      .update(refunds)
      .set({ updatedAt: new Date(Date.now() - 120_000) })
      .where(eq(refunds.id, refund.id));
    await sendUnsentRefunds(t.services.engine);
    const [sent] = await t.db.select().from(refunds).where(eq(refunds.id, refund.id));
    expect(sent).toMatchObject({ status: 'succeeded', providerRefundId: expect.stringMatching(/^re_/) });
    expect((await stripeRefundsOn(payment.providerInvoiceId!)).map((r) => r.amount)).toEqual([250]);
  });
});
