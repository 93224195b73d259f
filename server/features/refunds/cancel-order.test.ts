import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '#common/api/errors';
import { cancelOrderOutput } from '#common/api/orders';
import {
  WOOCOMMERCE_SANDBOX_CONSUMER_KEY,
  WOOCOMMERCE_SANDBOX_CONSUMER_SECRET,
} from '#sandbox/stores/woocommerce/simulator';
import { merchants, orders, payments, refunds } from '../../db/schema/index';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/create-test-app';
import {
  agentCheckout,
  agentRequest,
  dashboardRequest,
  mintSharedPaymentToken,
  newMerchant,
  simControl,
  type TestMerchant,
} from '../../test/merchant-kit';
import { refreshOrderFromStore } from '../commerce';
import { applyStoreCancellations, cancellationRefundKey } from './cancel-order';
import { writeStoreCancel } from './store-cancel';

/**
 * Order cancellations (ADR 056): the merchant cancels an order not yet fulfilled (one cancellation and
 * one full refund, even when two cancels race; the store told once), and an order the store cancels
 * follows the merchant's store-cancellation policy.
 */
let t: TestApp;
let baseUrl: string;
let merchant: TestMerchant & { apiKey: string };
let other: TestMerchant;
const POLL = { timeout: 60_000, interval: 250 };

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  merchant = await newMerchant(t, { connect: true, apiKey: true });
  other = await newMerchant(t);
});
afterAll(() => t.close());

