import { afterEach, describe, expect, it } from 'vitest';
import type { SimulatorFixture } from '../contract-kit';
import { contextFor, expectProviderError, useFixture } from '../contract-kit';
import type { StoreOrderInput, StorePlatform, StoreProduct } from './store-platform';

export interface StoreContractOptions<C> {
  platform: StorePlatform<C>;
  start(): Promise<SimulatorFixture<C>>;
  /** A SKU the simulator's seeded catalogue sells, with a price and stock. */
  knownSku: string;
  /** Control path that sets a product's stock (body `{ quantity }`); `products/${sku}/stock` unless told. */
  stockControl?(sku: string): string;
  /** A webhook the store would send, signed with `secret`, when the platform signs webhooks. */
  signedWebhook?(
    fixture: SimulatorFixture<C>,
    secret: string,
  ): Promise<{ rawBody: string; headers: Record<string, string> }>;
}

/** A `signedWebhook` that asks the simulator's control at `path` to sign a webhook with the secret. */
export function signedWebhookFromControl<C>(path: string) {
  return async (fixture: SimulatorFixture<C>, secret: string) =>
    (await fixture.control(path, { secret })) as { rawBody: string; headers: Record<string, string> };
}

/** How an order built by `orderFor` differs from the default: one unit, paid by card, flat-rate shipping. */
export interface OrderOptions {
  /** Units of the product (default 1). */
  quantity?: number;
  /** Whether the payment has been taken (default true). */
  paid?: boolean;
  /** The shipping line, or null for none (default flat rate, 4.99). */
  shipping?: StoreOrderInput['shipping'];
  /** The payment provider's id for the payment (default `pi_contract_1`). */
  transactionId?: string;
  /** Paid over Lightning through OpenNode instead of by card through Stripe. */
  lightning?: boolean;
  buyer?: StoreOrderInput['buyer'];
}

/** An order for one line of `product`, delivered to and paid by Ada Lovelace in London. */
export function orderFor(
  product: Pick<StoreProduct, 'id' | 'variantId' | 'sku' | 'name' | 'priceMinor'>,
  options: OrderOptions = {},
): StoreOrderInput {
  const address = {
    name: 'Ada Lovelace',
    line1: '1 Analytical Way',
    city: 'London',
    postalCode: 'N1 9GU',
    country: 'GB',
  };
  return {
    reference: `chk_${Math.random().toString(36).slice(2)}`,
    currency: 'GBP',
    lines: [
      {
        productId: product.id,
        variantId: product.variantId,
        sku: product.sku,
        name: product.name,
        quantity: options.quantity ?? 1,
        unitPriceMinor: product.priceMinor!,
      },
    ],
    shipping:
      options.shipping === undefined
        ? { methodId: 'flat_rate', label: 'Standard delivery', amountMinor: 499 }
        : options.shipping,
    buyer: options.buyer ?? { name: 'Ada Lovelace', email: 'ada@example.com' },
    billingAddress: address,
    shippingAddress: address,
    payment: {
      ...(options.lightning
        ? { provider: 'opennode', method: 'lightning' as const }
        : { provider: 'stripe', method: 'card' as const }),
      transactionId: options.transactionId ?? 'pi_contract_1',
      paid: options.paid ?? true,
    },
  };
}

/**
 * The behaviour every store adapter + simulator pair must show, run from each platform's own test file.
 */
