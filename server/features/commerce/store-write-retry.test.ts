import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orders } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import {
  agentCheckout,
  agentRequest,
  demoMerchantApiKey,
  mintSharedPaymentToken,
  simControl,
} from '../../test/merchant-kit';

let t: TestApp;
let apiKey: string;
beforeAll(async () => {
  t = await createTestApp();
  apiKey = await demoMerchantApiKey(t);
});
afterAll(() => t.close());

it('retries the store write through the job queue until the store is back', async () => {
  const token = await mintSharedPaymentToken(t, 10_000);
  const { checkout } = await agentCheckout(t, apiKey, { method: 'stripe', shared_payment_token: token });

  await simControl(t, 'woocommerce', 'down');
  const confirm = await agentRequest(t, apiKey, 'POST', '/api/agent/confirm', {
    checkout_id: checkout.checkout_id,
  });
  expect(confirm.json()).toMatchObject({ status: 'ACCEPTED', adapter_ref: null });
  const order = async () =>
    (await t.db.select().from(orders).where(eq(orders.checkoutId, checkout.checkout_id)))[0]!;
  // The queued job fails against the down store at least once (after confirm's own attempt) before it returns.
  await expect
    .poll(async () => (await order()).storeWriteAttempts, { timeout: 30_000, interval: 200 })
    .toBeGreaterThanOrEqual(2);
  await simControl(t, 'woocommerce', 'up');

  // pg-boss retries with exponential backoff from 5 s; allow a busy machine up to a minute.
  await expect
    .poll(async () => (await order()).storeOrderId, { timeout: 60_000, interval: 500 })
    .toBeTruthy();
  expect((await order()).status).toBe('ACCEPTED');
}, 90_000);
