import { describe, expect, it, vi } from 'vitest';
import {
  createWoocommerceSimulator,
  WOOCOMMERCE_SANDBOX_CONSUMER_KEY,
  WOOCOMMERCE_SANDBOX_CONSUMER_SECRET,
  WOOCOMMERCE_SANDBOX_READ_ONLY_KEY,
  WOOCOMMERCE_SANDBOX_READ_ONLY_SECRET,
  type WoocommerceSimulatorOptions,
} from './simulator';

/**
 * Order refunds against the simulator over HTTPS with Basic auth, as sandbox mode reaches it. The
 * expected answers are WooCommerce's: the refunds controller (woocommerce_rest_invalid_order_id 404,
 * woocommerce_rest_cannot_create_order_refund 500 wrapping wc_create_refund's "Invalid refund amount."
 * and wc_refund_payment's gateway messages, 501 woocommerce_rest_trash_not_supported without force) and
 * the REST API v3 docs' refund shape (negative line quantities and totals, the order's refunds[] with a
 * negative total).
 */

/**
 * The sandbox may not import server test helpers; a background delivery gets the same generous ceiling
 * as server/test/eventually.ts gives (a loaded 2-core machine can take seconds).
 */
const EVENTUALLY_MS = 60_000;

type Json = Record<string, unknown> & { code?: string; message?: string };

const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
const READ_WRITE = basic(WOOCOMMERCE_SANDBOX_CONSUMER_KEY, WOOCOMMERCE_SANDBOX_CONSUMER_SECRET);

function harness(opts?: WoocommerceSimulatorOptions) {
  const { app } = createWoocommerceSimulator(opts);
  async function woo(
    path: string,
    init: { method?: 'GET' | 'POST' | 'DELETE'; json?: unknown; authorization?: string | null } = {},
  ) {
    const authorization = init.authorization === undefined ? READ_WRITE : init.authorization;
    const res = await app.inject({
      method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
      url: `/wp-json/wc/v3/${path}`,
      headers: {
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'demo.woocommerce.sandbox',
        ...(authorization ? { authorization } : {}),
      },
      ...(init.json === undefined ? {} : { payload: init.json as Record<string, unknown> }),
    });
    return { status: res.statusCode, headers: res.headers, body: res.json<Json>() };
  }
  const stockOf = async (id: number) => (await woo(`products/${id}`)).body.stock_quantity as number;
  /** A paid order (stock taken): 2 × Hammock (44.00) and 1 × Gas Canister (6.50) = 94.50. */
  async function paidOrder(paymentMethod = 'agentcart') {
    const hammock = (await woo('products?sku=HAMMOCK-SGL')).body as unknown as Json[];
    const fuel = (await woo('products?sku=FUEL-230G')).body as unknown as Json[];
    const { body } = await woo('orders', {
      json: {
        payment_method: paymentMethod,
        set_paid: true,
        transaction_id: 'pi_test_123',
        line_items: [
          { product_id: hammock[0]!.id, quantity: 2 },
          { product_id: fuel[0]!.id, quantity: 1 },
        ],
      },
    });
    const lines = body.line_items as { id: number; product_id: number }[];
    return {
      order: body,
      id: body.id as number,
      hammockLine: lines[0]!,
      fuelLine: lines[1]!,
    };
  }
  return { app, woo, stockOf, paidOrder };
}

