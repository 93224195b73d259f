import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  contextFor,
  expectProviderError,
  fixtureFrom,
  postControl,
  type SimulatorFixture,
} from '../../contract-kit';
import { createSandboxFetch } from '../../sandbox-network';
import { EVENTUALLY_MS } from '../../../test/eventually';
import { startSimulator, type RunningSimulator } from '#sandbox/simulator-kit';
import { describeStoreContract, orderFor } from '../contract';
import type { StoreProduct } from '../store-platform';
import { woocommerceCredentials, type WoocommerceCredentials } from './credentials';
import { woocommerce } from './index';
import {
  CHECKOUT_META_KEY,
  mapWoocommerceOrderStatus,
  priceToMinor,
  splitName,
  toStoreProduct,
  WOOCOMMERCE_ORDER_STATUSES,
  WOOCOMMERCE_STATUS_FOR,
} from './mapping';
import { oauthBaseString, oauthHmac, oauthQueryParams, rfc3986 } from './oauth1';
import {
  createWoocommerceSimulator,
  WOOCOMMERCE_SANDBOX_CONSUMER_KEY,
  WOOCOMMERCE_SANDBOX_CONSUMER_SECRET,
  WOOCOMMERCE_SANDBOX_READ_ONLY_KEY,
  WOOCOMMERCE_SANDBOX_READ_ONLY_SECRET,
  WOOCOMMERCE_SANDBOX_STORE_URL,
  type WoocommerceSimulatorOptions,
} from '#sandbox/stores/woocommerce/simulator';

const credentials: WoocommerceCredentials = {
  storeUrl: WOOCOMMERCE_SANDBOX_STORE_URL,
  consumerKey: WOOCOMMERCE_SANDBOX_CONSUMER_KEY,
  consumerSecret: WOOCOMMERCE_SANDBOX_CONSUMER_SECRET,
};
const unknownKeys: WoocommerceCredentials = {
  ...credentials,
  consumerKey: `ck_${'0'.repeat(40)}`,
  consumerSecret: `cs_${'0'.repeat(40)}`,
};
const readOnly: WoocommerceCredentials = {
  ...credentials,
  consumerKey: WOOCOMMERCE_SANDBOX_READ_ONLY_KEY,
  consumerSecret: WOOCOMMERCE_SANDBOX_READ_ONLY_SECRET,
};
const realFetch = globalThis.fetch;

const startWoo = (opts?: WoocommerceSimulatorOptions) =>
  startSimulator('woocommerce', createWoocommerceSimulator(opts).app);

/** What sandbox mode does for `https://<name>.woocommerce.sandbox`: loopback plus the proxy headers. */
const sandboxFetch = (sim: RunningSimulator) =>
  createSandboxFetch([{ host: '*.woocommerce.sandbox', target: sim.baseUrl }], realFetch);

const orderInput = (product: StoreProduct, quantity = 2) =>
  orderFor(product, {
    quantity,
    transactionId: 'pi_test_123',
    buyer: { name: 'Ada King Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000' },
  });

/** The parts of a WooCommerce order response the tests look at. */
interface RawOrder {
  date_paid: string | null;
  transaction_id: string;
  billing: Record<string, string>;
  line_items: Record<string, unknown>[];
  shipping_lines: Record<string, unknown>[];
  meta_data: { key: string; value: unknown }[];
}

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local HTTP endpoint standing in for our webhook route. */
async function startReceiver() {
  const deliveries: Delivery[] = [];
  const waiting: { match: (d: Delivery) => boolean; resolve: (d: Delivery) => void }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const delivery = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      deliveries.push(delivery);
      for (const w of waiting.filter((w) => w.match(delivery))) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(delivery);
      }
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/woocommerce`,
    deliveries,
    next(match: (d: Delivery) => boolean): Promise<Delivery> {
      const seen = deliveries.find(match);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiting.push({ match, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A raw request to the simulator as an HTTPS client with Basic auth would send it. */
async function wooHttps(
  sim: RunningSimulator,
  path: string,
  init: { method?: string; json?: unknown; keys?: WoocommerceCredentials; host?: string } = {},
) {
  const keys = init.keys ?? credentials;
  const res = await realFetch(`${sim.baseUrl}/wp-json/wc/v3/${path}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers: {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': init.host ?? 'demo.woocommerce.sandbox',
      authorization: `Basic ${Buffer.from(`${keys.consumerKey}:${keys.consumerSecret}`).toString('base64')}`,
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  return { res, body: (await res.json()) as Record<string, unknown> & { code?: string; message?: string } };
}

