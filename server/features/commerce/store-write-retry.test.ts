import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orders } from '../../db/schema/index';
import { CHECKOUT_META_KEY } from '../../integrations/stores/woocommerce/mapping';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import {
  agentCheckout,
  agentRequest,
  demoMerchantApiKey,
  mintSharedPaymentToken,
  simControl,
} from '../../test/merchant-kit';

/**
 * Short, so a slow store costs seconds here; production keeps 10 s. Long enough that the confirm's own
 * work fits in one more of it on a busy machine (see the slow store's test).
 */
const STORE_TIMEOUT_MS = 4_000;

let t: TestApp;
let apiKey: string;
beforeAll(async () => {
  t = await createTestApp({ env: { PROVIDER_TIMEOUT_MS: String(STORE_TIMEOUT_MS) } });
  apiKey = await demoMerchantApiKey(t);
});
afterAll(() => t.close());

const orderOf = async (checkoutId: string) =>
  (await t.db.select().from(orders).where(eq(orders.checkoutId, checkoutId)))[0]!;

/** The orders the store simulator holds for one of our checkouts. */
async function storeOrdersFor(checkoutId: string) {
  const { orders: all } = (await simControl(t, 'woocommerce', 'orders')) as {
    orders: { id: number; meta_data: { key: string; value: unknown }[] }[];
  };
  return all.filter((o) => o.meta_data.some((m) => m.key === CHECKOUT_META_KEY && m.value === checkoutId));
}

async function paidCheckout() {
  const token = await mintSharedPaymentToken(t, 10_000);
  const { checkout } = await agentCheckout(t, apiKey, { method: 'stripe', shared_payment_token: token });
  return checkout.checkout_id as string;
}

it('retries the store write through the job queue until the store is back', async () => {
  const checkoutId = await paidCheckout();

  await simControl(t, 'woocommerce', 'down');
  const confirm = await agentRequest(t, apiKey, 'POST', '/api/agent/confirm', { checkout_id: checkoutId });
  expect(confirm.json()).toMatchObject({ status: 'ACCEPTED', adapter_ref: null });
  // The queued job fails against the down store at least once (after confirm's own attempt) before it returns.
  await expect
    .poll(async () => (await orderOf(checkoutId)).storeWriteAttempts, { interval: 200 })
    .toBeGreaterThanOrEqual(2);
  await simControl(t, 'woocommerce', 'up');

  // The job retries every 5 s.
  await expect.poll(async () => (await orderOf(checkoutId)).storeOrderId, { interval: 500 }).toBeTruthy();
  expect((await orderOf(checkoutId)).status).toBe('ACCEPTED');
  expect(await storeOrdersFor(checkoutId)).toHaveLength(1);
});

it('a slow store costs the agent one store timeout at most, and its order lands once it answers in time again', async () => {
  const checkoutId = await paidCheckout();

  // Slower than the timeout: every store call during confirm gives up, as when the store is down.
  await simControl(t, 'woocommerce', 'latency', { ms: STORE_TIMEOUT_MS * 2.5 });
  const started = Date.now();
  const confirm = await agentRequest(t, apiKey, 'POST', '/api/agent/confirm', { checkout_id: checkoutId });
  const confirmMs = Date.now() - started;
  expect(confirm.statusCode, confirm.body).toBe(200);
  expect(confirm.json()).toMatchObject({ status: 'ACCEPTED', adapter_ref: null });
  // Re-pricing and the first store write share one store timeout. Each used to take one of its own, and
  // two timers cannot fire sooner than two timeouts whatever the load: below that, they shared one, and
  // the rest is the confirm's own work, which a busy machine stretches.
  expect(confirmMs).toBeLessThan(STORE_TIMEOUT_MS * 2);

  // The queued job keeps trying while the store is slow, rather than leaving the order to reconciliation.
  await expect
    .poll(async () => (await orderOf(checkoutId)).storeWriteAttempts, { interval: 200 })
    .toBeGreaterThanOrEqual(2);
  await simControl(t, 'woocommerce', 'latency', { ms: 0 });

  // Within seconds on an idle machine: the attempt in flight times out, and the next one comes 5 s later.
  // The poll's ceiling (a minute) is below reconciliation's 5 minutes, the fallback this must not need.
  await expect.poll(async () => (await orderOf(checkoutId)).storeOrderId, { interval: 250 }).toBeTruthy();
  expect(await storeOrdersFor(checkoutId)).toHaveLength(1);
  const order = await agentRequest(t, apiKey, 'GET', `/api/agent/order/${(await orderOf(checkoutId)).id}`);
  expect(order.json()).toMatchObject({
    status: 'ACCEPTED',
    store_order_id: (await orderOf(checkoutId)).storeOrderId,
  });
});

it('a store that wrote the order but answered too late gets no second order on the retry', async () => {
  const checkoutId = await paidCheckout();

  // WooCommerce takes no idempotency key: the order is saved, but its answer outlives our timeout.
  await simControl(t, 'woocommerce', 'slow-answers', {
    ms: STORE_TIMEOUT_MS * 2,
    method: 'POST',
    path: '/wp-json/wc/v3/orders',
  });
  const confirm = await agentRequest(t, apiKey, 'POST', '/api/agent/confirm', { checkout_id: checkoutId });
  expect(confirm.json()).toMatchObject({ status: 'ACCEPTED', adapter_ref: null });

  // Whichever attempt's POST was held back (confirm's, or on a busy machine the job's first), the
  // next one finds the order the store wrote instead of writing another.
  await expect.poll(async () => (await orderOf(checkoutId)).storeOrderId, { interval: 250 }).toBeTruthy();
  const inStore = await storeOrdersFor(checkoutId);
  expect(inStore).toHaveLength(1);
  expect((await orderOf(checkoutId)).storeOrderId).toBe(String(inStore[0]!.id));
  expect((await orderOf(checkoutId)).storeWriteAttempts).toBeGreaterThanOrEqual(2);
});
