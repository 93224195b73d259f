import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextFor, expectProviderError, expectListing, fixtureFrom, postControl } from '../../contract-kit';
import { createSandboxFetch } from '../../sandbox-network';
import { startSimulator, type RunningSimulator } from '#sandbox/simulator-kit';
import { describeStoreContract, orderFor, signedWebhookFromControl } from '../contract';
import type { StoreProduct } from '../store-platform';
import { SHOPIFY_API_VERSION } from './api';
import { shopifyCredentials, type ShopifyCredentials } from './credentials';
import { createShopifyPlatform, shopify } from './index';
import { mapShopifyOrderStatus, SHOPIFY_FINANCIAL_STATUSES, mapShopifyFinancialStatus } from './mapping';
import {
  createShopifySimulator,
  SHOPIFY_SANDBOX_ACCESS_TOKEN,
  SHOPIFY_SANDBOX_STORE_NAME,
  SHOPIFY_SANDBOX_WEBHOOK_SECRET,
} from '#sandbox/stores/shopify/simulator';
import { isValidShopifyWebhook } from './webhook';

const credentials = { storeName: SHOPIFY_SANDBOX_STORE_NAME, accessToken: SHOPIFY_SANDBOX_ACCESS_TOKEN };

describeStoreContract<ShopifyCredentials>({
  platform: shopify,
  async start() {
    return fixtureFrom(await startSimulator('shopify', createShopifySimulator().app), credentials, {
      ...credentials,
      accessToken: 'shpat_00000000000000000000000000000000',
    });
  },
  knownSku: 'KO-HT-400',
  signedWebhook: signedWebhookFromControl('webhooks/sign'),
});

describe('shopify status mapping', () => {
  it('maps every financial status, then lets refunds, cancellations and fulfilment refine it', () => {
    expect(
      Object.fromEntries(SHOPIFY_FINANCIAL_STATUSES.map((s) => [s, mapShopifyFinancialStatus(s)])),
    ).toEqual({
      pending: 'pending',
      authorized: 'pending',
      partially_paid: 'pending',
      paid: 'paid',
      partially_refunded: 'paid',
      refunded: 'refunded',
      voided: 'cancelled',
      expired: 'failed',
    });
    expect(mapShopifyFinancialStatus('something_new')).toBe('pending');
    expect(mapShopifyFinancialStatus(null)).toBe('pending');
    const at = '2026-01-01T00:00:00Z';
    expect(mapShopifyOrderStatus({ financial_status: 'paid', fulfillment_status: 'fulfilled' })).toBe(
      'fulfilled',
    );
    expect(mapShopifyOrderStatus({ financial_status: 'paid', fulfillment_status: 'partial' })).toBe('paid');
    expect(
      mapShopifyOrderStatus({ financial_status: 'paid', cancelled_at: at, cancel_reason: 'customer' }),
    ).toBe('cancelled');
    expect(
      mapShopifyOrderStatus({ financial_status: 'pending', cancelled_at: at, cancel_reason: 'declined' }),
    ).toBe('failed');
    expect(
      mapShopifyOrderStatus({ financial_status: 'refunded', cancelled_at: at, cancel_reason: 'customer' }),
    ).toBe('refunded');
  });
});

describe('shopify credentials', () => {
  it('takes the store name out of whatever the merchant pastes', () => {
    for (const pasted of [
      'my-store',
      ' My-Store.myshopify.com ',
      'https://my-store.myshopify.com/admin/settings',
    ]) {
      expect(shopifyCredentials.parse({ storeName: pasted, accessToken: 'shpat_x' }).storeName).toBe(
        'my-store',
      );
    }
    expect(shopifyCredentials.safeParse({ storeName: 'my store!', accessToken: 'x' }).success).toBe(false);
    expect(
      shopifyCredentials.safeParse({ storeName: 'my-store', accessToken: ' ' }).error?.issues[0]?.message,
    ).toBe('Please fill in all Shopify credentials');
  });
});

const orderInput = (product: StoreProduct, paid = true) =>
  orderFor(product, {
    paid,
    shipping: { methodId: 'standard', label: 'Standard delivery', amountMinor: 450 },
    transactionId: 'pi_123',
  });