const headersOf = (delivery: Delivery) =>
  Object.fromEntries(Object.entries(delivery.headers).map(([k, v]) => [k, String(v)]));

/** Registers a webhook, places an order and returns the signed order.created delivery it caused. */
async function orderCreatedDelivery(
  sim: RunningSimulator,
  fx: Pick<SimulatorFixture<WoocommerceCredentials>, 'baseUrl' | 'credentials'>,
  secret: string,
  fetchImpl: typeof fetch = realFetch,
) {
  const receiver = await startReceiver();
  try {
    const hook = await wooHttps(sim, 'webhooks', {
      json: { name: 'AgentCart', topic: 'order.created', delivery_url: receiver.url, secret },
    });
    expect(hook.res.status).toBe(201);
    const ctx = contextFor(fx, fx.credentials, { fetch: fetchImpl });
    const product = (await woocommerce.findProductBySku(ctx, 'TEST-PRODUCT-001'))!;
    const order = await woocommerce.createOrder(ctx, orderInput(product, 1));
    const delivery = await receiver.next((d) => d.headers['x-wc-webhook-topic'] === 'order.created');
    const ping = await receiver.next((d) => d.body.startsWith('webhook_id='));
    await wooHttps(sim, `webhooks/${String(hook.body.id)}?force=true`, { method: 'DELETE' });
    return { order, delivery, ping };
  } finally {
    await receiver.close();
  }
}

describe('over plain HTTP, every request OAuth 1.0a signed', () => {
  let sim: RunningSimulator;
  describeStoreContract<WoocommerceCredentials>({
    platform: woocommerce,
    async start() {
      sim = await startWoo();
      return fixtureFrom(
        sim,
        { ...credentials, storeUrl: sim.baseUrl },
        { ...unknownKeys, storeUrl: sim.baseUrl },
      );
    },
    // A variation: its SKU is only reachable through its parent's variations.
    knownSku: 'TENT-2P-GRN',
    async signedWebhook(fx, secret) {
      const { delivery } = await orderCreatedDelivery(sim, fx, secret);
      return { rawBody: delivery.body, headers: headersOf(delivery) };
    },
  });
});

describe('over HTTPS as sandbox mode routes it, with Basic auth', () => {
  let sim: RunningSimulator;
  describeStoreContract<WoocommerceCredentials>({
    platform: woocommerce,
    async start() {
      sim = await startWoo();
      // The contract builds contexts with the global fetch, so route it the way sandbox mode does.
      vi.stubGlobal('fetch', sandboxFetch(sim));
      return {
        ...fixtureFrom(sim, credentials, unknownKeys),
        baseUrl: WOOCOMMERCE_SANDBOX_STORE_URL,
        async close() {
          vi.unstubAllGlobals();
          await sim.close();
        },
      };
    },
    knownSku: 'TEST-PRODUCT-001',
    stockControl: (sku) => `stores/demo/products/${sku}/stock`,
  });
});

