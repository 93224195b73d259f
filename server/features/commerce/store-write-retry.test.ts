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
  // The queued job fails against the down store at least once before the store returns.
  await new Promise((r) => setTimeout(r, 1_500));
  await simControl(t, 'woocommerce', 'up');

  let order;
  // pg-boss retries with exponential backoff from 5 s; allow a busy machine up to a minute.
  for (let i = 0; i < 120; i++) {
    [order] = await t.db.select().from(orders).where(eq(orders.checkoutId, checkout.checkout_id));
    if (order?.storeOrderId) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  expect(order!.storeOrderId).toBeTruthy();
  expect(order!.storeWriteAttempts).toBeGreaterThanOrEqual(2);
  expect(order!.status).toBe('ACCEPTED');
}, 90_000);
