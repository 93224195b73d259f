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

/** Short, so a slow store costs seconds here; production keeps 10 s. */
const STORE_TIMEOUT_MS = 2_000;

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
    .poll(async () => (await orderOf(checkoutId)).storeWriteAttempts, { timeout: 30_000, interval: 200 })
    .toBeGreaterThanOrEqual(2);
  await simControl(t, 'woocommerce', 'up');

  // The job retries every 5 s; allow a busy machine a good margin.
  await expect
    .poll(async () => (await orderOf(checkoutId)).storeOrderId, { timeout: 30_000, interval: 500 })
    .toBeTruthy();
  expect((await orderOf(checkoutId)).status).toBe('ACCEPTED');
  expect(await storeOrdersFor(checkoutId)).toHaveLength(1);
}, 90_000);

it('a slow store costs the agent one store timeout at most, and its order lands once it answers in time again', async () => {
  const checkoutId = await paidCheckout();

  // Slower than the timeout: every store call during confirm gives up, as when the store is down.
  await simControl(t, 'woocommerce', 'latency', { ms: STORE_TIMEOUT_MS * 2.5 });
  const started = Date.now();
  const confirm = await agentRequest(t, apiKey, 'POST', '/api/agent/confirm', { checkout_id: checkoutId });
  const confirmMs = Date.now() - started;
  expect(confirm.statusCode, confirm.body).toBe(200);
  expect(confirm.json()).toMatchObject({ status: 'ACCEPTED', adapter_ref: null });
  // Re-pricing and the first store write share one store timeout (each used to take one of its own).
  expect(confirmMs).toBeLessThan(STORE_TIMEOUT_MS * 1.75);

  // The queued job keeps trying while the store is slow, rather than leaving the order to reconciliation.
  await expect
    .poll(async () => (await orderOf(checkoutId)).storeWriteAttempts, { timeout: 30_000, interval: 200 })
    .toBeGreaterThanOrEqual(2);
  await simControl(t, 'woocommerce', 'latency', { ms: 0 });

  // Within seconds: the attempt in flight times out, and the next one comes 5 s later.
  await expect
    .poll(async () => (await orderOf(checkoutId)).storeOrderId, { timeout: 15_000, interval: 250 })
    .toBeTruthy();
  expect(await storeOrdersFor(checkoutId)).toHaveLength(1);
  const order = await agentRequest(t, apiKey, 'GET', `/api/agent/order/${(await orderOf(checkoutId)).id}`);
  expect(order.json()).toMatchObject({
    status: 'ACCEPTED',
    store_order_id: (await orderOf(checkoutId)).storeOrderId,
  });
}, 90_000);
