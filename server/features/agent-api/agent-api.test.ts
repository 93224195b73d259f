import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, offers, orders, payments } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import {
  agentRequest,
  dashboardRequest,
  demoMerchantApiKey,
  mintSharedPaymentToken,
  newMerchant,
  sampleBuyer,
  simControl,
} from '../../test/merchant-kit';
import { reconcileOrders } from '../commerce/jobs';
import { writeStoreOrder } from '../commerce/write-store-order';

let t: TestApp;
let apiKey: string;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  apiKey = await demoMerchantApiKey(t);
});
afterAll(() => t.close());

async function offer(items = [{ sku: 'TEST-PRODUCT-001', quantity: 2 }], key = apiKey) {
  const res = await agentRequest(t, key, 'POST', '/api/agent/offer', {
    items,
    shipping_to: { country: 'GB', postcode: 'N1 9GU' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function cardCheckout(o: { offer_id: string; total: number }, token: string, key = apiKey) {
  const res = await agentRequest(t, key, 'POST', '/api/agent/checkout', {
    offer_id: o.offer_id,
    shipping_option_id: 'standard',
    buyer: sampleBuyer,
    payment: { method: 'stripe', shared_payment_token: token, amount: o.total, currency: 'GBP' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('the documented agent API, card', () => {
  it('offers store prices with shipping, charges the token on confirm, and writes the order to the store', async () => {
    const o = await offer();
    expect(o).toMatchObject({ subtotal: 3998, total: 3998 + 399, currency: 'GBP' });
    expect(o.items).toEqual([
      { sku: 'TEST-PRODUCT-001', name: expect.any(String), quantity: 2, unit_price: 1999, total: 3998 },
    ]);
    expect(o.shipping_options.map((s: { id: string }) => s.id)).toEqual(['standard', 'express']);
    expect(Date.parse(o.expires_at)).toBeGreaterThan(Date.now());

    const token = await mintSharedPaymentToken(t, 10_000);
    const checkout = await cardCheckout(o, token);
    expect(checkout).toMatchObject({ status: 'PENDING', amount_authorized: 4397 });

    const confirm = await agentRequest(t, apiKey, 'POST', '/api/agent/confirm', {
      checkout_id: checkout.checkout_id,
      commit: true,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const accepted = confirm.json();
    expect(accepted).toMatchObject({
      status: 'ACCEPTED',
      order_id: expect.any(String),
      adapter_ref: expect.any(String),
    });

    const woo = (await simControl(t, 'woocommerce', 'orders')).orders as {
      id: number;
      status: string;
      total: string;
      meta_data: { key: string; value: string }[];
    }[];
    const written = woo.find((w) => String(w.id) === accepted.adapter_ref)!;
    expect(written.status).toBe('processing');
    expect(written.meta_data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: '_agentcart_checkout_id', value: checkout.checkout_id }),
      ]),
    );

    const order = await agentRequest(t, apiKey, 'GET', `/api/agent/order/${accepted.order_id}`);
    expect(order.json()).toMatchObject({
      order_id: accepted.order_id,
      status: 'ACCEPTED',
      store_order_id: accepted.adapter_ref,
      tracking: { carrier: null, number: null, url: null },
    });
    const [payment] = await t.db.select().from(payments).where(eq(payments.checkoutId, checkout.checkout_id));
    expect(payment).toMatchObject({ status: 'succeeded', method: 'stripe_spt', amountMinor: 4397 });
    expect(payment!.providerInvoiceId).toMatch(/^pi_/);
  });

  it('accepts the other field spellings and the hyphenated paths', async () => {
    const res = await agentRequest(t, apiKey, 'POST', '/api/agent-offer', {
      products: [{ sku: 'TEST-PRODUCT-001', quantity: 1 }],
      shipping_address: { country: 'gb', postal_code: 'EH1 1YZ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json();
    const token = await mintSharedPaymentToken(t, 5_000);
    const checkout = await agentRequest(t, apiKey, 'POST', '/api/agent-checkout', {
      offer_id: o.offer_id,
      buyer: {
        ...sampleBuyer,
        address: { ...sampleBuyer.address, postcode: undefined, postal_code: 'EH1 1YZ' },
      },
      payment: { method: 'stripe', shared_payment_token: token },
    });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const confirm = await agentRequest(t, apiKey, 'POST', '/api/agent-confirm', {
      checkout_id: checkout.json().checkout_id,
    });
    expect(confirm.json().status).toBe('ACCEPTED');
  });

  it('answers the order on both spellings, and a path naming no operation in the same error shape', async () => {
    const o = await offer();
    const checkout = await cardCheckout(o, await mintSharedPaymentToken(t, 10_000));
    const confirm = await agentRequest(t, apiKey, 'POST', '/api/agent-confirm', {
      checkout_id: checkout.checkout_id,
    });
    const orderId = confirm.json().order_id as string;
    const slash = await agentRequest(t, apiKey, 'GET', `/api/agent/order/${orderId}`);
    const hyphen = await agentRequest(t, apiKey, 'GET', `/api/agent-order/${orderId}`);
    expect(hyphen.statusCode, hyphen.body).toBe(200);
    expect(hyphen.json()).toEqual(slash.json());
    for (const url of ['/api/agent-order/nope', '/api/agent/order/nope', '/api/agent/orders/nope']) {
      const missing = await agentRequest(t, apiKey, 'GET', url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json(), url).toMatchObject({
        error_code: 'NOT_FOUND',
        correlation_id: expect.any(String),
      });
    }
  });

  it('names a missing or mistyped field in plain words', async () => {
    const res = await agentRequest(t, apiKey, 'POST', '/api/agent/checkout', { offer_id: 42 });
    expect(res.statusCode).toBe(400);
    const fields = res.json().details.fields as { field: string; message: string }[];
    expect(fields).toContainEqual({ field: 'offer_id', message: 'Expected a string, got a number' });
    expect(fields).toContainEqual({ field: 'buyer', message: 'Required' });
    expect(res.body).not.toMatch(/Invalid input|received/);
  });

  it('declines a card the issuer refuses, without creating an order', async () => {
    const o = await offer();
    const checkout = await cardCheckout(o, await mintSharedPaymentToken(t, 10_000, { decline: true }));
    const confirm = await agentRequest(t, apiKey, 'POST', '/api/agent/confirm', {
      checkout_id: checkout.checkout_id,
    });
    expect(confirm.statusCode).toBe(402);
    expect(confirm.json()).toMatchObject({
      error_code: 'PAYMENT_DECLINED',
      details: { status: 'DECLINED' },
      correlation_id: expect.any(String),
    });
    expect(await t.db.select().from(orders).where(eq(orders.checkoutId, checkout.checkout_id))).toHaveLength(
      0,
    );
    const again = await agentRequest(t, apiKey, 'POST', '/api/agent/confirm', {
      checkout_id: checkout.checkout_id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error_code: 'CHECKOUT_ALREADY_PROCESSED',
      details: { status: 'DECLINED', reason: confirm.json().error },
    });
  });

  it('charges exactly once when 50 confirms arrive together', async () => {
    const { apiKey: key } = await newMerchant(t, { connect: true, apiKey: true });
    const o = await offer(undefined, key);
    const token = await mintSharedPaymentToken(t, o.total * 3);
    const checkout = await cardCheckout(o, token, key);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        agentRequest(t, key, 'POST', '/api/agent/confirm', { checkout_id: checkout.checkout_id }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // Every other confirm is told the checkout was processed (or, past 30 a minute, to slow down).
    expect(statuses.filter((s) => s === 409 || s === 429)).toHaveLength(49);
    expect(results.find((r) => r.statusCode === 409)!.json().error_code).toBe('CHECKOUT_ALREADY_PROCESSED');
    const { simulators, credentials } = t.simulators!;
    const granted = await fetch(`${simulators.stripe.baseUrl}/v1/shared_payment/granted_tokens/${token}`, {
      headers: { authorization: `Bearer ${credentials.stripe.secretKey}` },
    });
    expect((await granted.json()).usage_details.amount_captured.value).toBe(o.total);
    const woo = (await simControl(t, 'woocommerce', 'orders')).orders as {
      meta_data: { key: string; value: string }[];
    }[];
    expect(woo.filter((w) => w.meta_data.some((m) => m.value === checkout.checkout_id))).toHaveLength(1);
    expect(await t.db.select().from(orders).where(eq(orders.checkoutId, checkout.checkout_id))).toHaveLength(
      1,
    );
  });

  it('takes the payment when the store goes down during confirm, and writes the order once it is back', async () => {
    const { apiKey: key } = await newMerchant(t, { connect: true, apiKey: true });
    const o = await offer(undefined, key);
    const checkout = await cardCheckout(o, await mintSharedPaymentToken(t, 10_000), key);
    await simControl(t, 'woocommerce', 'down');
    let confirm;
    try {
      confirm = await agentRequest(t, key, 'POST', '/api/agent/confirm', {
        checkout_id: checkout.checkout_id,
      });
    } finally {
      await simControl(t, 'woocommerce', 'up');
    }
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json()).toMatchObject({ status: 'ACCEPTED', adapter_ref: null });
    const [pending] = await t.db.select().from(orders).where(eq(orders.checkoutId, checkout.checkout_id));
    expect(pending).toMatchObject({ status: 'IN_PROGRESS', storeOrderId: null });
    expect(pending!.storeWriteError).toMatch(/unavailable/);

    // The queued job (or, had it been lost, reconciliation) writes it now the store answers.
    expect(
      await writeStoreOrder(
        { ...t.services, keyring: t.config.keyring, caches: t.services.engine.caches },
        pending!.id,
      ),
    ).toEqual(expect.any(String));
    const [written] = await t.db.select().from(orders).where(eq(orders.id, pending!.id));
    expect(written).toMatchObject({ status: 'ACCEPTED', storeWriteError: null });
    expect(written!.storeOrderId).toBeTruthy();
  });

  it('repairs a paid checkout whose order write was lost, through reconciliation', async () => {
    const { apiKey: key } = await newMerchant(t, { connect: true, apiKey: true });
    const o = await offer(undefined, key);
    const checkout = await cardCheckout(o, await mintSharedPaymentToken(t, 10_000), key);
    await simControl(t, 'woocommerce', 'down');
    try {
      await agentRequest(t, key, 'POST', '/api/agent/confirm', { checkout_id: checkout.checkout_id });
    } finally {
      await simControl(t, 'woocommerce', 'up');
    }
    const [order] = await t.db.select().from(orders).where(eq(orders.checkoutId, checkout.checkout_id));
    // Make it look like the job vanished a while ago (a crash between payment and store write): nothing
    // has tried to write it since.
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await t.db.update(orders).set({ createdAt: longAgo, updatedAt: longAgo }).where(eq(orders.id, order!.id));
    const queued: string[] = [];
    const deps = {
      ...t.services,
      keyring: t.config.keyring,
      jobs: {
        ...t.services.jobs,
        enqueue: async (_n: string, data: { orderId: string }) => void queued.push(data.orderId),
      },
    };
    await reconcileOrders(deps as never);
    expect(queued).toContain(order!.id);
    await writeStoreOrder(
      { ...t.services, keyring: t.config.keyring, caches: t.services.engine.caches },
      order!.id,
    );
    const [fixed] = await t.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(fixed!.storeOrderId).toBeTruthy();
  });
});

describe('the documented agent API, Bitcoin Lightning', () => {
  it('creates an invoice, reports it pending, then ACCEPTED once paid (OpenNode)', async () => {
    const { apiKey: key } = await newMerchant(t, { connect: true, apiKey: true });
    const o = await offer([{ sku: 'TEST-PRODUCT-001', quantity: 1 }], key);
    const res = await agentRequest(t, key, 'POST', '/api/agent/checkout', {
      offer_id: o.offer_id,
      buyer: sampleBuyer,
      payment: { method: 'btc' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const checkout = res.json();
    expect(checkout).toMatchObject({
      status: 'PENDING_PAYMENT',
      btc: {
        provider: 'opennode',
        payment_request: expect.stringMatching(/^lntb/),
        payment_url: expect.stringContaining('/checkout/'),
      },
    });
    expect(checkout.btc).not.toHaveProperty('onchain_address');

    const waiting = await agentRequest(t, key, 'POST', '/api/agent/confirm', {
      checkout_id: checkout.checkout_id,
    });
    expect(waiting.json()).toMatchObject({ status: 'PENDING_PAYMENT' });

    const [payment] = await t.db.select().from(payments).where(eq(payments.checkoutId, checkout.checkout_id));
    await simControl(t, 'opennode', `charges/${payment!.providerInvoiceId}/pay`);
    const paid = await agentRequest(t, key, 'POST', '/api/agent/confirm', {
      checkout_id: checkout.checkout_id,
    });
    expect(paid.json()).toMatchObject({ status: 'ACCEPTED', adapter_ref: expect.any(String) });
    const again = await agentRequest(t, key, 'POST', '/api/agent/confirm', {
      checkout_id: checkout.checkout_id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toMatchObject({ status: 'ACCEPTED' });
  });

  it('settles from a verified provider notification, and refuses a forged one', async () => {
    const { apiKey: key } = await newMerchant(t, { connect: true, apiKey: true });
    const o = await offer([{ sku: 'TEST-PRODUCT-001', quantity: 1 }], key);
    const checkout = (
      await agentRequest(t, key, 'POST', '/api/agent/checkout', {
        offer_id: o.offer_id,
        buyer: sampleBuyer,
        payment: { method: 'btc' },
      })
    ).json();
    const [payment] = await t.db.select().from(payments).where(eq(payments.checkoutId, checkout.checkout_id));
    await simControl(t, 'opennode', `charges/${payment!.providerInvoiceId}/pay`);
    const notice = await simControl(t, 'opennode', `charges/${payment!.providerInvoiceId}/webhook`);
    const merchantId = payment!.merchantId;
    const forged = await t.app.inject({
      method: 'POST',
      url: `/webhooks/payments/opennode/${merchantId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: String(notice.rawBody).replace(/hashed_order=[0-9a-f]{6}/, 'hashed_order=000000'),
    });
    expect(forged.statusCode).toBe(401);
    const genuine = await t.app.inject({
      method: 'POST',
      url: `/webhooks/payments/opennode/${merchantId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: String(notice.rawBody),
    });
    expect(genuine.statusCode).toBe(200);
    const [settled] = await t.db.select().from(checkouts).where(eq(checkouts.id, checkout.checkout_id));
    expect(settled!.status).toBe('ACCEPTED');
    // The agent polling afterwards is told once that it was accepted.
    expect(
      (await agentRequest(t, key, 'POST', '/api/agent/confirm', { checkout_id: checkout.checkout_id })).json()
        .status,
    ).toBe('ACCEPTED');
    // A replayed notification changes nothing.
    const replay = await t.app.inject({
      method: 'POST',
      url: `/webhooks/payments/opennode/${merchantId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: String(notice.rawBody),
    });
    expect(replay.statusCode).toBe(200);
    expect(await t.db.select().from(orders).where(eq(orders.checkoutId, checkout.checkout_id))).toHaveLength(
      1,
    );
  });

  it('declines an expired invoice with PAYMENT_EXPIRED', async () => {
    const { apiKey: key } = await newMerchant(t, { connect: true, apiKey: true });
    const o = await offer([{ sku: 'TEST-PRODUCT-001', quantity: 1 }], key);
    const checkout = (
      await agentRequest(t, key, 'POST', '/api/agent/checkout', {
        offer_id: o.offer_id,
        buyer: sampleBuyer,
        payment: { method: 'btc' },
      })
    ).json();
    const [payment] = await t.db.select().from(payments).where(eq(payments.checkoutId, checkout.checkout_id));
    await simControl(t, 'opennode', `charges/${payment!.providerInvoiceId}/expire`);
    const res = await agentRequest(t, key, 'POST', '/api/agent/confirm', {
      checkout_id: checkout.checkout_id,
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ error_code: 'PAYMENT_EXPIRED', details: { status: 'DECLINED' } });
  });

  it('works with CoinCorner, including its on-chain address', async () => {
    const { cookie, apiKey: key } = await newMerchant(t, { apiKey: true });
    await dashboardRequest(t, cookie, 'PUT', '/api/connections/stores/woocommerce', {
      credentials: t.simulators!.credentials.woocommerce,
    });
    const btc = await dashboardRequest(t, cookie, 'PUT', '/api/connections/bitcoin', {
      enabled: true,
      provider: 'coincorner',
      credentials: t.simulators!.credentials.coincorner,
      expiryMins: 15,
    });
    expect(btc.statusCode, btc.body).toBe(200);
    const o = await offer([{ sku: 'TEST-PRODUCT-001', quantity: 1 }], key);
    const res = await agentRequest(t, key, 'POST', '/api/agent/checkout', {
      offer_id: o.offer_id,
      buyer: sampleBuyer,
      payment: { method: 'btc' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().btc).toMatchObject({
      provider: 'coincorner',
      payment_url: expect.stringContaining('/Checkout/'),
      onchain_address: expect.any(String),
    });
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.checkoutId, res.json().checkout_id));
    await simControl(t, 'coincorner', `orders/${payment!.providerInvoiceId}/pay`);
    const paid = await agentRequest(t, key, 'POST', '/api/agent/confirm', {
      checkout_id: res.json().checkout_id,
    });
    expect(paid.json()).toMatchObject({ status: 'ACCEPTED' });
  });
});

describe('agent API errors', () => {
  it('refuses a missing or wrong API key in the documented shape', async () => {
    const missing = await agentRequest(t, null, 'POST', '/api/agent/offer', {});
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({
      error: expect.any(String),
      error_code: 'UNAUTHORIZED',
      correlation_id: expect.any(String),
      details: {},
    });
    const wrong = await agentRequest(t, `ak_test_${'x'.repeat(43)}`, 'POST', '/api/agent/offer', {});
    expect(wrong.statusCode).toBe(401);
    const viaHeader = await t.app.inject({
      method: 'POST',
      url: '/api/agent/offer',
      headers: { apikey: apiKey, 'content-type': 'application/json' },
      payload: {
        items: [{ sku: 'TEST-PRODUCT-001', quantity: 1 }],
        shipping_to: { country: 'GB', postcode: 'N1' },
      },
    });
    expect(viaHeader.statusCode).toBe(200);
  });

  it('slows down an address that keeps presenting invalid keys', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/agent/offer',
        remoteAddress: '192.0.2.200',
        headers: {
          authorization: `Bearer ak_test_${String(i).padStart(43, '0')}`,
          'content-type': 'application/json',
        },
        payload: {},
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('names malformed input and unsellable items', async () => {
    const bad = await agentRequest(t, apiKey, 'POST', '/api/agent/offer', {
      items: [{ sku: '', quantity: 0 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_code).toBe('VALIDATION_ERROR');
    const unknown = await agentRequest(t, apiKey, 'POST', '/api/agent/offer', {
      items: [{ sku: 'NOPE-1', quantity: 1 }],
      shipping_to: { country: 'GB', postcode: 'N1' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual({ items: [{ sku: 'NOPE-1', problem: 'unknown_sku' }] });
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/agent/offer',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      payload: '{"items": [',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error_code).toBe('VALIDATION_ERROR');
  });

  it('refuses an expired offer and a wrong amount', async () => {
    const o = await offer();
    const wrongAmount = await agentRequest(t, apiKey, 'POST', '/api/agent/checkout', {
      offer_id: o.offer_id,
      buyer: sampleBuyer,
      payment: { method: 'stripe', shared_payment_token: 'spt_x', amount: 1 },
    });
    expect(wrongAmount.json()).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      details: { expected_amount: o.total },
    });
    await t.db
      .update(offers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(offers.id, o.offer_id));
    const expired = await agentRequest(t, apiKey, 'POST', '/api/agent/checkout', {
      offer_id: o.offer_id,
      buyer: sampleBuyer,
      payment: { method: 'stripe', shared_payment_token: 'spt_x' },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error_code).toBe('INVALID_CHECKOUT');
  });

  it('replays an idempotent request and refuses the key with another body', async () => {
    const o = await offer();
    const token = await mintSharedPaymentToken(t, 10_000);
    const body = {
      offer_id: o.offer_id,
      buyer: sampleBuyer,
      payment: { method: 'stripe', shared_payment_token: token },
    };
    const first = await agentRequest(t, apiKey, 'POST', '/api/agent/checkout', body, {
      idempotencyKey: 'idem-checkout-1',
    });
    const second = await agentRequest(t, apiKey, 'POST', '/api/agent/checkout', body, {
      idempotencyKey: 'idem-checkout-1',
    });
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    const other = await agentRequest(
      t,
      apiKey,
      'POST',
      '/api/agent/checkout',
      { ...body, shipping_option_id: 'express' },
      { idempotencyKey: 'idem-checkout-1' },
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().error_code).toBe('IDEMPOTENCY_CONFLICT');
    const viaBody = await agentRequest(t, apiKey, 'POST', '/api/agent/checkout', {
      ...body,
      idempotency_key: 'idem-checkout-1',
    });
    expect(viaBody.json()).toEqual(first.json());
  });

  it('refuses a checkout address a store could not ship to', async () => {
    const o = await offer();
    for (const [address, missing] of [
      [{ country: 'GB', postcode: 'N1 9GU' }, 'line1'],
      [{ line1: '1 Analytical Way', country: 'GB', postcode: 'N1 9GU' }, 'city'],
      [{ line1: '1 Analytical Way', city: 'London', country: 'GB' }, 'postcode'],
    ] as const) {
      const res = await agentRequest(t, apiKey, 'POST', '/api/agent/checkout', {
        offer_id: o.offer_id,
        buyer: { ...sampleBuyer, address },
        payment: { method: 'stripe', shared_payment_token: 'spt_x' },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error_code).toBe('VALIDATION_ERROR');
      expect(res.body).toContain(missing);
    }
  });

  it("honours an offer body's idempotency_key as the Idempotency-Key header", async () => {
    const body = {
      items: [{ sku: 'TEST-PRODUCT-001', quantity: 1 }],
      shipping_to: { country: 'GB', postcode: 'N1 9GU' },
      idempotency_key: 'idem-offer-body-1',
    };
    const first = await agentRequest(t, apiKey, 'POST', '/api/agent/offer', body);
    const again = await agentRequest(t, apiKey, 'POST', '/api/agent/offer', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().offer_id).toBe(first.json().offer_id);
    const viaHeader = await agentRequest(
      t,
      apiKey,
      'POST',
      '/api/agent/offer',
      { items: body.items, shipping_to: body.shipping_to },
      { idempotencyKey: 'idem-offer-body-1' },
    );
    expect(viaHeader.json().offer_id).toBe(first.json().offer_id);
  });

  it('answers a 503 with Retry-After: 5, with or without an Idempotency-Key', async () => {
    const o = await offer();
    const tokens = [await mintSharedPaymentToken(t, 10_000), await mintSharedPaymentToken(t, 10_000)];
    const checkoutIds = [];
    for (const token of tokens) checkoutIds.push((await cardCheckout(o, token)).checkout_id);
    await simControl(t, 'stripe', 'down');
    try {
      const keyed = await agentRequest(
        t,
        apiKey,
        'POST',
        '/api/agent/confirm',
        { checkout_id: checkoutIds[0] },
        { idempotencyKey: 'idem-confirm-503' },
      );
      const plain = await agentRequest(t, apiKey, 'POST', '/api/agent/confirm', {
        checkout_id: checkoutIds[1],
      });
      for (const res of [keyed, plain]) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json().error_code).toBe('PROVIDER_UNAVAILABLE');
        expect(res.headers['retry-after']).toBe('5');
      }
    } finally {
      await simControl(t, 'stripe', 'up');
    }
  });

  it('limits confirms per key with Retry-After', async () => {
    const { apiKey: key } = await newMerchant(t, { apiKey: true });
    const statuses: number[] = [];
    let limited;
    for (let i = 0; i < 31; i++) {
      const res = await agentRequest(t, key, 'POST', '/api/agent/confirm', { checkout_id: `chk_${i}` });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) limited = res;
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(limited!.json().error_code).toBe('RATE_LIMIT');
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('never lets one merchant touch another merchant’s offers, checkouts or orders', async () => {
    const o = await offer();
    const checkout = await cardCheckout(o, await mintSharedPaymentToken(t, 10_000));
    const accepted = (
      await agentRequest(t, apiKey, 'POST', '/api/agent/confirm', { checkout_id: checkout.checkout_id })
    ).json();
    const { apiKey: other } = await newMerchant(t, { apiKey: true });
    const useOffer = await agentRequest(t, other, 'POST', '/api/agent/checkout', {
      offer_id: o.offer_id,
      buyer: sampleBuyer,
      payment: { method: 'stripe', shared_payment_token: 'spt_x' },
    });
    expect(useOffer.json().error_code).toBe('INVALID_CHECKOUT');
    const confirm = await agentRequest(t, other, 'POST', '/api/agent/confirm', {
      checkout_id: checkout.checkout_id,
    });
    expect(confirm.json().error_code).toBe('INVALID_CHECKOUT');
    const read = await agentRequest(t, other, 'GET', `/api/agent/order/${accepted.order_id}`);
    expect(read.statusCode).toBe(404);
  });

  it('answers 1,000 randomized malformed requests without a 5xx', async () => {
    let seed = 7;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const junk = (depth = 0): unknown => {
      const r = rand();
      if (depth > 2 || r < 0.2)
        return [null, true, -1, 1e308, '', 'spt_', '💥', 'x'.repeat(300), 0.5][Math.floor(rand() * 9)];
      if (r < 0.5) return Array.from({ length: Math.floor(rand() * 4) }, () => junk(depth + 1));
      const keys = [
        'items',
        'products',
        'sku',
        'quantity',
        'shipping_to',
        'country',
        'postcode',
        'offer_id',
        'buyer',
        'payment',
        'method',
        'checkout_id',
        'amount',
        '__proto__',
      ];
      return Object.fromEntries(
        Array.from({ length: Math.floor(rand() * 5) }, () => [
          keys[Math.floor(rand() * keys.length)]!,
          junk(depth + 1),
        ]),
      );
    };
    const paths = ['/api/agent/offer', '/api/agent/checkout', '/api/agent/confirm', '/api/agent-offer'];
    const failures: string[] = [];
    for (let i = 0; i < 1000; i++) {
      const url = paths[i % paths.length]!;
      const raw = rand() < 0.1 ? '{"broken": ' : JSON.stringify(junk());
      const res = await t.app.inject({
        method: 'POST',
        url,
        remoteAddress: `10.200.${i % 250}.${Math.floor(i / 250) + 1}`,
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        payload: raw,
      });
      if (res.statusCode >= 500) failures.push(`${url} ${raw} -> ${res.statusCode} ${res.body}`);
    }
    expect(failures).toEqual([]);
  });
});
