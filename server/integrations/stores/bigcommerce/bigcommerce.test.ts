import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextFor, expectProviderError, expectListing, fixtureFrom, postControl } from '../../contract-kit';
import { createSandboxFetch } from '../../sandbox-network';
import { startSimulator, type RunningSimulator } from '#sandbox/simulator-kit';
import { describeStoreContract, orderFor } from '../contract';
import type { StoreProduct } from '../store-platform';
import { bigcommerceCredentials, type BigcommerceCredentials } from './credentials';
import { bigcommerce } from './index';
import { BIGCOMMERCE_ORDER_STATUSES, BIGCOMMERCE_STATUS_ID_FOR, mapBigcommerceStatus } from './mapping';
import {
  BIGCOMMERCE_SANDBOX_ACCESS_TOKEN,
  BIGCOMMERCE_SANDBOX_STORE_HASH,
  createBigcommerceSimulator,
} from '#sandbox/stores/bigcommerce/simulator';

const credentials = {
  storeHash: BIGCOMMERCE_SANDBOX_STORE_HASH,
  accessToken: BIGCOMMERCE_SANDBOX_ACCESS_TOKEN,
};

describeStoreContract<BigcommerceCredentials>({
  platform: bigcommerce,
  async start() {
    return fixtureFrom(await startSimulator('bigcommerce', createBigcommerceSimulator().app), credentials, {
      ...credentials,
      accessToken: 'bc0000000000000000000000000000z',
    });
  },
  knownSku: 'RT-ASSAM',
});

describe('bigcommerce status mapping', () => {
  it('maps every BigCommerce status id, and unknown ids to pending', () => {
    const mapped = Object.fromEntries(
      Object.entries(BIGCOMMERCE_ORDER_STATUSES).map(([id, { name }]) => [
        name,
        mapBigcommerceStatus(Number(id)),
      ]),
    );
    expect(mapped).toEqual({
      Incomplete: 'pending',
      Pending: 'pending',
      Shipped: 'fulfilled',
      'Partially Shipped': 'paid',
      Refunded: 'refunded',
      Cancelled: 'cancelled',
      Declined: 'failed',
      'Awaiting Payment': 'pending',
      'Awaiting Pickup': 'paid',
      'Awaiting Shipment': 'paid',
      Completed: 'fulfilled',
      'Awaiting Fulfillment': 'paid',
      'Manual Verification Required': 'pending',
      Disputed: 'paid',
      'Partially Refunded': 'paid',
    });
    expect(mapBigcommerceStatus(99)).toBe('pending');
  });

  it('sets a status id that reads back as the status asked for', () => {
    for (const [status, id] of Object.entries(BIGCOMMERCE_STATUS_ID_FOR)) {
      expect(mapBigcommerceStatus(id)).toBe(status);
    }
    expect(BIGCOMMERCE_STATUS_ID_FOR.paid).toBe(11);
    expect(BIGCOMMERCE_STATUS_ID_FOR.pending).toBe(7);
  });
});

describe('bigcommerce credentials', () => {
  it('takes the store hash out of the API path a merchant pastes', () => {
    const parse = (storeHash: string) =>
      bigcommerceCredentials.parse({ storeHash, accessToken: 't' }).storeHash;
    expect(parse('abc123')).toBe('abc123');
    expect(parse('https://api.bigcommerce.com/stores/ABC123/v3/')).toBe('abc123');
    expect(
      bigcommerceCredentials.safeParse({ storeHash: '', accessToken: 't' }).error?.issues[0]?.message,
    ).toBe('Please fill in all BigCommerce credentials');
  });
});

const orderInput = (product: StoreProduct, quantity = 1, paid = true) =>
  orderFor(product, {
    quantity,
    paid,
    shipping: { methodId: 'tracked', label: 'Tracked 48', amountMinor: 295 },
    transactionId: 'ln_42',
    lightning: true,
  });