describe('woocommerce simulator order refunds', () => {
  it('records a partial refund with line items and puts the refunded quantity back in stock', async () => {
    const { woo, stockOf, paidOrder } = harness();
    const { id, order, hammockLine } = await paidOrder();
    expect(order.total).toBe('94.50');
    expect(await stockOf(hammockLine.product_id)).toBe(12);

    const { status, body } = await woo(`orders/${id}/refunds`, {
      json: {
        amount: '44.00',
        reason: 'Damaged in transit',
        api_refund: false,
        line_items: [{ id: hammockLine.id, quantity: 1, refund_total: '44.00' }],
      },
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      amount: '44.00',
      reason: 'Damaged in transit',
      refunded_payment: false,
      api_refund: false,
      api_restock: true,
      line_items: [
        {
          name: 'Hammock with Tree Straps',
          product_id: hammockLine.product_id,
          quantity: -1,
          total: '-44.00',
          subtotal: '-44.00',
          meta_data: [{ key: '_refunded_item_id', value: String(hammockLine.id) }],
        },
      ],
    });
    expect(body.date_created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(await stockOf(hammockLine.product_id)).toBe(13);

    const after = (await woo(`orders/${id}`)).body;
    expect(after.status).toBe('processing');
    expect(after.refunds).toEqual([{ id: body.id, reason: 'Damaged in transit', total: '-44.00' }]);
  });

  it('leaves stock alone when api_restock is false', async () => {
    const { woo, stockOf, paidOrder } = harness();
    const { id, hammockLine } = await paidOrder();
    const { status, body } = await woo(`orders/${id}/refunds`, {
      json: {
        amount: '44.00',
        api_refund: false,
        api_restock: false,
        line_items: [{ id: hammockLine.id, quantity: 1, refund_total: '44.00' }],
      },
    });
    expect(status).toBe(201);
    expect(body.api_restock).toBe(false);
    expect(await stockOf(hammockLine.product_id)).toBe(12);
  });

  it('takes a second refund up to the remainder, refuses more, and a full refund moves the order to refunded', async () => {
    const { woo, paidOrder } = harness();
    const { id } = await paidOrder();
    const first = await woo(`orders/${id}/refunds`, { json: { amount: '50.00', api_refund: false } });
    expect(first.status).toBe(201);

    const over = await woo(`orders/${id}/refunds`, { json: { amount: '44.51', api_refund: false } });
    expect(over.status).toBe(500);
    expect(over.body).toMatchObject({
      code: 'woocommerce_rest_cannot_create_order_refund',
      message: 'Invalid refund amount.',
      data: { status: 500 },
    });
    expect((await woo(`orders/${id}`)).body.status).toBe('processing');

    const rest = await woo(`orders/${id}/refunds`, { json: { amount: '44.50', api_refund: false } });
    expect(rest.status).toBe(201);
    const order = (await woo(`orders/${id}`)).body;
    expect(order.status).toBe('refunded');
    expect(order.refunds).toEqual([
      { id: rest.body.id, reason: '', total: '-44.50' },
      { id: first.body.id, reason: '', total: '-50.00' },
    ]);
    const nothingLeft = await woo(`orders/${id}/refunds`, { json: { amount: '0.01', api_refund: false } });
    expect(nothingLeft.body.code).toBe('woocommerce_rest_cannot_create_order_refund');
  });

  it('refuses a negative amount as the controller does', async () => {
    const { woo, paidOrder } = harness();
    const { id } = await paidOrder();
    const { status, body } = await woo(`orders/${id}/refunds`, {
      json: { amount: '-1.00', api_refund: false },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: 'woocommerce_rest_invalid_order_refund',
      message: 'Refund amount must be greater than zero.',
    });
  });

  it('refuses api_refund (the default) because no gateway of the store took the payment', async () => {
    const { woo, stockOf, paidOrder } = harness();
    const { id, hammockLine } = await paidOrder();
    const byDefault = await woo(`orders/${id}/refunds`, {
      json: { amount: '44.00', line_items: [{ id: hammockLine.id, quantity: 1, refund_total: '44.00' }] },
    });
    expect(byDefault.status).toBe(500);
    expect(byDefault.body).toMatchObject({
      code: 'woocommerce_rest_cannot_create_order_refund',
      message: 'The payment gateway for this order does not exist.',
    });
    const cod = await paidOrder('cod');
    const offline = await woo(`orders/${cod.id}/refunds`, { json: { amount: '1.00', api_refund: true } });
    expect(offline.body.message).toBe(
      'The payment gateway for this order does not support automatic refunds.',
    );
    // Nothing was recorded or restocked.
    expect((await woo(`orders/${id}/refunds`)).body).toEqual([]);
    expect(await stockOf(hammockLine.product_id)).toBe(10);
  });

  it('answers 404 for an unknown order and 400 for a line item that is not the order’s', async () => {
    const { woo, paidOrder } = harness();
    const unknown = await woo('orders/999999/refunds', { json: { amount: '1.00', api_refund: false } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('woocommerce_rest_invalid_order_id');
    expect((await woo('orders/999999/refunds')).status).toBe(404);

    const { id, hammockLine } = await paidOrder();
    const badLine = await woo(`orders/${id}/refunds`, {
      json: {
        amount: '44.00',
        api_refund: false,
        line_items: [{ id: hammockLine.product_id, quantity: 1, refund_total: '44.00' }],
      },
    });
    expect(badLine.status).toBe(400);
    expect(badLine.body.code).toBe('woocommerce_rest_invalid_order_refund');
    expect((await woo(`orders/${id}`)).body.refunds).toEqual([]);
  });

  it('lists, reads and deletes refunds, deleting only with force', async () => {
    const { woo, paidOrder } = harness();
    const { id } = await paidOrder();
    const a = (await woo(`orders/${id}/refunds`, { json: { amount: '1.00', api_refund: false } })).body;
    const b = (await woo(`orders/${id}/refunds`, { json: { amount: '2.00', api_refund: false } })).body;

    const list = await woo(`orders/${id}/refunds`);
    expect((list.body as unknown as Json[]).map((r) => r.id)).toEqual([b.id, a.id]);
    expect(list.headers['x-wp-total']).toBe('2');
    const page2 = await woo(`orders/${id}/refunds?per_page=1&page=2`);
    expect((page2.body as unknown as Json[]).map((r) => r.id)).toEqual([a.id]);
    const one = await woo(`orders/${id}/refunds/${String(a.id)}`);
    expect(one.body).toMatchObject({ id: a.id, amount: '1.00' });
    const missing = await woo(`orders/${id}/refunds/424242`);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('woocommerce_rest_shop_order_refund_invalid_id');

    const unforced = await woo(`orders/${id}/refunds/${String(a.id)}`, { method: 'DELETE' });
    expect(unforced.status).toBe(501);
    expect(unforced.body.code).toBe('woocommerce_rest_trash_not_supported');
    expect((await woo(`orders/${id}/refunds/${String(a.id)}`)).status).toBe(200);

    const forced = await woo(`orders/${id}/refunds/${String(a.id)}?force=true`, { method: 'DELETE' });
    expect(forced.status).toBe(200);
    expect(forced.body).toMatchObject({ id: a.id, amount: '1.00' });
    expect((await woo(`orders/${id}/refunds/${String(a.id)}`)).status).toBe(404);
    expect((await woo(`orders/${id}`)).body.refunds).toEqual([{ id: b.id, reason: '', total: '-2.00' }]);
  });

  it('requires a key with write access, like every other route', async () => {
    const { woo, paidOrder } = harness();
    const { id } = await paidOrder();
    const anonymous = await woo(`orders/${id}/refunds`, {
      json: { amount: '1.00', api_refund: false },
      authorization: null,
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('woocommerce_rest_cannot_create');
    expect((await woo(`orders/${id}/refunds`, { authorization: null })).status).toBe(401);
    const readOnly = await woo(`orders/${id}/refunds`, {
      json: { amount: '1.00', api_refund: false },
      authorization: basic(WOOCOMMERCE_SANDBOX_READ_ONLY_KEY, WOOCOMMERCE_SANDBOX_READ_ONLY_SECRET),
    });
    expect(readOnly.status).toBe(401);
    expect((await woo(`orders/${id}/refunds`)).body).toEqual([]);
  });

  it('is down when the kit says so', async () => {
    const { app, woo, paidOrder } = harness();
    const { id } = await paidOrder();
    await app.inject({ method: 'POST', url: '/__sim/down' });
    const down = await woo(`orders/${id}/refunds`, { json: { amount: '1.00', api_refund: false } });
    expect(down.status).toBe(503);
    expect(down.body.code).toBe('service_unavailable');
  });

  it('sends order.updated with the refunded order to webhooks', async () => {
    const seen: { topic: string; body: string }[] = [];
    const { woo, paidOrder } = harness({
      deliver: async (_url, request) => {
        // The ping a new webhook gets is form-encoded (webhook_id=1), so bodies stay raw here.
        seen.push({ topic: request.headers['x-wc-webhook-topic'] ?? '', body: request.body });
        return 200;
      },
    });
    await woo('webhooks', {
      json: { topic: 'order.updated', delivery_url: 'https://hooks.example.com/woo', secret: 's' },
    });
    const { id } = await paidOrder();
    const refund = await woo(`orders/${id}/refunds`, { json: { amount: '94.50', api_refund: false } });
    await vi.waitFor(
      () => {
        const update = seen.find((d) => d.topic === 'order.updated');
        expect(update && (JSON.parse(update.body) as Json)).toMatchObject({
          id,
          status: 'refunded',
          refunds: [{ id: refund.body.id, total: '-94.50' }],
        });
      },
      { timeout: EVENTUALLY_MS },
    );
  });
});