/** WooCommerce's REST API on the simulator, as the adapter reaches it. */
async function wooOrder(storeOrderId: string, status?: string): Promise<Record<string, unknown>> {
  const auth = Buffer.from(`${WOOCOMMERCE_SANDBOX_CONSUMER_KEY}:${WOOCOMMERCE_SANDBOX_CONSUMER_SECRET}`);
  const res = await fetch(
    `${t.simulators!.simulators.woocommerce.baseUrl}/wp-json/wc/v3/orders/${storeOrderId}`,
    {
      method: status ? 'PUT' : 'GET',
      headers: {
        authorization: `Basic ${auth.toString('base64')}`,
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'demo.woocommerce.sandbox',
        ...(status ? { 'content-type': 'application/json' } : {}),
      },
      ...(status ? { body: JSON.stringify({ status }) } : {}),
    },
  );
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/** A card sale of two TEST-PRODUCT-001, its order written to the WooCommerce simulator. */
async function paidOrder() {
  const token = await mintSharedPaymentToken(t, 100_000);
  const { checkout } = await agentCheckout(
    t,
    merchant.apiKey,
    { method: 'stripe', shared_payment_token: token },
    [{ sku: 'TEST-PRODUCT-001', quantity: 2 }],
  );
  const confirm = await agentRequest(t, merchant.apiKey, 'POST', '/api/agent/confirm', {
    checkout_id: checkout.checkout_id,
  });
  expect(confirm.json().status, confirm.body).toBe('ACCEPTED');
  const checkoutId = checkout.checkout_id as string;
  await expect
    .poll(
      async () =>
        (await t.db.select().from(orders).where(eq(orders.checkoutId, checkoutId)))[0]?.storeOrderId,
      POLL,
    )
    .toBeTruthy();
  const [order] = await t.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
  const [payment] = await t.db.select().from(payments).where(eq(payments.checkoutId, checkoutId));
  return { order: order!, payment: payment! };
}

async function cancelOverHttp(orderId: string, body: object, idempotencyKey?: string) {
  const res = await fetch(`${baseUrl}/api/orders/${orderId}/cancel`, {
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

const refundsOfPayment = (paymentId: string) =>
  t.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('the merchant cancels an order', () => {
  it('refunds in full, marks the order cancelled and tells the store once', async () => {
    const { order, payment } = await paidOrder();
    const res = await cancelOverHttp(order.id, { reason: 'requested_by_customer' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = cancelOrderOutput.parse(res.body);
    expect(answer.order).toMatchObject({ id: order.id, status: 'CANCELLED', cancelled_by: 'merchant' });
    expect(answer.refund).toMatchObject({
      amount: payment.amountMinor,
      status: 'succeeded',
      reason: 'requested_by_customer',
    });
    const ledger = await refundsOfPayment(payment.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]!.idempotencyKey).toBe(cancellationRefundKey(order.id));
    // The store's order is cancelled by the queued write; a later write sends nothing again.
    await expect.poll(async () => (await orderRow(order.id)).storeCancelledAt, POLL).toBeTruthy();
    expect((await wooOrder(order.storeOrderId!)).status).toBe('cancelled');
    expect(await writeStoreCancel(t.services.engine, order.id)).toBe(false);
    expect((await orderRow(order.id)).storeCancelAttempts).toBe(1);
  });

  it('keeps telling a store that is down, and cancels its order once when it is back', async () => {
    const { order, payment } = await paidOrder();
    await simControl(t, 'woocommerce', 'down');
    try {
      const res = await cancelOverHttp(order.id, { reason: 'fraudulent' });
      expect(res.status).toBe(200);
      // The refund's store write fails and says why; the cancel waits for it, so nothing is cancelled yet.
      await expect
        .poll(async () => (await refundsOfPayment(payment.id))[0]?.storeWriteError, POLL)
        .toBeTruthy();
      expect((await orderRow(order.id)).storeCancelledAt).toBeNull();
    } finally {
      await simControl(t, 'woocommerce', 'up');
    }
    await expect.poll(async () => (await orderRow(order.id)).storeCancelledAt, POLL).toBeTruthy();
    expect((await wooOrder(order.storeOrderId!)).status).toBe('cancelled');
    expect((await orderRow(order.id)).storeCancelError).toBeNull();
    expect((await refundsOfPayment(payment.id))[0]?.storeRefundId).toBeTruthy();
  });

  it('lets one of two concurrent cancels through: one cancellation, one refund', async () => {
    const { order, payment } = await paidOrder();
    const answers = await Promise.all([
      cancelOverHttp(order.id, { reason: 'requested_by_customer' }),
      cancelOverHttp(order.id, { reason: 'requested_by_customer' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(apiErrorSchema.safeParse(refused.body).success).toBe(true);
    expect(await refundsOfPayment(payment.id)).toHaveLength(1);
    expect((await orderRow(order.id)).status).toBe('CANCELLED');
  });

  it('replays the first answer for the same Idempotency-Key', async () => {
    const { order, payment } = await paidOrder();
    const first = await cancelOverHttp(order.id, { reason: 'other' }, 'cancel-key-1');
    const again = await cancelOverHttp(order.id, { reason: 'other' }, 'cancel-key-1');
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await refundsOfPayment(payment.id)).toHaveLength(1);
    // The key with another request is refused, not run.
    const other = await cancelOverHttp(order.id, { reason: 'duplicate' }, 'cancel-key-1');
    expect(other.status).toBe(422);
    expect(apiErrorSchema.parse(other.body).error.message).toContain('a different cancellation request');
  });

  it('refuses a fulfilled order, another merchant, and bad input with the documented error shape', async () => {
    const { order, payment } = await paidOrder();
    await t.db.update(orders).set({ status: 'FULFILLED' }).where(eq(orders.id, order.id));
    const fulfilled = await cancelOverHttp(order.id, { reason: 'other' });
    expect(fulfilled.status).toBe(409);
    expect(fulfilled.body.error).toMatchObject({ message: expect.stringContaining('fulfilled') });
    await t.db.update(orders).set({ status: 'ACCEPTED' }).where(eq(orders.id, order.id));

    const foreign = await dashboardRequest(t, other.cookie, 'POST', `/api/orders/${order.id}/cancel`, {
      reason: 'other',
    });
    expect(foreign.statusCode).toBe(404);
    expect(apiErrorSchema.safeParse(foreign.json()).success).toBe(true);
    const bad = await dashboardRequest(t, merchant.cookie, 'POST', `/api/orders/${order.id}/cancel`, {
      reason: 'because',
    });
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.safeParse(bad.json()).success).toBe(true);
    expect((await orderRow(order.id)).status).toBe('ACCEPTED');
    expect(await refundsOfPayment(payment.id)).toHaveLength(0);
  });

  it('cancels a partly refunded order by refunding what remains', async () => {
    const { order, payment } = await paidOrder();
    const partial = await dashboardRequest(
      t,
      merchant.cookie,
      'POST',
      `/api/payments/${payment.id}/refunds`,
      {
        reason: 'other',
        amount: 500,
      },
    );
    expect(partial.statusCode, partial.body).toBe(201);
    const res = await cancelOverHttp(order.id, { reason: 'requested_by_customer' });
    expect(res.status).toBe(200);
    expect(cancelOrderOutput.parse(res.body).refund?.amount).toBe(payment.amountMinor - 500);
  });
});

describe('an order the store cancels', () => {
  async function cancelledInStore(policy: 'refund' | 'flag') {
    await t.db
      .update(merchants)
      .set({ storeCancellationPolicy: policy })
      .where(eq(merchants.id, merchant.merchantId));
    const { order, payment } = await paidOrder();
    // What the reconciliation records when the store says cancelled (commerce/refresh-order.ts).
    await t.db
      .update(orders)
      .set({ status: 'CANCELLED', cancelledBy: 'store', cancelledAt: new Date() })
      .where(eq(orders.id, order.id));
    await applyStoreCancellations(t.services.engine);
    return { order, payment };
  }

  it('is refunded in full when the policy says refund', async () => {
    const { order, payment } = await cancelledInStore('refund');
    expect((await orderRow(order.id)).storeCancellation).toBe('refunded');
    const ledger = await refundsOfPayment(payment.id);
    expect(ledger.map((r) => [r.amountMinor, r.status])).toEqual([[payment.amountMinor, 'succeeded']]);
    // Applied once: a second run finds nothing owed.
    expect(await applyStoreCancellations(t.services.engine)).toBe(0);
  });

  it('is flagged for the merchant by default, who then decides', async () => {
    const { order, payment } = await cancelledInStore('flag');
    expect((await orderRow(order.id)).storeCancellation).toBe('flagged');
    expect(await refundsOfPayment(payment.id)).toHaveLength(0);
    const decided = await dashboardRequest(
      t,
      merchant.cookie,
      'POST',
      `/api/orders/${order.id}/store-cancellation`,
      { decision: 'refund' },
    );
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().order.store_cancellation).toBe('refunded');
    expect(await refundsOfPayment(payment.id)).toHaveLength(1);
    const twice = await dashboardRequest(
      t,
      merchant.cookie,
      'POST',
      `/api/orders/${order.id}/store-cancellation`,
      { decision: 'refund' },
    );
    expect(twice.statusCode).toBe(409);
    expect(await refundsOfPayment(payment.id)).toHaveLength(1);
  });

  it('is found by the reconciliation when the store cancels, and flagged', async () => {
    await t.db
      .update(merchants)
      .set({ storeCancellationPolicy: 'flag' })
      .where(eq(merchants.id, merchant.merchantId));
    const { order, payment } = await paidOrder();
    await wooOrder(order.storeOrderId!, 'cancelled');
    const [owner] = await t.db.select().from(merchants).where(eq(merchants.id, merchant.merchantId));
    const refreshed = await refreshOrderFromStore(t.services.engine, owner!, order);
    expect(refreshed).toMatchObject({ status: 'CANCELLED', cancelledBy: 'store' });
    await applyStoreCancellations(t.services.engine);
    expect((await orderRow(order.id)).storeCancellation).toBe('flagged');
    expect(await refundsOfPayment(payment.id)).toHaveLength(0);
    const listed = await dashboardRequest(t, merchant.cookie, 'GET', '/api/payments?status=PAID&limit=100');
    const row = (listed.json().payments as { id: string; order: unknown }[]).find((p) => p.id === payment.id);
    expect(row?.order).toEqual({
      id: order.id,
      status: 'CANCELLED',
      cancelled_by: 'store',
      store_cancellation: 'flagged',
    });
  });

  it('leaves the merchant’s own cancellation as it is when the store reads otherwise', async () => {
    const { order } = await paidOrder();
    const res = await cancelOverHttp(order.id, { reason: 'other' });
    expect(res.status).toBe(200);
    const [owner] = await t.db.select().from(merchants).where(eq(merchants.id, merchant.merchantId));
    const cancelled = await orderRow(order.id);
    await wooOrder(order.storeOrderId!, 'processing');
    expect(await refreshOrderFromStore(t.services.engine, owner!, cancelled)).toMatchObject({
      status: 'CANCELLED',
      cancelledBy: 'merchant',
    });
  });

  it('exposes the policy in the settings API', async () => {
    const saved = await dashboardRequest(t, merchant.cookie, 'PUT', '/api/merchant/order-settings', {
      storeCancellationPolicy: 'refund',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().storeCancellationPolicy).toBe('refund');
    const bad = await dashboardRequest(t, merchant.cookie, 'PUT', '/api/merchant/order-settings', {
      storeCancellationPolicy: 'sometimes',
    });
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.safeParse(bad.json()).success).toBe(true);
  });
});
