import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextFor, expectProviderError, expectListing, fixtureFrom, postControl } from '../../contract-kit';
import { createSandboxFetch } from '../../sandbox-network';
import { startSimulator, type RunningSimulator } from '#sandbox/simulator-kit';
import { describeStoreContract, orderFor } from '../contract';
import type { StoreProduct } from '../store-platform';
import { magentoMessage } from './api';
import { magentoCredentials, type MagentoCredentials } from './credentials';
import { magento } from './index';
import { MAGENTO_STATES, MAGENTO_STATUSES, mapMagentoOrderStatus } from './mapping';
import {
  createMagentoSimulator,
  MAGENTO_SANDBOX_ACCESS_TOKEN,
  MAGENTO_SANDBOX_STORE_URL,
} from '#sandbox/stores/magento/simulator';

describeStoreContract<MagentoCredentials>({
  platform: magento,
  async start() {
    const running = await startSimulator('magento', createMagentoSimulator().app);
    return fixtureFrom(
      running,
      { storeUrl: running.baseUrl, accessToken: MAGENTO_SANDBOX_ACCESS_TOKEN },
      { storeUrl: running.baseUrl, accessToken: '00000000000000000000000000000000' },
    );
  },
  knownSku: 'HH-CANDLE-SEA',
});

describe('magento status mapping', () => {
  it('maps every state, lets a known status speak first, and treats the unknown as pending', () => {
    expect(
      Object.fromEntries(MAGENTO_STATES.map((state) => [state, mapMagentoOrderStatus({ state })])),
    ).toEqual({
      new: 'pending',
      pending_payment: 'pending',
      payment_review: 'pending',
      holded: 'pending',
      processing: 'paid',
      complete: 'fulfilled',
      closed: 'refunded',
      canceled: 'cancelled',
    });
    expect(
      Object.fromEntries(MAGENTO_STATUSES.map((status) => [status, mapMagentoOrderStatus({ status })])),
    ).toEqual({
      pending: 'pending',
      pending_payment: 'pending',
      payment_review: 'pending',
      holded: 'pending',
      fraud: 'failed',
      processing: 'paid',
      complete: 'fulfilled',
      closed: 'refunded',
      canceled: 'cancelled',
    });
    expect(mapMagentoOrderStatus({ state: 'processing', status: 'packed_by_warehouse' })).toBe('paid');
    expect(mapMagentoOrderStatus({ state: 'processing', status: null })).toBe('paid');
    expect(mapMagentoOrderStatus({ state: 'something_new', status: 'odd' })).toBe('pending');
  });
});

describe('magento credentials and messages', () => {
  it('keeps the store address, without a pasted REST suffix or trailing slash', () => {
    const parse = (storeUrl: string) => magentoCredentials.parse({ storeUrl, accessToken: 't' }).storeUrl;
    expect(parse('https://shop.example.com/')).toBe('https://shop.example.com');
    expect(parse('https://shop.example.com/rest/V1')).toBe('https://shop.example.com');
    expect(parse('https://shop.example.com/rest/default/V1/')).toBe('https://shop.example.com');
    expect(
      magentoCredentials.safeParse({ storeUrl: 'http://shop.example.com', accessToken: 't' }).success,
    ).toBe(false);
  });

  it('fills Magento’s message placeholders from its parameters', () => {
    expect(
      magentoMessage({
        message: 'No such entity with %fieldName = %fieldValue',
        parameters: { fieldName: 'cartId', fieldValue: 'x' },
      }),
    ).toBe('No such entity with cartId = x');
    expect(
      magentoMessage({ message: 'Carrier with such method not found: %1, %2', parameters: ['ups', 'air'] }),
    ).toBe('Carrier with such method not found: ups, air');
  });
});

const orderInput = (product: StoreProduct, paid = true, quantity = 1) =>
  orderFor(product, {
    quantity,
    paid,
    shipping: { methodId: 'flatrate_flatrate', label: 'Flat rate', amountMinor: 499 },
    transactionId: 'pi_77',
  });

