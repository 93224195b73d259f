import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextFor, expectProviderError, expectListing, fixtureFrom, postControl } from '../../contract-kit';
import { startSimulator, type RunningSimulator } from '#sandbox/simulator-kit';
import { describeStoreContract, orderFor, signedWebhookFromControl, type OrderOptions } from '../contract';
import type { StoreProduct } from '../store-platform';
import { customCredentials, type CustomCredentials } from './credentials';
import { custom } from './index';
import { CUSTOM_STATUSES, mapCustomStatus } from './mapping';
import {
  CUSTOM_SANDBOX_API_KEY,
  CUSTOM_SANDBOX_ENDPOINT,
  createCustomStoreSimulator,
  type CustomStoreSimulatorOptions,
} from '#sandbox/stores/custom/simulator';
import { isValidCustomWebhook } from './webhook';

const BAD_KEY = 'kc_test_00000000000000000000000000000000';

describeStoreContract<CustomCredentials>({
  platform: custom,
  async start() {
    const running = await startSimulator('custom', createCustomStoreSimulator().app);
    return fixtureFrom(
      running,
      { endpoint: running.baseUrl, apiKey: CUSTOM_SANDBOX_API_KEY },
      { endpoint: running.baseUrl, apiKey: BAD_KEY },
    );
  },
  knownSku: 'KC-ETH-YIRG',
  signedWebhook: signedWebhookFromControl('webhooks/sign'),
});

describe('custom status mapping', () => {
  it('maps every contract status to ours and anything else to pending', () => {
    expect(Object.fromEntries(CUSTOM_STATUSES.map((s) => [s, mapCustomStatus(s)]))).toEqual({
      pending: 'pending',
      paid: 'paid',
      fulfilled: 'fulfilled',
      cancelled: 'cancelled',
      refunded: 'refunded',
      failed: 'failed',
    });
    expect(mapCustomStatus('PAID')).toBe('paid');
    expect(mapCustomStatus('on_hold')).toBe('pending');
    expect(mapCustomStatus('constructor')).toBe('pending');
  });
});

describe('custom credentials', () => {
  it('strips trailing slashes and insists on https away from this machine', () => {
    expect(
      customCredentials.parse({ endpoint: ' https://shop.example.com/api/ ', apiKey: 'k' }).endpoint,
    ).toBe('https://shop.example.com/api');
    expect(
      customCredentials.safeParse({ endpoint: 'http://shop.example.com', apiKey: 'k' }).error?.issues[0]
        ?.message,
    ).toBe('Store URL must start with https://');
    expect(customCredentials.safeParse({ endpoint: '', apiKey: 'k' }).error?.issues[0]?.message).toBe(
      'Please fill in all Custom API credentials',
    );
    expect(customCredentials.safeParse({ endpoint: 'http://127.0.0.1:4010', apiKey: 'k' }).success).toBe(
      true,
    );
  });
});

const orderInput = (product: StoreProduct, options: OrderOptions = {}) =>
  orderFor(product, {
    shipping: { methodId: 'royal_mail_48', label: 'Royal Mail Tracked 48', amountMinor: 395 },
    transactionId: 'ln_123',
    lightning: true,
    ...options,
  });

