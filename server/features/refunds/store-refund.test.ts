import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRefundOutput } from '#common/api/refunds';
import {
  WOOCOMMERCE_SANDBOX_CONSUMER_KEY,
  WOOCOMMERCE_SANDBOX_CONSUMER_SECRET,
} from '#sandbox/stores/woocommerce/simulator';
import { orders, payments, refunds } from '../../db/schema/index';
import { REFUND_META_KEY } from '../../integrations/stores/woocommerce/refunds';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import {
  agentCheckout,
  agentRequest,
  dashboardRequest,
  mintSharedPaymentToken,
  newMerchant,
  simControl,
  type TestMerchant,
} from '../../test/merchant-kit';
import { writeStoreRefund } from './store-refund';

/**
 * The store is told of refunds (ADR 052): a succeeded refund lands on the WooCommerce order as
 * WooCommerce records one (`api_refund: false`, its lines, the restock choice, our id in its meta),
 * once, whether the store is down when the refund is made or an earlier attempt's answer was lost.
 */
let t: TestApp;
let merchant: TestMerchant & { apiKey: string };
const POLL = { timeout: 60_000, interval: 250 };

beforeAll(async () => {
  t = await createTestApp();
  merchant = await newMerchant(t, { connect: true, apiKey: true });
});
afterAll(() => t.close());

type Json = Record<string, unknown>;

/** WooCommerce's REST API on the simulator, as the adapter reaches it. */
async function woo(path: string): Promise<unknown> {
  const auth = Buffer.from(`${WOOCOMMERCE_SANDBOX_CONSUMER_KEY}:${WOOCOMMERCE_SANDBOX_CONSUMER_SECRET}`);
  const res = await fetch(`${t.simulators!.simulators.woocommerce.baseUrl}/wp-json/wc/v3/${path}`, {
    headers: {
      authorization: `Basic ${auth.toString('base64')}`,
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'demo.woocommerce.sandbox',
    },
  });
  expect(res.status, path).toBe(200);
  return res.json();
}
const storeRefundsOf = async (storeOrderId: string) =>
  (await woo(`orders/${storeOrderId}/refunds`)) as Json[];
const stockOf = async (sku: string) =>
  ((await woo(`products?sku=${sku}`)) as Json[])[0]!.stock_quantity as number;

/** A card sale of two TEST-PRODUCT-001 (19.99 each), its order written to the store. */
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
  const [payment] = await t.db.select().from(payments).where(eq(payments.checkoutId, checkoutId));
  await expect
    .poll(
      async () =>
        (await t.db.select().from(orders).where(eq(orders.checkoutId, checkoutId)))[0]?.storeOrderId,
      POLL,
    )
    .toBeTruthy();
  const [order] = await t.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
  return { payment: payment!, storeOrderId: order!.storeOrderId! };
}

async function refund(paymentId: string, body: object) {
  const res = await dashboardRequest(t, merchant.cookie, 'POST', `/api/payments/${paymentId}/refunds`, body);
  expect(res.statusCode, res.body).toBe(201);
  return createRefundOutput.parse(res.json()).refund;
}
const rowOf = async (id: string) => (await t.db.select().from(refunds).where(eq(refunds.id, id)))[0]!;

describe('the store told of a refund', () => {
  it('records a line-item refund on the WooCommerce order with api_refund false and the restock choice', async () => {
    const { payment, storeOrderId } = await paidOrder();
    const stockBefore = await stockOf('TEST-PRODUCT-001');
    const made = await refund(payment.id, {
      reason: 'requested_by_customer',
      line_items: [{ sku: 'TEST-PRODUCT-001', quantity: 1 }],
      restock: true,
    });
    expect(made.status).toBe('succeeded');
    await expect.poll(async () => (await rowOf(made.id)).storeRefundId, POLL).toBeTruthy();

    const atStore = await storeRefundsOf(storeOrderId);
    expect(atStore).toHaveLength(1);
    expect(atStore[0]).toMatchObject({
      id: Number((await rowOf(made.id)).storeRefundId),
      amount: '19.99',
      api_refund: false,
      api_restock: true,
      refunded_payment: false,
      reason: `Requested by the customer (AgentCart refund ${made.id})`,
      meta_data: [expect.objectContaining({ key: REFUND_META_KEY, value: made.id })],
      line_items: [expect.objectContaining({ sku: 'TEST-PRODUCT-001', quantity: -1, total: '-19.99' })],
    });
    expect(await stockOf('TEST-PRODUCT-001')).toBe(stockBefore + 1);
    expect((await rowOf(made.id)).storeWriteError).toBeNull();
  });

  it('keeps trying a store that is down, and tells it once when it is back', async () => {
    const { payment, storeOrderId } = await paidOrder();
    await simControl(t, 'woocommerce', 'down');
    let made;
    try {
      made = await refund(payment.id, { reason: 'duplicate', amount: 500 });
      expect(made.status).toBe('succeeded');
      // The queued write fails against the down store, and says why.
      await expect
        .poll(async () => (await rowOf(made!.id)).storeWriteAttempts, POLL)
        .toBeGreaterThanOrEqual(1);
      await expect.poll(async () => (await rowOf(made!.id)).storeWriteError, POLL).toBeTruthy();
      expect((await rowOf(made.id)).storeRefundId).toBeNull();
    } finally {
      await simControl(t, 'woocommerce', 'up');
    }
    await expect.poll(async () => (await rowOf(made.id)).storeRefundId, POLL).toBeTruthy();
    const atStore = await storeRefundsOf(storeOrderId);
    expect(atStore.map((r) => r.amount)).toEqual(['5.00']);
    expect(atStore[0]!.api_restock).toBe(false);
    expect((await rowOf(made.id)).storeWriteError).toBeNull();
  });

  it('finds the refund an attempt whose answer was lost wrote, rather than refunding the store twice', async () => {
    const { payment, storeOrderId } = await paidOrder();
    const made = await refund(payment.id, { reason: 'other', amount: 300 });
    await expect.poll(async () => (await rowOf(made.id)).storeRefundId, POLL).toBeTruthy();
    const written = (await rowOf(made.id)).storeRefundId;
    // As if the store's answer never came back: the store holds the refund, the ledger does not know.
    await t.db
      .update(refunds)
      .set({ storeRefundId: null, storeWriteLeaseUntil: null })
      .where(eq(refunds.id, made.id));
    expect(await writeStoreRefund(t.services.engine, made.id)).toBe(written);
    expect(await storeRefundsOf(storeOrderId)).toHaveLength(1);
    // Recorded, it is never sent again.
    expect(await writeStoreRefund(t.services.engine, made.id)).toBeNull();
    expect(await storeRefundsOf(storeOrderId)).toHaveLength(1);
  });
});
