import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orders } from '../../db/schema/index';
import { ensureDemoMerchant } from '../../db/seed/demo-merchant';
import { createTestApp, type TestApp } from '../../test/create-test-app';

let t: TestApp;
let apiKey: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ apiKey } = await ensureDemoMerchant({ ...t, simulators: t.simulators! }));
});
afterAll(() => t.close());

const agent = (url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    payload,
  });
const control = (id: 'stripe' | 'woocommerce', path: string, body: object = {}) =>
  fetch(`${t.simulators!.simulators[id].baseUrl}/__sim/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.json());

it('retries the store write through the job queue until the store is back', async () => {
  const offer = (
    await agent('/api/agent/offer', {
      items: [{ sku: 'TEST-PRODUCT-001', quantity: 1 }],
      shipping_to: { country: 'GB', postcode: 'M1' },
    })
  ).json();
  const { id: token } = await control('stripe', 'granted_tokens', { currency: 'gbp', max_amount: 10_000 });
  const buyer = {
    name: 'Alan Turing',
    email: 'alan@example.com',
    address: { line1: '1 Bletchley Rd', city: 'Milton Keynes', postcode: 'MK3 6EB', country: 'GB' },
  };
  const checkout = (
    await agent('/api/agent/checkout', {
      offer_id: offer.offer_id,
      buyer,
      payment: { method: 'stripe', shared_payment_token: token },
    })
  ).json();

  await control('woocommerce', 'down');
  const confirm = await agent('/api/agent/confirm', { checkout_id: checkout.checkout_id });
  expect(confirm.json()).toMatchObject({ status: 'ACCEPTED', adapter_ref: null });
  // The queued job fails against the down store at least once before the store returns.
  await new Promise((r) => setTimeout(r, 1_500));
  await control('woocommerce', 'up');

  let order;
  for (let i = 0; i < 60; i++) {
    [order] = await t.db.select().from(orders).where(eq(orders.checkoutId, checkout.checkout_id));
    if (order?.storeOrderId) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  expect(order!.storeOrderId).toBeTruthy();
  expect(order!.storeWriteAttempts).toBeGreaterThanOrEqual(2);
  expect(order!.status).toBe('ACCEPTED');
}, 60_000);