describe('custom adapter against its reference simulator', () => {
  let running: RunningSimulator;
  const ctx = () => contextFor(running, { endpoint: running.baseUrl, apiKey: CUSTOM_SANDBOX_API_KEY });
  const control = (path: string, body?: unknown) => postControl(running.baseUrl, path, body);

  beforeAll(async () => {
    running = await startSimulator('custom', createCustomStoreSimulator().app);
  });
  afterAll(() => running.close());

  it('sells each variant as its own item, with its own SKU, price and stock', async () => {
    const kilo = await custom.findProductBySku(ctx(), 'KC-ESP-HOUSE-1KG');
    expect(kilo).toMatchObject({
      id: 'prod_1002',
      variantId: 'var_1002_1k',
      name: 'House Espresso Blend – 1 kg',
      priceMinor: 2900,
      currency: 'GBP',
      stockQuantity: 15,
      inStock: true,
    });
    expect(kilo!.imageUrls[0]).toMatch(/\/images\/house-espresso\.svg$/);
    const image = await fetch(kilo!.imageUrls[0]!);
    expect(image.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('counts pages in sellable items and knows the total once it has seen the end', async () => {
    const all = await custom.listProducts(ctx(), { page: 1, perPage: 100 });
    expect(all.products).toHaveLength(16);
    expect(all).toMatchObject({ total: 16, totalPages: 1, hasMore: false });
    const third = await custom.listProducts(ctx(), { page: 3, perPage: 6 });
    expect(third.products.map((p) => p.sku)).toEqual(all.products.slice(12, 16).map((p) => p.sku));
    expect(third.hasMore).toBe(false);
    expect(all.products.find((p) => p.sku === 'KC-RWA-NYA')).toMatchObject({
      stockQuantity: 0,
      inStock: false,
    });
    expect(all.products.find((p) => p.sku === 'KC-GIFT-25')).toMatchObject({
      stockQuantity: null,
      inStock: true,
    });
  });

  it('replays an order retried with the same reference instead of selling twice', async () => {
    const product = (await custom.findProductBySku(ctx(), 'KC-KEN-AA'))!;
    const input = orderInput(product);
    const first = await custom.createOrder(ctx(), input);
    const again = await custom.createOrder(ctx(), input);
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ status: 'paid', totalMinor: 1295 + 395, currency: 'GBP' });
    expect((await custom.findProductBySku(ctx(), 'KC-KEN-AA'))!.stockQuantity).toBe(
      product.stockQuantity! - 1,
    );

    const err = await expectProviderError(custom.createOrder(ctx(), { ...input, shipping: null }));
    expect(err).toMatchObject({ kind: 'invalid_request', status: 409, providerCode: 'idempotency_conflict' });
  });

  it('records an unpaid order as pending and refuses more than the stock', async () => {
    const product = (await custom.findProductBySku(ctx(), 'KC-GRIND-C40'))!;
    const unpaid = orderInput(product, { lightning: false, transactionId: 'pi_1', paid: false });
    expect((await custom.createOrder(ctx(), unpaid)).status).toBe('pending');
    const tooMany = orderInput(product);
    tooMany.lines[0]!.quantity = 50;
    const err = await expectProviderError(custom.createOrder(ctx(), tooMany));
    expect(err).toMatchObject({ kind: 'invalid_request', status: 409, providerCode: 'out_of_stock' });
  });

  it('refuses a status change the lifecycle does not allow, and repeats an allowed one harmlessly', async () => {
    const product = (await custom.findProductBySku(ctx(), 'KC-MUG-KILN'))!;
    const order = await custom.createOrder(ctx(), orderInput(product));
    expect((await custom.updateOrderStatus(ctx(), order.id, 'fulfilled')).status).toBe('fulfilled');
    expect((await custom.updateOrderStatus(ctx(), order.id, 'fulfilled')).status).toBe('fulfilled');
    const err = await expectProviderError(custom.updateOrderStatus(ctx(), order.id, 'cancelled'));
    expect(err).toMatchObject({ kind: 'invalid_request', status: 409, providerCode: 'invalid_transition' });
    await control(`orders/${order.id}/status`, { status: 'refunded' });
    expect((await custom.getOrder(ctx(), order.id)).status).toBe('refunded');
  });

  it('reports throttling as retryable and a server error as an outage', async () => {
    await control('fail-next', { status: 429 });
    const throttled = await expectProviderError(custom.testConnection(ctx()));
    expect(throttled).toMatchObject({ kind: 'rate_limited', retryable: true, status: 429 });
    await control('fail-next', { status: 500 });
    expect(await expectProviderError(custom.testConnection(ctx()))).toMatchObject({
      kind: 'unavailable',
      status: 500,
    });
  });

  it('sees price changes the merchant makes', async () => {
    await control('products/KC-V60-02/price', { price: '24.50' });
    expect((await custom.findProductBySku(ctx(), 'KC-V60-02'))!.priceMinor).toBe(2450);
  });

  it('lists its controls and a sandbox endpoint and key', async () => {
    const info = await expectListing(running.baseUrl, {
      credentials: { endpoint: CUSTOM_SANDBOX_ENDPOINT, apiKey: CUSTOM_SANDBOX_API_KEY },
      controls: [
        'POST /__sim/products/:sku/stock',
        'POST /__sim/products/:sku/price',
        'POST /__sim/orders/:id/status',
        'POST /__sim/webhooks',
        'POST /__sim/fail-next',
      ],
    });
    expect(customCredentials.safeParse(info.credentials).success).toBe(true);
  });
});

describe('custom adapter against differently built APIs', () => {
  async function withSimulator(
    options: CustomStoreSimulatorOptions,
    test: (sim: RunningSimulator) => Promise<void>,
  ) {
    const sim = await startSimulator('custom', createCustomStoreSimulator(options).app);
    try {
      await test(sim);
    } finally {
      await sim.close();
    }
  }

  it('works with an endpoint that has a path', async () => {
    await withSimulator({ basePath: '/api/agentcart' }, async (sim) => {
      const ctx = contextFor(
        { baseUrl: `${sim.baseUrl}/api/agentcart` },
        { endpoint: `${sim.baseUrl}/api/agentcart`, apiKey: CUSTOM_SANDBOX_API_KEY },
      );
      await expect(custom.testConnection(ctx)).resolves.toEqual({ storeName: null });
      expect((await custom.findProductBySku(ctx, 'KC-BRA-CER'))?.priceMinor).toBe(925);
    });
  });

  it('finds products through ?sku= when the API has no /products/{sku} route', async () => {
    await withSimulator({ skuRoute: false }, async (sim) => {
      const ctx = contextFor(sim, { endpoint: sim.baseUrl, apiKey: CUSTOM_SANDBOX_API_KEY });
      expect(await custom.findProductBySku(ctx, 'KC-SUB-2')).toMatchObject({
        variantId: 'var_1009_2',
        priceMinor: 2200,
      });
      expect(await custom.findProductBySku(ctx, 'NO-SUCH-SKU')).toBeNull();
    });
  });

  it('delivers signed events for orders to a registered URL', async () => {
    const delivered: { rawBody: string; headers: Record<string, string> }[] = [];
    const deliver = async (_url: string, rawBody: string, headers: Record<string, string>) => {
      delivered.push({ rawBody, headers });
    };
    await withSimulator({ deliver }, async (sim) => {
      const ctx = contextFor(sim, { endpoint: sim.baseUrl, apiKey: CUSTOM_SANDBOX_API_KEY });
      await postControl(sim.baseUrl, 'webhooks', {
        url: 'https://agentcart.example/hooks/custom',
        secret: 'whsec_1',
      });
      const product = (await custom.findProductBySku(ctx, 'KC-FILT-100'))!;
      const order = await custom.createOrder(ctx, orderInput(product));
      const event = delivered.find((d) => JSON.parse(d.rawBody).type === 'order.created')!;
      expect(JSON.parse(event.rawBody).data.id).toBe(order.id);
      expect(Number(event.headers['x-timestamp'])).toBeGreaterThan(1_700_000_000);
      expect(isValidCustomWebhook({ ...event, secret: 'whsec_1' })).toBe(true);
      expect(isValidCustomWebhook({ ...event, secret: 'whsec_2' })).toBe(false);
      expect(isValidCustomWebhook({ rawBody: event.rawBody, headers: {}, secret: 'whsec_1' })).toBe(false);
    });
  });
});
