import Ajv2020 from 'ajv/dist/2020';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, orders, payments } from '../../db/schema/index';
import { syncOrdersFromStores } from '../commerce/refresh-order';
import { acpAddress, acpBuyer, acpRequest, expectAcpShape } from '../../test/acp-kit';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import {
  completeWooCommerceOrder,
  demoMerchantApiKey,
  mintSharedPaymentToken,
  newMerchant,
  simControl,
} from '../../test/merchant-kit';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  key = await demoMerchantApiKey(t);
});
afterAll(() => t.close());

const sessionUrl = (id: string, suffix = '') => `/acp/checkout_sessions/${id}${suffix}`;

describe('ACP 2025-09-29 card checkout', () => {
  it('creates, selects shipping, completes with a Shared Payment Token, and writes the store order', async () => {
    const created = await acpRequest(t, key, '2025-09-29', 'POST', '/acp/checkout_sessions', {
      items: [{ id: 'TEST-PRODUCT-001', quantity: 2 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    expectAcpShape('2025-09-29', 'CheckoutSession', created.json());
    const session = created.json();
    expect(session.status).toBe('not_ready_for_payment');
    expect(session.line_items[0]).toMatchObject({
      item: { id: 'TEST-PRODUCT-001', quantity: 2 },
      total: 3998,
    });
    expect(session.messages).toEqual([
      expect.objectContaining({ type: 'error', code: 'missing', param: '$.fulfillment_address' }),
    ]);
    expect(created.headers['idempotency-key']).toBeTruthy();

    const addressed = await acpRequest(t, key, '2025-09-29', 'POST', sessionUrl(session.id), {
      fulfillment_address: acpAddress,
      buyer: acpBuyer,
    });
    expect(addressed.statusCode, addressed.body).toBe(200);
    expectAcpShape('2025-09-29', 'CheckoutSession', addressed.json());
    expect(addressed.json()).toMatchObject({
      status: 'ready_for_payment',
      fulfillment_option_id: 'standard',
    });

    const express = await acpRequest(t, key, '2025-09-29', 'POST', sessionUrl(session.id), {
      fulfillment_option_id: 'express',
    });
    const ready = express.json();
    expect(ready.fulfillment_option_id).toBe('express');
    const total = ready.totals.find((x: { type: string }) => x.type === 'total').amount;
    expect(total).toBe(3998 + 999);

    const token = await mintSharedPaymentToken(t, total);
    const completed = await acpRequest(t, key, '2025-09-29', 'POST', sessionUrl(session.id, '/complete'), {
      payment_data: { token, provider: 'stripe' },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    expectAcpShape('2025-09-29', 'CheckoutSessionWithOrder', completed.json());
    expect(completed.json()).toMatchObject({
      status: 'completed',
      order: { checkout_session_id: session.id },
    });

    const [order] = await t.db.select().from(orders).where(eq(orders.id, completed.json().order.id));
    expect(order).toMatchObject({ status: 'ACCEPTED', totalMinor: total });
    expect(order!.storeOrderId).toBeTruthy();

    const again = await acpRequest(t, key, '2025-09-29', 'GET', sessionUrl(session.id));
    expect(again.json().status).toBe('completed');
  });
});

describe('ACP 2026-04-17', () => {
  it('completes a card session through the card handler and answers with the order object', async () => {
    const created = await acpRequest(t, key, '2026-04-17', 'POST', '/acp/checkout_sessions', {
      currency: 'gbp',
      line_items: [{ id: 'TEST-PRODUCT-001' }],
      capabilities: {},
      fulfillment_details: { name: 'Ada', email: 'ada@example.com', address: acpAddress },
    });
    expect(created.statusCode, created.body).toBe(201);
    const session = created.json();
    expectAcpShape('2026-04-17', 'CheckoutSession', session);
    expect(session.status).toBe('ready_for_payment');
    const handlers = session.capabilities.payment.handlers.map((h: { id: string }) => h.id);
    expect(handlers).toEqual(['card_spt', 'bitcoin_lightning']);

    const total = session.totals.find((x: { type: string }) => x.type === 'total').amount;
    const token = await mintSharedPaymentToken(t, total);
    const completed = await acpRequest(t, key, '2026-04-17', 'POST', sessionUrl(session.id, '/complete'), {
      buyer: { email: 'ada@example.com', first_name: 'Ada' },
      payment_data: {
        handler_id: 'card_spt',
        instrument: { type: 'card', credential: { type: 'spt', token } },
      },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    expectAcpShape('2026-04-17', 'CheckoutSessionWithOrder', completed.json());
    expect(completed.json().order).toMatchObject({ type: 'order', status: 'confirmed' });
  });

  it('pays the Lightning invoice from the handler configuration and completes', async () => {
    const created = await acpRequest(t, key, '2026-04-17', 'POST', '/acp/checkout_sessions', {
      currency: 'gbp',
      line_items: [{ id: 'TEST-PRODUCT-001' }],
      capabilities: {},
      buyer: { email: 'sat@example.com' },
      fulfillment_details: { name: 'Satoshi', address: acpAddress },
    });
    const session = created.json();
    const lightning = session.capabilities.payment.handlers.find(
      (h: { id: string }) => h.id === 'bitcoin_lightning',
    );
    const invoice = lightning.config.invoice;
    expect(invoice.payment_request).toMatch(/^ln/);
    // OpenNode's charge has an on-chain address, but the docs say agents pay it over Lightning only.
    expect(invoice).not.toHaveProperty('onchain_address');
    // The handler's config and the instrument an agent sends follow the JSON Schemas it names.
    const schemaAt = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('application/json');
      return new Ajv2020({ strict: false }).compile(res.json());
    };
    const validConfig = await schemaAt(lightning.config_schema);
    expect(validConfig(lightning.config), JSON.stringify(validConfig.errors)).toBe(true);
    const validInstrument = await schemaAt(lightning.instrument_schemas[0]);
    const instrument = { type: 'lightning_invoice', credential: { type: 'invoice_id', token: invoice.id } };
    expect(validInstrument(instrument)).toBe(true);
    expect(validInstrument({ ...instrument, credential: { type: 'spt', token: invoice.id } })).toBe(false);

    const early = await acpRequest(t, key, '2026-04-17', 'POST', sessionUrl(session.id, '/complete'), {
      payment_data: {
        handler_id: 'bitcoin_lightning',
        instrument: { type: 'lightning_invoice', credential: { type: 'invoice_id', token: invoice.id } },
      },
    });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json()).toMatchObject({ type: 'invalid_request', code: 'payment_pending' });
    expectAcpShape('2026-04-17', 'Error', early.json());
    // While the invoice waits to be paid the session reads in_progress, as the docs say, with the reason.
    const waiting = await acpRequest(t, key, '2026-04-17', 'GET', sessionUrl(session.id));
    expect(waiting.json().status).toBe('in_progress');
    expect(waiting.json().messages).toContainEqual(
      expect.objectContaining({ type: 'info', content: early.json().message }),
    );
    expectAcpShape('2026-04-17', 'CheckoutSession', waiting.json());

    await simControl(t, 'opennode', `charges/${invoice.id}/pay`);
    const done = await acpRequest(t, key, '2026-04-17', 'POST', sessionUrl(session.id, '/complete'), {
      payment_data: {
        handler_id: 'bitcoin_lightning',
        instrument: { type: 'lightning_invoice', credential: { type: 'invoice_id', token: invoice.id } },
      },
    });
    expect(done.statusCode, done.body).toBe(200);
    expectAcpShape('2026-04-17', 'CheckoutSessionWithOrder', done.json());
    const [payment] = await t.db.select().from(payments).where(eq(payments.providerInvoiceId, invoice.id));
    expect(payment!.status).toBe('succeeded');
  });
});

describe('ACP errors', () => {
  it('refuses a missing or unknown API-Version with the supported versions', async () => {
    for (const version of [null, '2024-01-01']) {
      const res = await acpRequest(t, key, null, 'GET', sessionUrl('cs_x'), undefined, {
        'api-version': version ?? undefined,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'unsupported_api_version',
        supported_versions: ['2026-04-17', '2025-09-29'],
      });
      expectAcpShape('2026-04-17', 'Error', res.json());
    }
  });

  it('answers a bad key with 401 and an unknown session with 404', async () => {
    const unauthorized = await acpRequest(t, 'ak_test_nope', '2026-04-17', 'GET', sessionUrl('cs_x'));
    expect(unauthorized.statusCode).toBe(401);
    const missing = await acpRequest(t, key, '2026-04-17', 'GET', sessionUrl('cs_missing'));
    expect(missing.statusCode).toBe(404);
    expectAcpShape('2026-04-17', 'Error', missing.json());
  });

  it('uses messages, not errors, for unknown items and fractional quantities', async () => {
    const res = await acpRequest(t, key, '2025-09-29', 'POST', '/acp/checkout_sessions', {
      items: [
        { id: 'NO-SUCH-SKU', quantity: 1 },
        { id: 'TEST-PRODUCT-001', quantity: 2.5 },
      ],
      fulfillment_address: acpAddress,
    });
    expect(res.statusCode, res.body).toBe(201);
    expectAcpShape('2025-09-29', 'CheckoutSession', res.json());
    expect(res.json().status).toBe('not_ready_for_payment');
    expect(res.json().messages).toEqual([
      expect.objectContaining({ code: 'invalid', param: '$.items[0]' }),
      expect.objectContaining({ code: 'invalid', param: '$.items[1]' }),
    ]);
  });

  it('charges once and writes one store order when 30 completes of one session arrive together', async () => {
    const merchant = await newMerchant(t, { connect: true, apiKey: true });
    const created = await acpRequest(t, merchant.apiKey, '2025-09-29', 'POST', '/acp/checkout_sessions', {
      items: [{ id: 'TEST-PRODUCT-001', quantity: 1 }],
      fulfillment_address: acpAddress,
      buyer: acpBuyer,
    });
    const session = created.json();
    const total = session.totals.find((x: { type: string }) => x.type === 'total').amount;
    const token = await mintSharedPaymentToken(t, total * 3);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        acpRequest(t, merchant.apiKey, '2025-09-29', 'POST', sessionUrl(session.id, '/complete'), {
          payment_data: { token, provider: 'stripe' },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    // The winner completes; the others are told a payment is running, or get the completed session.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(
      statuses.every((s) => s === 200 || s === 409),
      statuses.join(','),
    ).toBe(true);
    const orderIds = new Set(answers.filter((a) => a.statusCode === 200).map((a) => a.json().order.id));
    expect(orderIds.size).toBe(1);

    const { simulators, credentials } = t.simulators!;
    const granted = await fetch(`${simulators.stripe.baseUrl}/v1/shared_payment/granted_tokens/${token}`, {
      headers: { authorization: `Bearer ${credentials.stripe.secretKey}` },
    });
    expect((await granted.json()).usage_details.amount_captured.value).toBe(total);
    const [checkout] = await t.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.merchantId, merchant.merchantId));
    const woo = (await simControl(t, 'woocommerce', 'orders')).orders as { meta_data: { value: string }[] }[];
    expect(woo.filter((w) => w.meta_data.some((m) => m.value === checkout!.id))).toHaveLength(1);
    expect(await t.db.select().from(orders).where(eq(orders.merchantId, merchant.merchantId))).toHaveLength(
      1,
    );
  });
});

describe('order changes in the store', () => {
  it('shows a store order fulfilled in WooCommerce, through the background sync or a read', async () => {
    const created = await acpRequest(t, key, '2026-04-17', 'POST', '/acp/checkout_sessions', {
      line_items: [{ id: 'TEST-PRODUCT-001' }],
      buyer: { email: 'ful@example.com' },
      fulfillment_details: { address: acpAddress },
    });
    const session = created.json();
    const total = session.totals.find((x: { type: string }) => x.type === 'total').amount;
    const token = await mintSharedPaymentToken(t, total);
    const done = await acpRequest(t, key, '2026-04-17', 'POST', sessionUrl(session.id, '/complete'), {
      payment_data: {
        handler_id: 'card_spt',
        instrument: { type: 'card', credential: { type: 'spt', token } },
      },
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, done.json().order.id));
    await completeWooCommerceOrder(t, order!.storeOrderId!);
    await syncOrdersFromStores({
      ...t.services,
      keyring: t.config.keyring,
      caches: t.services.engine.caches,
    });
    const [synced] = await t.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(synced!.status).toBe('FULFILLED');
    const read = await acpRequest(t, key, '2026-04-17', 'GET', sessionUrl(session.id));
    expectAcpShape('2026-04-17', 'CheckoutSessionWithOrder', read.json());
    expect(read.json().order.status).toBe('shipped');
  });
});