describe('magento adapter and simulator', () => {
  let running: RunningSimulator;
  const warnings: unknown[] = [];
  /** As in sandbox mode: the adapter calls the store's https address and the network routes it here. */
  const ctx = () => {
    const base = contextFor(
      { baseUrl: MAGENTO_SANDBOX_STORE_URL },
      { storeUrl: MAGENTO_SANDBOX_STORE_URL, accessToken: MAGENTO_SANDBOX_ACCESS_TOKEN },
      {
        fetch: createSandboxFetch([{ host: '*.magento.sandbox', target: running.baseUrl }]),
      },
    );
    return {
      ...base,
      logger: Object.assign(Object.create(base.logger), {
        warn: (...args: unknown[]) => warnings.push(args),
      }),
    };
  };
  const find = async (sku: string) => (await magento.findProductBySku(ctx(), sku))!;

  beforeAll(async () => {
    running = await startSimulator('magento', createMagentoSimulator().app);
  });
  afterAll(() => running.close());

  it('names the default store view', async () => {
    expect(await magento.testConnection(ctx())).toEqual({ storeName: 'Default Store View' });
  });

  it('refuses the token while standalone Bearer tokens are not allowed, with Magento’s message', async () => {
    await postControl(running.baseUrl, 'bearer', { enabled: false });
    try {
      const err = await expectProviderError(magento.testConnection(ctx()));
      expect(err).toMatchObject({ kind: 'auth', status: 401 });
      const raw = await fetch(`${running.baseUrl}/rest/V1/store/storeViews`, {
        headers: { authorization: `Bearer ${MAGENTO_SANDBOX_ACCESS_TOKEN}` },
      });
      expect(await raw.json()).toEqual({
        message: "The consumer isn't authorized to access %resources.",
        parameters: { resources: 'Magento_Backend::store' },
      });
    } finally {
      await postControl(running.baseUrl, 'bearer', { enabled: true });
    }
  });

  it('lists enabled simple and virtual products with store links, media and stock', async () => {
    const all = await magento.listProducts(ctx(), { page: 1, perPage: 100 });
    expect(all).toMatchObject({ total: 14, totalPages: 1, hasMore: false });
    const bySku = Object.fromEntries(all.products.map((p) => [p.sku, p]));
    expect(bySku['HH-APRON']).toBeUndefined();
    expect(bySku['HH-LAMP-OLD']).toBeUndefined();
    expect(bySku['HH-APRON-SAGE']).toMatchObject({ priceMinor: 3000, stockQuantity: 8, currency: 'GBP' });
    expect(bySku['HH-GIFT-30']).toMatchObject({ stockQuantity: null, inStock: true });
    expect(bySku['HH-CUSH-NAVY']).toMatchObject({ stockQuantity: 0, inStock: false });
    expect(bySku['HH-BASKET']).toMatchObject({
      priceMinor: 2650,
      url: 'https://harbour-home.magento.sandbox/seagrass-basket.html',
    });
    const image = await fetch(bySku['HH-BASKET']!.imageUrls[0]!);
    expect(image.headers.get('content-type')).toContain('image/svg+xml');
    expect(await magento.findProductBySku(ctx(), 'HH-LAMP-OLD')).toBeNull();
    expect(await magento.findProductBySku(ctx(), 'HH-APRON')).toBeNull();
  });

  it('returns nothing for a page past the end, although Magento repeats its last page', async () => {
    const past = await magento.listProducts(ctx(), { page: 9, perPage: 5 });
    expect(past).toMatchObject({ products: [], hasMore: false, total: 14, totalPages: 3 });
    const last = await magento.listProducts(ctx(), { page: 3, perPage: 5 });
    expect(last.products).toHaveLength(4);
  });

  it('places a paid order through a guest cart, invoiced, with our reference in a comment', async () => {
    const input = orderInput(await find('HH-MUG-SET'));
    const order = await magento.createOrder(ctx(), input);
    expect(order).toMatchObject({
      status: 'paid',
      storeStatus: 'processing',
      totalMinor: 3200 + 499,
      currency: 'GBP',
    });
    expect(order.number).toMatch(/^\d{9}$/);
    const raw = order.raw as { total_paid: number; status_histories: { comment: string; status: string }[] };
    expect(raw.total_paid).toBe(36.99);
    expect(raw.status_histories[0]).toMatchObject({ status: 'pending' });
    expect(raw.status_histories[0]!.comment).toContain(input.reference);
    expect((await find('HH-MUG-SET')).stockQuantity).toBe(14);
  });

  it('leaves an unpaid order pending and warns when Magento prices it differently', async () => {
    const product = await find('HH-DOORMAT');
    const order = await magento.createOrder(ctx(), { ...orderInput(product, false), shipping: null });
    expect(order).toMatchObject({ status: 'pending', storeStatus: 'pending', totalMinor: 2200 + 499 });
    expect(warnings).toHaveLength(1);
  });

  it('refuses what the cart refuses: an unknown SKU, and more than the stock', async () => {
    const ghost = await expectProviderError(
      magento.createOrder(ctx(), orderInput({ ...(await find('HH-PLANTER')), sku: 'NO-SUCH-SKU' })),
    );
    expect(ghost).toMatchObject({ kind: 'invalid_request', status: 404 });
    const tooMany = await expectProviderError(
      magento.createOrder(ctx(), orderInput(await find('HH-THROW-WOOL'), true, 50)),
    );
    expect(tooMany).toMatchObject({ kind: 'invalid_request', status: 400 });
    expect(tooMany.message).toContain('requested qty is not available');
  });

  it('moves orders with Magento’s own actions, and will not cancel an invoiced order', async () => {
    const paid = await magento.createOrder(ctx(), orderInput(await find('HH-VASE-GLASS')));
    const cancel = await expectProviderError(magento.updateOrderStatus(ctx(), paid.id, 'cancelled'));
    expect(cancel.message).toContain('refund it instead');
    expect(await magento.updateOrderStatus(ctx(), paid.id, 'fulfilled')).toMatchObject({
      status: 'fulfilled',
      storeStatus: 'complete',
    });
    expect(await magento.updateOrderStatus(ctx(), paid.id, 'refunded')).toMatchObject({
      status: 'refunded',
      storeStatus: 'closed',
    });

    const unpaid = await magento.createOrder(ctx(), orderInput(await find('HH-BOARD-OAK'), false));
    expect((await magento.updateOrderStatus(ctx(), unpaid.id, 'paid')).status).toBe('paid');
    const toCancel = await magento.createOrder(ctx(), orderInput(await find('HH-BOARD-OAK'), false));
    expect(await magento.updateOrderStatus(ctx(), toCancel.id, 'cancelled')).toMatchObject({
      status: 'cancelled',
      storeStatus: 'canceled',
    });
    expect((await magento.updateOrderStatus(ctx(), toCancel.id, 'cancelled')).status).toBe('cancelled');
    expect((await expectProviderError(magento.updateOrderStatus(ctx(), unpaid.id, 'pending'))).kind).toBe(
      'invalid_request',
    );
  });

  it('answers an unknown route like Magento', async () => {
    const response = await fetch(`${running.baseUrl}/rest/V1/no/such/route`, {
      headers: { authorization: `Bearer ${MAGENTO_SANDBOX_ACCESS_TOKEN}` },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Request does not match any route.' });
  });

  it('lists its controls and sandbox credentials', async () => {
    await expectListing(running.baseUrl, {
      credentials: { storeUrl: MAGENTO_SANDBOX_STORE_URL, accessToken: MAGENTO_SANDBOX_ACCESS_TOKEN },
      controls: ['POST /__sim/products/:sku/stock', 'POST /__sim/bearer'],
    });
  });
});