describe('woocommerce adapter against the simulator', () => {
  let sim: RunningSimulator;
  const overHttp = () => contextFor(sim, { ...credentials, storeUrl: sim.baseUrl });
  const overHttps = (keys = credentials, store = WOOCOMMERCE_SANDBOX_STORE_URL) =>
    contextFor({ baseUrl: store }, { ...keys, storeUrl: store }, { fetch: sandboxFetch(sim) });

  beforeAll(async () => {
    sim = await startWoo();
  });
  afterAll(() => sim.close());

  async function signedUrl(path: string, opts: { now?: Date; nonce?: string; method?: string } = {}) {
    const url = new URL(`${sim.baseUrl}/wp-json/wc/v3/${path}`);
    const oauth = oauthQueryParams({
      method: opts.method ?? 'GET',
      url,
      consumerKey: WOOCOMMERCE_SANDBOX_CONSUMER_KEY,
      consumerSecret: WOOCOMMERCE_SANDBOX_CONSUMER_SECRET,
      now: opts.now ?? new Date(),
      nonce: opts.nonce,
    });
    for (const [key, value] of Object.entries(oauth)) url.searchParams.set(key, value);
    return url;
  }

  it('tests the connection and reads the site name over both transports', async () => {
    await expect(woocommerce.testConnection(overHttp())).resolves.toEqual({
      storeName: 'Trailhead Outdoor Co.',
    });
    await expect(woocommerce.testConnection(overHttps())).resolves.toEqual({
      storeName: 'Trailhead Outdoor Co.',
    });
  });

  it('refuses Basic auth over plain HTTP, as WordPress does', async () => {
    const res = await realFetch(`${sim.baseUrl}/wp-json/wc/v3/products?per_page=1`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${WOOCOMMERCE_SANDBOX_CONSUMER_KEY}:${WOOCOMMERCE_SANDBOX_CONSUMER_SECRET}`).toString('base64')}`,
      },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      code: 'woocommerce_rest_cannot_view',
      message: 'Sorry, you cannot list resources.',
      data: { status: 401 },
    });
  });

  it('accepts keys in the query string over HTTPS only', async () => {
    const query = `per_page=1&consumer_key=${WOOCOMMERCE_SANDBOX_CONSUMER_KEY}&consumer_secret=${WOOCOMMERCE_SANDBOX_CONSUMER_SECRET}`;
    const https = await realFetch(`${sim.baseUrl}/wp-json/wc/v3/products?${query}`, {
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'demo.woocommerce.sandbox' },
    });
    expect(https.status).toBe(200);
    expect(await https.json()).toHaveLength(1);
    const http = await realFetch(`${sim.baseUrl}/wp-json/wc/v3/products?${query}`);
    expect(http.status).toBe(401);
  });

  it('names the failure for a wrong secret and an unknown key, with WWW-Authenticate over HTTPS', async () => {
    const wrongSecret = await wooHttps(sim, 'products', {
      keys: { ...credentials, consumerSecret: unknownKeys.consumerSecret },
    });
    expect(wrongSecret.res.status).toBe(401);
    expect(wrongSecret.body.message).toBe('Consumer secret is invalid.');
    expect(wrongSecret.res.headers.get('www-authenticate')).toMatch(/^Basic realm="WooCommerce API/);
    // An unknown key in Basic auth just runs unauthenticated: the route refuses, not the auth layer.
    const unknown = await wooHttps(sim, 'orders', { method: 'POST', json: {}, keys: unknownKeys });
    expect(unknown.res.status).toBe(401);
    expect(unknown.body.code).toBe('woocommerce_rest_cannot_create');

    const refused = await expectProviderError(
      woocommerce.testConnection(contextFor(sim, { ...unknownKeys, storeUrl: sim.baseUrl })),
    );
    expect(refused).toMatchObject({ kind: 'auth', status: 401, statusText: 'Unauthorized' });
    expect(refused.message).toContain('Consumer key is invalid.');
  });

  it('rejects a replayed nonce, a stale timestamp and a tampered signature', async () => {
    const url = await signedUrl('products?per_page=1', { nonce: 'replayed-nonce-0001' });
    expect((await realFetch(url)).status).toBe(200);
    const replay = await realFetch(url);
    expect(replay.status).toBe(401);
    expect((await replay.json()).message).toBe('Invalid nonce - nonce has already been used.');

    const stale = await realFetch(await signedUrl('products', { now: new Date(Date.now() - 20 * 60_000) }));
    expect((await stale.json()).message).toBe('Invalid timestamp.');

    const tampered = await signedUrl('products?per_page=1');
    tampered.searchParams.set('per_page', '2');
    const bad = await realFetch(tampered);
    expect(bad.status).toBe(401);
    expect((await bad.json()).message).toBe('Invalid signature - provided signature does not match.');
  });

  it('lets a read-only key read but not create an order', async () => {
    const ctx = overHttps(readOnly);
    const product = (await woocommerce.findProductBySku(ctx, 'TEST-PRODUCT-001'))!;
    expect(product.priceMinor).toBe(1999);
    const err = await expectProviderError(woocommerce.createOrder(ctx, orderInput(product)));
    expect(err).toMatchObject({ kind: 'auth', status: 401 });
    expect(err.message).toContain('does not have write permissions');
  });

  it('paginates with X-WP-Total, X-WP-TotalPages and a Link header on the public URL', async () => {
    const page = await woocommerce.listProducts(overHttps(), { page: 2, perPage: 10 });
    expect(page).toMatchObject({ page: 2, perPage: 10, total: 24, totalPages: 3, hasMore: true });
    expect(page.products).toHaveLength(10);
    const last = await woocommerce.listProducts(overHttps(), { page: 3, perPage: 10 });
    expect(last).toMatchObject({ total: 24, hasMore: false });
    expect(last.products).toHaveLength(4);

    const { res } = await wooHttps(sim, 'products?per_page=10&page=2');
    expect(res.headers.get('x-wp-total')).toBe('25'); // "any" status includes the draft
    expect(res.headers.get('x-wp-totalpages')).toBe('3');
    const link = res.headers.get('link')!;
    expect(link).toContain(
      '<https://demo.woocommerce.sandbox/wp-json/wc/v3/products?per_page=10&page=1>; rel="prev"',
    );
    expect(link).toContain('page=3>; rel="next"');
    const tooMany = await wooHttps(sim, 'products?per_page=101');
    expect(tooMany.res.status).toBe(400);
    expect(tooMany.body.code).toBe('rest_invalid_param');
  });

  it('finds a variation by its own SKU, with its own price and stock', async () => {
    const sand = await woocommerce.findProductBySku(overHttp(), 'TENT-2P-SND');
    expect(sand).toMatchObject({
      sku: 'TENT-2P-SND',
      name: 'Ridgeline 2-Person Tent – Sand',
      priceMinor: 16900,
      currency: 'GBP',
      stockQuantity: 3,
      inStock: true,
    });
    expect(sand!.variantId).not.toBeNull();
    expect(sand!.imageUrls[0]).toMatch(/\/wp-content\/uploads\/2025\/03\/ridgeline-2-person-tent-sand\.svg$/);
    const medium = await woocommerce.findProductBySku(overHttp(), 'JKT-STORM-M');
    expect(medium).toMatchObject({ inStock: false, stockQuantity: 0, priceMinor: 14900 });
    // The parent itself cannot be bought without choosing a variation.
    expect(await woocommerce.findProductBySku(overHttp(), 'TENT-2P')).toMatchObject({ priceMinor: null });
  });

  it('keeps drafts out of reach and reports unpriced and sold-out products as such', async () => {
    expect(await woocommerce.findProductBySku(overHttp(), 'TARP-UL-PROTO')).toBeNull();
    expect(await woocommerce.findProductBySku(overHttp(), 'FLASK-HIP-ENGR')).toMatchObject({
      priceMinor: null,
      inStock: true,
    });
    expect(await woocommerce.findProductBySku(overHttp(), 'NAV-COMPASS-MIR')).toMatchObject({
      priceMinor: 2999,
      inStock: false,
    });
    expect(await woocommerce.findProductBySku(overHttp(), 'PACK-20L-BLK')).toMatchObject({
      priceMinor: 3999,
      description: 'Light daypack with a ventilated mesh back.',
    });
  });

  it('creates a paid order that reduces stock and carries our reference', async () => {
    const ctx = overHttps();
    const before = (await woocommerce.findProductBySku(ctx, 'SBAG-DOWN-LNG'))!;
    const input = orderInput(before, 2);
    const order = await woocommerce.createOrder(ctx, input);
    expect(order).toMatchObject({
      status: 'paid',
      storeStatus: 'processing',
      totalMinor: 2 * 26900 + 499,
      currency: 'GBP',
    });
    const after = (await woocommerce.findProductBySku(ctx, 'SBAG-DOWN-LNG'))!;
    expect(after.stockQuantity).toBe(before.stockQuantity! - 2);

    const raw = order.raw as RawOrder;
    expect(raw.date_paid).toBeTruthy();
    expect(raw.transaction_id).toBe('pi_test_123');
    expect(raw.billing).toMatchObject({
      first_name: 'Ada',
      last_name: 'King Lovelace',
      email: 'ada@example.com',
    });
    expect(raw.line_items[0]).toMatchObject({
      sku: 'SBAG-DOWN-LNG',
      variation_id: Number(before.variantId),
      total: '538.00',
    });
    expect(raw.shipping_lines[0]).toMatchObject({ method_id: 'flat_rate', total: '4.99' });
    expect(raw.meta_data).toContainEqual(
      expect.objectContaining({ key: CHECKOUT_META_KEY, value: input.reference }),
    );

    const cancelled = await woocommerce.updateOrderStatus(ctx, order.id, 'cancelled');
    expect(cancelled.status).toBe('cancelled');
    expect((await woocommerce.findProductBySku(ctx, 'SBAG-DOWN-LNG'))!.stockQuantity).toBe(
      before.stockQuantity,
    );
  });

  it('does not write an order for an unknown product, where WooCommerce would save an empty line', async () => {
    const unknown = await wooHttps(sim, 'orders', {
      json: { line_items: [{ sku: 'NO-SUCH-SKU-999', quantity: 1 }] },
      host: 'scratch.woocommerce.sandbox',
    });
    expect(unknown.res.status).toBe(201);
    expect((unknown.body.line_items as { product_id: number }[])[0]!.product_id).toBe(0);

    const ctx = overHttps();
    const { orders: before } = (await postControl(sim.baseUrl, 'orders')) as { orders: unknown[] };
    const product = (await woocommerce.findProductBySku(ctx, 'TEST-PRODUCT-001'))!;
    const input = orderInput({ ...product, sku: 'NO-SUCH-SKU-999' });
    await expect(woocommerce.createOrder(ctx, input)).rejects.toMatchObject({ kind: 'invalid_request' });
    const parent = (await woocommerce.findProductBySku(ctx, 'TENT-2P'))!;
    await expect(
      woocommerce.createOrder(ctx, orderInput({ ...parent, priceMinor: 100 })),
    ).rejects.toMatchObject({
      kind: 'invalid_request',
    });
    const { orders: after } = (await postControl(sim.baseUrl, 'orders')) as { orders: unknown[] };
    expect(after).toHaveLength(before.length);

    const missing = await wooHttps(sim, 'orders', { json: { line_items: [{ quantity: 1 }] } });
    expect(missing.res.status).toBe(400);
    expect(missing.body.code).toBe('woocommerce_rest_required_product_reference');
  });

  it('skips its catalogue check only for lines the confirm has just found for sale', async () => {
    const paths: string[] = [];
    const counting: typeof fetch = (input, init) => {
      paths.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname.replace(/^.*\/wc\/v3\//, '')}`);
      return sandboxFetch(sim)(input, init);
    };
    const store = WOOCOMMERCE_SANDBOX_STORE_URL;
    const ctx = contextFor({ baseUrl: store }, { ...credentials, storeUrl: store }, { fetch: counting });
    const product = (await woocommerce.findProductBySku(ctx, 'TEST-PRODUCT-001'))!;

    paths.length = 0;
    await woocommerce.createOrder(ctx, orderInput(product, 1));
    expect(paths).toEqual([`GET products/${product.id}`, 'POST orders']);

    paths.length = 0;
    await woocommerce.createOrder(ctx, { ...orderInput(product, 1), catalogueChecked: true });
    expect(paths).toEqual(['POST orders']);
  });

  it('delivers signed order webhooks that the adapter verifies', async () => {
    const fx = { baseUrl: WOOCOMMERCE_SANDBOX_STORE_URL, credentials };
    const { order, delivery, ping } = await orderCreatedDelivery(sim, fx, 'whsec-local', sandboxFetch(sim));
    expect(headersOf(delivery)).toMatchObject({
      'content-type': 'application/json',
      'x-wc-webhook-topic': 'order.created',
      'x-wc-webhook-resource': 'order',
      'x-wc-webhook-event': 'created',
      'x-wc-webhook-source': 'https://demo.woocommerce.sandbox/',
    });
    expect(JSON.parse(delivery.body)).toMatchObject({ id: Number(order.id), status: 'processing' });
    expect(
      woocommerce.verifyWebhook!({
        rawBody: delivery.body,
        headers: delivery.headers,
        secret: 'whsec-local',
      }),
    ).toBe(true);
    expect(
      woocommerce.verifyWebhook!({ rawBody: delivery.body, headers: delivery.headers, secret: 'other' }),
    ).toBe(false);
    // WooCommerce pings a new webhook's URL with a form body.
    expect(ping.body).toMatch(/^webhook_id=\d+$/);
    expect(ping.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('keeps order notes: status changes, stock moves and notes added over the API', async () => {
    const ctx = overHttps();
    const product = (await woocommerce.findProductBySku(ctx, 'HAMMOCK-SGL'))!;
    const order = await woocommerce.createOrder(ctx, orderInput(product, 1));
    await woocommerce.updateOrderStatus(ctx, order.id, 'fulfilled');
    const added = await wooHttps(sim, `orders/${order.id}/notes`, {
      json: { note: 'Dispatched with Royal Mail', customer_note: true },
    });
    expect(added.res.status).toBe(201);
    expect(added.body).toMatchObject({ note: 'Dispatched with Royal Mail', customer_note: true });
    const { body } = await wooHttps(sim, `orders/${order.id}/notes`);
    const notes = (body as unknown as { note: string }[]).map((n) => n.note);
    expect(notes).toEqual([
      'Dispatched with Royal Mail',
      'Order status changed from Processing to Completed.',
      expect.stringMatching(/^Stock levels reduced: Hammock with Tree Straps \(HAMMOCK-SGL\) 14&rarr;13/),
      'Order status changed from Pending payment to Processing.',
    ]);
    const refused = await wooHttps(sim, `orders/${order.id}/notes`, { json: { customer_note: true } });
    expect(refused.body.code).toBe('rest_missing_callback_param');
  });

  it('disables a webhook after five failed deliveries in a row', async () => {
    const attempts: string[] = [];
    const failing = await startWoo({
      deliver: async (_url, request) => {
        attempts.push(request.body);
        return 500;
      },
    });
    try {
      const hook = await wooHttps(failing, 'webhooks', {
        json: { topic: 'order.updated', delivery_url: 'https://hooks.example.com/woo', secret: 's' },
      });
      const ctx = contextFor({ baseUrl: failing.baseUrl }, { ...credentials, storeUrl: failing.baseUrl });
      const product = (await woocommerce.findProductBySku(ctx, 'FUEL-230G'))!;
      const order = await woocommerce.createOrder(ctx, orderInput(product, 1));
      for (const status of ['fulfilled', 'paid', 'fulfilled', 'paid', 'fulfilled'] as const) {
        await woocommerce.updateOrderStatus(ctx, order.id, status);
      }
      await vi.waitFor(
        async () => {
          const { body } = await wooHttps(failing, `webhooks/${String(hook.body.id)}`);
          expect(body.status).toBe('disabled');
        },
        { timeout: EVENTUALLY_MS },
      );
      expect(attempts.filter((b) => b.startsWith('{'))).toHaveLength(5);
    } finally {
      await failing.close();
    }
  });

  it('hosts several stores, chosen by host', async () => {
    const alpine = overHttps(credentials, 'https://alpine.woocommerce.sandbox');
    expect(await woocommerce.testConnection(alpine)).toEqual({ storeName: 'Alpine Outdoors' });
    const product = (await woocommerce.findProductBySku(alpine, 'TEST-PRODUCT-001'))!;
    expect(product.url).toBe('https://alpine.woocommerce.sandbox/product/agentcart-test-product/');
    await postControl(sim.baseUrl, 'stores/alpine/products/TEST-PRODUCT-001/stock', { quantity: 0 });
    expect((await woocommerce.findProductBySku(alpine, 'TEST-PRODUCT-001'))!.inStock).toBe(false);
    expect((await woocommerce.findProductBySku(overHttps(), 'TEST-PRODUCT-001'))!.inStock).toBe(true);
    await postControl(sim.baseUrl, 'stores/alpine/reset');
    expect((await woocommerce.findProductBySku(alpine, 'TEST-PRODUCT-001'))!.stockQuantity).toBe(500);
  });

  it('answers like WordPress for unknown routes, bad ids and missing orders', async () => {
    const noRoute = await wooHttps(sim, 'orders/abc');
    expect(noRoute.res.status).toBe(404);
    expect(noRoute.body.code).toBe('rest_no_route');
    const missing = await wooHttps(sim, 'orders/424242');
    expect(missing.body).toEqual({
      code: 'woocommerce_rest_shop_order_invalid_id',
      message: 'Invalid ID.',
      data: { status: 404 },
    });
    const update = await wooHttps(sim, 'orders/424242', { method: 'PUT', json: { status: 'completed' } });
    expect(update.res.status).toBe(400);
    await expect(woocommerce.updateOrderStatus(overHttps(), '424242', 'fulfilled')).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it('serves product images and lists its controls and credentials', async () => {
    const [image] = (await woocommerce.findProductBySku(overHttp(), 'LAMP-HEAD-400'))!.imageUrls;
    const res = await realFetch(image!);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(await res.text()).toContain('Headtorch 400 Lumen');

    const info = await (await realFetch(`${sim.baseUrl}/__sim`)).json();
    expect(info.credentials).toEqual({
      storeUrl: 'https://demo.woocommerce.sandbox',
      consumerKey: WOOCOMMERCE_SANDBOX_CONSUMER_KEY,
      consumerSecret: WOOCOMMERCE_SANDBOX_CONSUMER_SECRET,
    });
    expect(info.controls).toEqual(
      expect.arrayContaining([
        'POST /__sim/stores/:store/products/:sku/stock',
        'POST /__sim/products/:sku/stock',
        'POST /__sim/stores/:store/reset',
        'POST /__sim/orders',
      ]),
    );
    expect(woocommerceCredentials.parse(info.credentials)).toEqual(info.credentials);
  });
});

describe('oauth 1.0a signer', () => {
  it('reproduces the OAuth Core 1.0 appendix A example', () => {
    const base = oauthBaseString('GET', 'http://photos.example.net/photos', [
      ['file', 'vacation.jpg'],
      ['size', 'original'],
      ['oauth_consumer_key', 'dpf43f3p2l4k3l03'],
      ['oauth_token', 'nnch734d00sl2jdk'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '1191242096'],
      ['oauth_nonce', 'kllo9940pd9333jh'],
      ['oauth_version', '1.0'],
    ]);
    expect(base).toBe(
      'GET&http%3A%2F%2Fphotos.example.net%2Fphotos&file%3Dvacation.jpg%26oauth_consumer_key%3Ddpf43f3p2l4k3l03%26oauth_nonce%3Dkllo9940pd9333jh%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1191242096%26oauth_token%3Dnnch734d00sl2jdk%26oauth_version%3D1.0%26size%3Doriginal',
    );
    expect(oauthHmac(base, 'kd94hf93k423kf44&pfkkdhi9sl3r4s00', 'HMAC-SHA1')).toBe(
      'tR3+Ty81lMeYAr/Fid0kMTYa/WM=',
    );
  });

  it('encodes like rawurlencode and signs every query parameter one-legged', () => {
    expect(rfc3986("a b!'()*~")).toBe('a%20b%21%27%28%29%2A~');
    const params = oauthQueryParams({
      method: 'GET',
      url: new URL('http://shop.test/wp-json/wc/v3/products?per_page=1'),
      consumerKey: 'ck_1',
      consumerSecret: 'cs_1',
      now: new Date(1_700_000_000_000),
      nonce: 'abc',
    });
    expect(params).toMatchObject({ oauth_timestamp: '1700000000', oauth_signature_method: 'HMAC-SHA256' });
    // Known answers computed once outside this code (base64 HMAC of the base string, key "cs_1&").
    expect(params.oauth_signature).toBe('Slg9R6CsFSKDVYRwTb2LHTpDSQBPMNiuutS/MOjdMbg=');
    const sha1 = oauthQueryParams({
      method: 'GET',
      url: new URL('http://shop.test/wp-json/wc/v3/products?per_page=1'),
      consumerKey: 'ck_1',
      consumerSecret: 'cs_1',
      now: new Date(1_700_000_000_000),
      nonce: 'abc',
      signatureMethod: 'HMAC-SHA1',
    });
    expect(sha1.oauth_signature).toBe('8fLJefecs12MJMrbjaDYzr2jeGM=');
  });

  it('encodes parameter values twice in the base string, as the plugin does (known answer)', () => {
    const sign = (search: string, consumerSecret = 'cs_1') => {
      const url = new URL('http://shop.test/wp-json/wc/v3/orders');
      url.searchParams.set('search', search);
      url.searchParams.set('after', '2026-05-01T00:00:00');
      const now = new Date(1_700_000_000_000);
      return oauthQueryParams({ method: 'GET', url, consumerKey: 'ck_1', consumerSecret, now, nonce: 'abc' })
        .oauth_signature;
    };
    // Signed: GET&http%3A%2F%2Fshop.test%2Fwp-json%2Fwc%2Fv3%2Forders&after%3D2026-05-01T00%253A00%253A00%26
    // oauth_consumer_key%3Dck_1%26…%26search%3Dtea%2520%2526%2520cake%2527s, keyed with "cs_1&".
    expect(sign("tea & cake's")).toBe('P+PuQXOgTHZp6dArEzMD5nGJy4nsBk0q0kLUxQbOags=');
    expect(sign("tea & cake's", 'cs_2')).not.toBe('P+PuQXOgTHZp6dArEzMD5nGJy4nsBk0q0kLUxQbOags=');
    expect(sign("tea & cakes'")).not.toBe('P+PuQXOgTHZp6dArEzMD5nGJy4nsBk0q0kLUxQbOags=');
  });
});

describe('woocommerce mapping', () => {
  it('maps every order status, treats unknown ones as pending, and maps ours back', () => {
    expect(
      Object.fromEntries(WOOCOMMERCE_ORDER_STATUSES.map((s) => [s, mapWoocommerceOrderStatus(s)])),
    ).toEqual({
      pending: 'pending',
      processing: 'paid',
      'on-hold': 'pending',
      completed: 'fulfilled',
      cancelled: 'cancelled',
      refunded: 'refunded',
      failed: 'failed',
      'checkout-draft': 'pending',
      trash: 'cancelled',
    });
    expect(mapWoocommerceOrderStatus('shipped')).toBe('pending');
    for (const [ours, theirs] of Object.entries(WOOCOMMERCE_STATUS_FOR)) {
      expect(mapWoocommerceOrderStatus(theirs)).toBe(ours);
    }
  });

  it('turns price strings into integer minor units without floats', () => {
    expect(priceToMinor('21.99')).toBe(2199);
    expect(priceToMinor('0.1')).toBe(10);
    expect(priceToMinor('1234567.89')).toBe(123456789);
    expect(priceToMinor('')).toBeNull();
    expect(priceToMinor('19.995')).toBeNull();
    expect(splitName('  Cher ')).toEqual({ first_name: 'Cher', last_name: '' });
  });

  it('reads stock managed by the parent and unmanaged stock', () => {
    const product = {
      id: 7,
      name: 'Rope &amp; Harness',
      type: 'simple',
      status: 'publish',
      sku: 'R-1',
      permalink: null,
      description: '<p>Line<br>two</p>',
      short_description: '',
      price: '5.00',
      images: [],
      categories: [{ name: 'Ropes &amp; Cord' }],
      variations: [],
      manage_stock: false as const,
      stock_quantity: null,
      stock_status: 'onbackorder',
    };
    expect(toStoreProduct(product, 'GBP')).toMatchObject({
      name: 'Rope & Harness',
      description: 'Line two',
      stockQuantity: null,
      inStock: true,
      priceMinor: 500,
      categories: ['Ropes & Cord'],
    });
  });
});

describe('woocommerce credentials', () => {
  it('trims, strips the trailing slash and checks the key formats', () => {
    expect(
      woocommerceCredentials.parse({ ...credentials, storeUrl: ' http://shop.example.com/wp/ ' }).storeUrl,
    ).toBe('http://shop.example.com/wp');
    const empty = woocommerceCredentials.safeParse({ storeUrl: '', consumerKey: '', consumerSecret: ' ' });
    expect(new Set(empty.error!.issues.map((i) => i.message))).toEqual(
      new Set(['Please fill in all WooCommerce credentials']),
    );
    const wrong = woocommerceCredentials.safeParse({ ...credentials, consumerKey: 'cs_123' });
    expect(wrong.error!.issues[0]!.message).toMatch(/^Consumer key must be "ck_"/);
  });
});