describe('shopify adapter and simulator', () => {
  let running: RunningSimulator;
  const second = { storeName: 'harbour-surf', accessToken: 'shpat_5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e' };
  const delivered: { url: string; rawBody: string; headers: Record<string, string> }[] = [];
  /** As in sandbox mode: the adapter calls https://{shop}.myshopify.com and the network routes it here. */
  const shopCtx = (creds: ShopifyCredentials) =>
    contextFor({ baseUrl: `https://${creds.storeName}.myshopify.com` }, creds, {
      fetch: createSandboxFetch([{ host: '*.myshopify.com', target: running.baseUrl }]),
    });
  const ctx = () => shopCtx(credentials);
  const find = async (sku: string) => (await shopify.findProductBySku(ctx(), sku))!;

  beforeAll(async () => {
    const simulator = createShopifySimulator({
      shops: [{ ...credentials, webhookSecret: SHOPIFY_SANDBOX_WEBHOOK_SECRET }, second],
      deliver: async (url, rawBody, headers) => {
        delivered.push({ url, rawBody, headers });
      },
    });
    running = await startSimulator('shopify', simulator.app);
  });
  afterAll(() => running.close());

  it('tells shops apart by host, and refuses one shop’s token at another', async () => {
    expect(await shopify.testConnection(ctx())).toEqual({ storeName: 'Kestrel Outdoor' });
    await expect(shopify.testConnection(shopCtx(second))).resolves.toBeDefined();
    const crossed = await expectProviderError(
      shopify.testConnection(shopCtx({ ...second, accessToken: credentials.accessToken })),
    );
    expect(crossed).toMatchObject({ kind: 'auth', status: 401 });
    const missing = await expectProviderError(
      shopify.testConnection(shopCtx({ ...credentials, storeName: 'no-such-shop' })),
    );
    expect(missing).toMatchObject({ kind: 'not_found', status: 404 });
  });

  it('sells variants, never drafts or archived products, and reads stock the way Shopify means it', async () => {
    const all = await shopify.listProducts(ctx(), { page: 1, perPage: 250 });
    expect(all.products).toHaveLength(17);
    expect(all).toMatchObject({ total: 17, totalPages: 1, hasMore: false });
    const bySku = Object.fromEntries(all.products.map((p) => [p.sku, p]));
    expect(bySku['KO-MBL-M']).toMatchObject({
      name: 'Merino Base Layer Crew – Medium',
      priceMinor: 5500,
      inStock: true,
    });
    expect(bySku['KO-MBL-L']).toMatchObject({ stockQuantity: 0, inStock: false });
    expect(bySku['KO-BIVVY']).toMatchObject({ stockQuantity: 0, inStock: true });
    expect(bySku['KO-MAP-CASE']).toMatchObject({ stockQuantity: null, inStock: true });
    expect(bySku['TEST-PRODUCT-001']).toMatchObject({ name: 'Test Product', priceMinor: 1999 });
    expect(bySku['KO-HT-400']!.url).toBe('https://kestrel-outdoor.myshopify.com/products/headtorch-400');
    expect(bySku['KO-PROTO']).toBeUndefined();
    expect(await shopify.findProductBySku(ctx(), 'KO-FLEECE-OLD')).toBeNull();
  });

  it('walks page_info cursors to reach a page, and the simulator refuses filters beside a cursor', async () => {
    const all = await shopify.listProducts(ctx(), { page: 1, perPage: 250 });
    const third = await shopify.listProducts(ctx(), { page: 3, perPage: 4 });
    expect(third.products.map((p) => p.sku)).toEqual(all.products.slice(8, 12).map((p) => p.sku));
    expect(third.hasMore).toBe(true);

    const url = `${running.baseUrl}/admin/api/${SHOPIFY_API_VERSION}/products.json`;
    const headers = { 'x-shopify-access-token': credentials.accessToken };
    const first = await fetch(`${url}?limit=2`, { headers });
    expect(first.headers.get('x-shopify-shop-api-call-limit')).toMatch(/^\d+\/40$/);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link')!)![1]!;
    const pageInfo = new URL(next).searchParams.get('page_info');
    expect((await fetch(`${url}?limit=2&page_info=${pageInfo}`, { headers })).status).toBe(200);
    expect((await fetch(`${url}?limit=2&status=active&page_info=${pageInfo}`, { headers })).status).toBe(400);
  });

  it('writes a paid order with its transaction, and a retry finds it instead of writing another', async () => {
    const product = await find('KO-STOVE');
    const input = orderInput(product);
    const order = await shopify.createOrder(ctx(), input);
    expect(order).toMatchObject({
      status: 'paid',
      storeStatus: 'paid',
      totalMinor: 4900 + 450,
      currency: 'GBP',
    });
    expect(order.number).toMatch(/^#\d+$/);
    expect((await shopify.createOrder(ctx(), input)).id).toBe(order.id);
    expect((await find('KO-STOVE')).stockQuantity).toBe(product.stockQuantity! - 1);
    const raw = order.raw as { note_attributes: { name: string; value: string }[] };
    expect(raw.note_attributes).toContainEqual({ name: 'agentcart_reference', value: input.reference });
  });

  it('refuses a variant Shopify does not have, and stock it cannot reserve', async () => {
    const ghost = { ...(await find('KO-STOVE')), variantId: '123' };
    expect(await expectProviderError(shopify.createOrder(ctx(), orderInput(ghost)))).toMatchObject({
      kind: 'invalid_request',
      status: 422,
    });
    const soldOut = await find('KO-MBL-L');
    expect((await expectProviderError(shopify.createOrder(ctx(), orderInput(soldOut)))).message).toContain(
      'out of stock',
    );
  });

  it('moves orders on through fulfillment orders, cancellation, refunds and payments', async () => {
    const product = await find('KO-TRS-3');
    const fulfilled = await shopify.createOrder(ctx(), orderInput(product));
    expect(await shopify.updateOrderStatus(ctx(), fulfilled.id, 'fulfilled')).toMatchObject({
      status: 'fulfilled',
      storeStatus: 'paid, fulfilled',
    });
    expect(
      (await expectProviderError(shopify.updateOrderStatus(ctx(), fulfilled.id, 'cancelled'))).status,
    ).toBe(422);
    expect((await shopify.updateOrderStatus(ctx(), fulfilled.id, 'refunded')).status).toBe('refunded');

    const cancelled = await shopify.createOrder(ctx(), orderInput(product));
    expect(await shopify.updateOrderStatus(ctx(), cancelled.id, 'cancelled')).toMatchObject({
      status: 'cancelled',
      storeStatus: 'cancelled (customer)',
    });

    const unpaid = await shopify.createOrder(ctx(), orderInput(product, false));
    expect(unpaid.status).toBe('pending');
    expect((await shopify.updateOrderStatus(ctx(), unpaid.id, 'paid')).status).toBe('paid');
    expect((await expectProviderError(shopify.updateOrderStatus(ctx(), unpaid.id, 'pending'))).kind).toBe(
      'invalid_request',
    );

    const declined = await shopify.createOrder(ctx(), orderInput(product, false));
    expect((await shopify.updateOrderStatus(ctx(), declined.id, 'failed')).status).toBe('failed');
  });

  it('signs webhooks with the app secret and delivers them to subscriptions', async () => {
    const subscribe = await fetch(`${running.baseUrl}/admin/api/${SHOPIFY_API_VERSION}/webhooks.json`, {
      method: 'POST',
      headers: { 'x-shopify-access-token': credentials.accessToken, 'content-type': 'application/json' },
      body: JSON.stringify({
        webhook: { topic: 'orders/create', address: 'https://agentcart.example/hooks/shopify' },
      }),
    });
    expect(subscribe.status).toBe(201);
    const order = await shopify.createOrder(ctx(), orderInput(await find('KO-TP-PAIR')));
    const hook = delivered.find((d) => d.headers['x-shopify-topic'] === 'orders/create')!;
    expect(JSON.parse(hook.rawBody).id).toBe(Number(order.id));
    expect(hook.headers['x-shopify-shop-domain']).toBe('kestrel-outdoor.myshopify.com');
    expect(isValidShopifyWebhook({ ...hook, secret: SHOPIFY_SANDBOX_WEBHOOK_SECRET })).toBe(true);
    expect(isValidShopifyWebhook({ ...hook, secret: 'shpss_wrong' })).toBe(false);
  });

  it('reports throttling as rate_limited', async () => {
    await postControl(running.baseUrl, 'throttle', { enabled: true });
    try {
      const err = await expectProviderError(shopify.testConnection(ctx()));
      expect(err).toMatchObject({ kind: 'rate_limited', status: 429, retryable: true });
      expect(err.message).toContain('Exceeded 2 calls per second');
    } finally {
      await postControl(running.baseUrl, 'throttle', { enabled: false });
    }
  });

  it('speaks the API version it is configured with', async () => {
    const seen: string[] = [];
    const inner = createSandboxFetch([{ host: '*.myshopify.com', target: running.baseUrl }]);
    const spy: typeof fetch = async (input, init) => {
      const response = await inner(input, init);
      seen.push(`${new URL(String(input)).pathname} ${response.headers.get('x-shopify-api-version')}`);
      return response;
    };
    const ctx2024 = contextFor({ baseUrl: 'https://kestrel-outdoor.myshopify.com' }, credentials, {
      fetch: spy,
    });
    await createShopifyPlatform({ apiVersion: '2024-04' }).testConnection(ctx2024);
    expect(seen).toEqual(['/admin/api/2024-04/shop.json 2024-04']);
  });

  it('lists its controls and sandbox credentials', async () => {
    await expectListing(running.baseUrl, {
      credentials,
      controls: ['POST /__sim/products/:sku/stock', 'POST /__sim/throttle', 'POST /__sim/webhooks/sign'],
    });
  });
});