export function describeStoreContract<C>(opts: StoreContractOptions<C>) {
  const name = opts.platform.manifest.id;
  const fixture = useFixture(opts.start);
  afterEach(async () => {
    await fixture().control('up');
  });
  const ctx = () => contextFor(fixture(), fixture().credentials);
  const stockControl = opts.stockControl ?? ((sku: string) => `products/${sku}/stock`);

  describe(`${name}: store contract`, () => {
    it('passes the connection test with good credentials', async () => {
      await expect(opts.platform.testConnection(ctx())).resolves.toBeDefined();
    });

    it('fails the connection test with refused credentials, reporting the HTTP status', async () => {
      const err = await expectProviderError(
        opts.platform.testConnection(contextFor(fixture(), fixture().badCredentials)),
        'auth',
      );
      expect(err.status).toBe(401);
      expect(err.statusText).toBeTruthy();
    });

    it('reports an outage, a hang and a garbled answer', async () => {
      await fixture().control('down');
      await expectProviderError(opts.platform.testConnection(ctx()), 'unavailable');
      await fixture().control('up');
      await fixture().control('latency', { ms: 1_500 });
      await expectProviderError(
        opts.platform.testConnection(contextFor(fixture(), fixture().credentials, { timeoutMs: 200 })),
        'unavailable',
      );
      await fixture().control('up');
      await fixture().control('malformed');
      await expectProviderError(
        opts.platform.listProducts(ctx(), { page: 1, perPage: 5 }),
        'malformed_response',
      );
    });

    it('lists products page by page', async () => {
      const first = await opts.platform.listProducts(ctx(), { page: 1, perPage: 5 });
      expect(first.products).toHaveLength(5);
      expect(first.hasMore).toBe(true);
      const second = await opts.platform.listProducts(ctx(), { page: 2, perPage: 5 });
      expect(second.products).toHaveLength(5);
      const ids = new Set([...first.products, ...second.products].map((p) => `${p.id}/${p.variantId}`));
      expect(ids.size).toBe(10);
      for (const p of first.products) {
        expect(p.name).toBeTruthy();
        expect(p.priceMinor === null || Number.isInteger(p.priceMinor)).toBe(true);
      }
    });

    it('finds a product by SKU with an integer price, and nothing for an unknown SKU', async () => {
      const product = await opts.platform.findProductBySku(ctx(), opts.knownSku);
      expect(product).toMatchObject({ sku: opts.knownSku, inStock: true });
      expect(Number.isInteger(product!.priceMinor)).toBe(true);
      expect(await opts.platform.findProductBySku(ctx(), 'NO-SUCH-SKU-999')).toBeNull();
    });

    it('sees stock changes', async () => {
      await fixture().control(stockControl(opts.knownSku), { quantity: 0 });
      expect((await opts.platform.findProductBySku(ctx(), opts.knownSku))?.inStock).toBe(false);
      await fixture().control(stockControl(opts.knownSku), { quantity: 50 });
      expect((await opts.platform.findProductBySku(ctx(), opts.knownSku))?.inStock).toBe(true);
    });

    it('creates a paid order, reads it back and moves it on', async () => {
      const product = (await opts.platform.findProductBySku(ctx(), opts.knownSku))!;
      const order = await opts.platform.createOrder(ctx(), orderFor(product, { quantity: 2 }));
      expect(order.id).toBeTruthy();
      expect(order.status).toBe('paid');
      const read = await opts.platform.getOrder(ctx(), order.id);
      expect(read.id).toBe(order.id);
      const fulfilled = await opts.platform.updateOrderStatus(ctx(), order.id, 'fulfilled');
      expect(fulfilled.status).toBe('fulfilled');
    });

    if (opts.platform.findWrittenOrder) {
      it('finds the order written for a checkout, and none for a checkout it never saw', async () => {
        const find = opts.platform.findWrittenOrder!;
        const product = (await opts.platform.findProductBySku(ctx(), opts.knownSku))!;
        const input = orderFor(product);
        expect(await find(ctx(), input)).toBeNull();
        const written = await opts.platform.createOrder(ctx(), input);
        // Another order by the same buyer must not be taken for it.
        await opts.platform.createOrder(ctx(), orderFor(product));
        const found = await find(ctx(), input);
        expect(found).toMatchObject({ id: written.id, status: written.status });
        expect(await find(ctx(), { ...input, reference: `${input.reference}_other` })).toBeNull();
      });

      it('finds a written order whose answer came too late for the caller', async () => {
        const product = (await opts.platform.findProductBySku(ctx(), opts.knownSku))!;
        const input = orderFor(product);
        await fixture().control('slow-answers', { ms: 1_000, count: 1, method: 'POST' });
        await expectProviderError(
          opts.platform.createOrder(contextFor(fixture(), fixture().credentials, { timeoutMs: 300 }), input),
          'unavailable',
        );
        await expect
          .poll(async () => (await opts.platform.findWrittenOrder!(ctx(), input))?.id ?? null, {
            timeout: 5_000,
          })
          .toBeTruthy();
      });
    }

    it('refuses an order for a product the store does not have', async () => {
      const bogus = orderFor(
        { id: '99999999', variantId: null, sku: 'NO-SUCH-SKU-999', name: 'Ghost', priceMinor: 100 },
        { quantity: 2 },
      );
      await expectProviderError(opts.platform.createOrder(ctx(), bogus), 'invalid_request');
    });

    it('answers an unknown order with not_found', async () => {
      await expectProviderError(opts.platform.getOrder(ctx(), '987654321'), 'not_found');
    });

    if (opts.signedWebhook) {
      it('verifies webhook signatures over the raw body', async () => {
        const secret = 'contract-webhook-secret';
        const hook = await opts.signedWebhook!(fixture(), secret);
        expect(opts.platform.verifyWebhook!({ ...hook, secret })).toBe(true);
        expect(opts.platform.verifyWebhook!({ ...hook, rawBody: `${hook.rawBody} `, secret })).toBe(false);
        expect(opts.platform.verifyWebhook!({ ...hook, secret: 'another-secret' })).toBe(false);
      });
    }
  });
}