describe('bigcommerce adapter and simulator', () => {
  let running: RunningSimulator;
  /** As in sandbox mode: the adapter calls https://api.bigcommerce.com and the network routes it here. */
  const ctx = () =>
    contextFor({ baseUrl: 'https://api.bigcommerce.com' }, credentials, {
      fetch: createSandboxFetch([{ host: 'api.bigcommerce.com', target: running.baseUrl }]),
    });
  const find = async (sku: string) => (await bigcommerce.findProductBySku(ctx(), sku))!;

  beforeAll(async () => {
    running = await startSimulator('bigcommerce', createBigcommerceSimulator().app);
  });
  afterAll(() => running.close());

  it('names the store, and reports an unknown store hash as not found', async () => {
    expect(await bigcommerce.testConnection(ctx())).toEqual({ storeName: 'Ridgeway Tea Co.' });
    const err = await expectProviderError(
      bigcommerce.testConnection({ ...ctx(), credentials: { ...credentials, storeHash: 'nope' } }),
    );
    expect(err).toMatchObject({ kind: 'not_found', status: 404 });
  });

  it('sells options as variants, applies sale prices and hides what may not be sold', async () => {
    const all = await bigcommerce.listProducts(ctx(), { page: 1, perPage: 250 });
    const bySku = Object.fromEntries(all.products.map((p) => [p.sku, p]));
    expect(all.products).toHaveLength(16);
    expect(all).toMatchObject({ total: 16, hasMore: false });
    expect(bySku['RT-EARL-250']).toMatchObject({
      name: 'Earl Grey Blue Flower – 250 g',
      priceMinor: 2400,
      stockQuantity: 8,
    });
    expect(bySku['RT-EARL-250']!.variantId).not.toBeNull();
    expect(bySku['RT-ASSAM']).toMatchObject({
      variantId: null,
      currency: 'GBP',
      url: 'https://ridgeway-tea.example/assam-breakfast/',
    });
    expect(bySku['RT-CHAI']!.priceMinor).toBe(500);
    expect(bySku['RT-ROOIBOS']).toMatchObject({ stockQuantity: null, inStock: true });
    expect(bySku['RT-DARJ-FF']).toMatchObject({ stockQuantity: 0, inStock: false });
    expect(bySku['RT-OOLONG']).toMatchObject({ inStock: false });
    expect(bySku['RT-STAFF']).toBeUndefined();
    expect(await bigcommerce.findProductBySku(ctx(), 'RT-STAFF')).toBeNull();
    expect(await find('RT-MATCHA-100')).toMatchObject({ priceMinor: 4800, stockQuantity: 3 });
  });

  it('writes a paid order as Awaiting Fulfillment and an unpaid one as Awaiting Payment', async () => {
    const paid = await bigcommerce.createOrder(ctx(), orderInput(await find('RT-EARL-50'), 2));
    expect(paid).toMatchObject({
      status: 'paid',
      storeStatus: 'Awaiting Fulfillment',
      totalMinor: 2 * 650 + 295,
    });
    expect((paid.raw as { status_id: number }).status_id).toBe(11);
    const unpaid = await bigcommerce.createOrder(ctx(), orderInput(await find('RT-CADDY'), 1, false));
    expect(unpaid).toMatchObject({ status: 'pending', storeStatus: 'Awaiting Payment' });
    expect((await find('RT-EARL-50')).stockQuantity).toBe(28);
  });

  it('finds the order a retry already wrote instead of writing another', async () => {
    const input = orderInput(await find('RT-INFUSER'));
    const first = await bigcommerce.createOrder(ctx(), input);
    expect((await bigcommerce.createOrder(ctx(), input)).id).toBe(first.id);
    expect((await find('RT-INFUSER')).stockQuantity).toBe(59);
  });

  it('refuses a product that needs options, and more than the stock', async () => {
    const matcha = await find('RT-MATCHA-30');
    const noVariant = await expectProviderError(
      bigcommerce.createOrder(ctx(), orderInput({ ...matcha, variantId: null })),
    );
    expect(noVariant).toMatchObject({ kind: 'invalid_request', status: 400 });
    expect(noVariant.message).toContain('requires options');
    const tooMany = await expectProviderError(
      bigcommerce.createOrder(ctx(), orderInput(await find('RT-TEAPOT'), 99)),
    );
    expect(tooMany.message).toContain('sufficient stock');
  });

  it('moves an order through the status ids', async () => {
    const order = await bigcommerce.createOrder(ctx(), orderInput(await find('RT-SENCHA')));
    expect(await bigcommerce.updateOrderStatus(ctx(), order.id, 'fulfilled')).toMatchObject({
      storeStatus: 'Shipped',
    });
    expect(await bigcommerce.updateOrderStatus(ctx(), order.id, 'refunded')).toMatchObject({
      status: 'refunded',
      storeStatus: 'Refunded',
    });
    expect((await bigcommerce.getOrder(ctx(), order.id)).status).toBe('refunded');
  });

  it('sends the rate-limit headers and reports a used-up quota as rate_limited', async () => {
    const response = await fetch(`${running.baseUrl}/stores/${BIGCOMMERCE_SANDBOX_STORE_HASH}/v2/time`, {
      headers: { 'x-auth-token': BIGCOMMERCE_SANDBOX_ACCESS_TOKEN, accept: 'application/json' },
    });
    expect(response.headers.get('x-rate-limit-requests-quota')).toBe('150');
    expect(Number(response.headers.get('x-rate-limit-requests-left'))).toBeLessThan(150);
    await postControl(running.baseUrl, 'rate-limit', { left: 0 });
    try {
      expect(await expectProviderError(bigcommerce.testConnection(ctx()))).toMatchObject({
        kind: 'rate_limited',
        status: 429,
      });
    } finally {
      await postControl(running.baseUrl, 'rate-limit', { left: 150 });
    }
  });

  it('answers an empty order list with 204, as V2 does', async () => {
    const response = await fetch(
      `${running.baseUrl}/stores/${BIGCOMMERCE_SANDBOX_STORE_HASH}/v2/orders?min_date_created=2999-01-01T00:00:00Z`,
      { headers: { 'x-auth-token': BIGCOMMERCE_SANDBOX_ACCESS_TOKEN } },
    );
    expect(response.status).toBe(204);
  });

  it('lists its controls and sandbox credentials', async () => {
    await expectListing(running.baseUrl, {
      credentials,
      controls: ['POST /__sim/products/:sku/stock', 'POST /__sim/rate-limit'],
    });
  });
});
