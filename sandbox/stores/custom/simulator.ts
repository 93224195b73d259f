import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyError, FastifyReply } from 'fastify';
import { z } from 'zod';
import { decimalToMinor, minorToDecimal } from '#common/domain/money';
import { createSimulator, type SimulatorOptions } from '../../simulator-kit';
import type { StoreOrderStatus } from '#server/integrations/stores/store-platform';
import {
  roasterCatalogue,
  ROASTER_CURRENCY,
  type RoasterProduct,
  type RoasterVariant,
} from './simulator-catalogue';
import { loopbackUrl, servePlaceholderImages } from '../simulator-store-kit';
import { customWebhookSignature } from './signing';

/**
 * The reference implementation of the Custom API contract (docs/custom-store.md), stateful and in memory:
 * products with stock, idempotent order creation, status changes along the contract's transitions,
 * signed webhooks to a registered URL, and controls for stock, prices and failures.
 */
export const CUSTOM_SANDBOX_API_KEY = 'kc_test_7d3f9a2b4c6e8f0a1b3c5d7e9f2a4b6c';
/** The sandbox `endpoint` credential; sandbox mode routes `*.custom.sandbox` to this simulator. */
export const CUSTOM_SANDBOX_ENDPOINT = 'https://kiln-and-crema.custom.sandbox';

/** How a Custom API simulator is set up; every option has a sandbox default. */
export interface CustomStoreSimulatorOptions extends Pick<SimulatorOptions, 'state'> {
  apiKeys?: string[];
  /** The `endpoint` listed as the sandbox credential; sandbox mode routes `*.custom.sandbox` here. */
  endpoint?: string;
  /** Where a browser loads product images from; the loopback address when omitted. */
  assetBaseUrl?: () => string;
  /** Serve the API under a path, as merchants' APIs often are (e.g. `/api/agentcart`). */
  basePath?: string;
  /** false: answer `GET /products/{sku}` with a plain 404, as an API that only implements `?sku=` does. */
  skuRoute?: boolean;
  /** Delivers a webhook; defaults to a real HTTP POST. */
  deliver?: (url: string, rawBody: string, headers: Record<string, string>) => Promise<void>;
}

type Status = StoreOrderStatus;

/** The contract's order lifecycle: which status may follow which. Same-status updates are no-ops. */
const TRANSITIONS: Record<string, Status[]> = {
  pending: ['paid', 'cancelled', 'failed'],
  paid: ['fulfilled', 'cancelled', 'refunded'],
  fulfilled: ['refunded'],
  cancelled: [],
  refunded: [],
  failed: [],
};
/** Every status the contract defines, in the order the contract lists them. */
const STATUSES = Object.keys(TRANSITIONS);
/** The contract's largest `limit` for `GET /products`. */
const MAX_LIMIT = 100;

const decimal = z.string().regex(/^\d+\.\d{2}$/, 'must be a decimal string with 2 decimals, e.g. "21.99"');
const address = z.object({
  name: z.string().min(1),
  line1: z.string().min(1),
  line2: z.string().nullish(),
  city: z.string().min(1),
  region: z.string().nullish(),
  postal_code: z.string().min(1),
  country: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code'),
  phone: z.string().nullish(),
});
const orderBody = z.object({
  reference: z.string().min(1),
  currency: z.string().regex(/^[A-Z]{3}$/),
  items: z
    .array(
      z.object({ sku: z.string().min(1), quantity: z.number().int().min(1), unit_price: decimal }).loose(),
    )
    .min(1),
  shipping: z.object({ method: z.string(), label: z.string(), amount: decimal }).nullish(),
  buyer: z.object({ name: z.string().min(1), email: z.email(), phone: z.string().nullish() }),
  billing_address: address,
  shipping_address: address,
  payment: z.object({
    provider: z.string().min(1),
    method: z.string().min(1),
    transaction_id: z.string().min(1),
    paid: z.boolean(),
  }),
});
type OrderBody = z.infer<typeof orderBody>;

const refundBody = z.object({
  reference: z.string().min(1),
  amount: decimal,
  currency: z.string().regex(/^[A-Z]{3}$/),
  reason: z.string().nullish(),
  items: z
    .array(z.object({ sku: z.string().min(1), quantity: z.number().int().min(1), amount: decimal }))
    .default([]),
  restock: z.boolean().default(false),
});

const cancelBody = z.object({
  reference: z.string().min(1),
  reason: z.string().max(500).nullish(),
});

interface Refund {
  id: string;
  order_id: string;
  reference: string;
  amount: string;
  currency: string;
  reason: string | null;
  items: { sku: string; quantity: number; amount: string }[];
  restock: boolean;
  created_at: string;
}

interface Order {
  id: string;
  number: string;
  reference: string;
  status: Status;
  currency: string;
  items: { sku: string; name: string; quantity: number; unit_price: string; total: string }[];
  subtotal: string;
  shipping_total: string;
  total: string;
  shipping: OrderBody['shipping'];
  buyer: OrderBody['buyer'];
  billing_address: OrderBody['billing_address'];
  shipping_address: OrderBody['shipping_address'];
  payment: OrderBody['payment'];
  /** Who cancelled it and why, when AgentCart did (the contract's cancel endpoint). */
  cancellation?: { reference: string; reason: string | null; cancelled_at: string };
  /** Refunds recorded on the order, oldest first (the contract's refund endpoint). */
  refunds?: Refund[];
  refunded_total?: string;
  created_at: string;
  updated_at: string;
}

const failure = (code: string, message: string) => ({ error: { code, message } });

/** Builds the simulator (not yet listening); start it with `startSimulator`. */
export function createCustomStoreSimulator(opts: CustomStoreSimulatorOptions = {}) {
  const apiKeys = new Set(opts.apiKeys ?? [CUSTOM_SANDBOX_API_KEY]);
  const basePath = (opts.basePath ?? '').replace(/\/+$/, '');
  const sim = createSimulator({
    name: 'custom',
    credentials: { endpoint: opts.endpoint ?? CUSTOM_SANDBOX_ENDPOINT, apiKey: [...apiKeys][0]! },
    downBody: failure('unavailable', 'The store is temporarily unavailable'),
    state: opts.state,
  });
  const { app } = sim;

  const store = sim.keep(
    'store',
    () => ({
      products: roasterCatalogue(),
      orders: new Map<string, Order>(),
      /** Idempotency keys: the order each created, by id (the order is a record of its own). */
      replays: new Map<string, { fingerprint: string; orderId: string }>(),
      /** Refund idempotency keys, per order: the refund each created. */
      refundReplays: new Map<string, { fingerprint: string; refundId: string }>(),
      webhooks: [] as { url: string; secret: string }[],
      nextNumber: 1001,
    }),
    // Saved before replays named their order by id, they held the order itself.
    (saved) => {
      let changed = false;
      // Saved before refunds existed.
      if (!(saved.refundReplays instanceof Map)) {
        saved.refundReplays = new Map();
        changed = true;
      }
      for (const replay of saved.replays.values()) {
        const old = replay as typeof replay & { order?: Order };
        if (!old.order) continue;
        replay.orderId = old.order.id;
        delete old.order;
        changed = true;
      }
      return changed;
    },
  );
  const { products, orders, replays, webhooks } = store;
  const forcedFailures = { status: 0, remaining: 0 };

  const deliver =
    opts.deliver ??
    (async (url: string, rawBody: string, headers: Record<string, string>) => {
      await fetch(url, { method: 'POST', headers, body: rawBody }).catch(() => undefined);
    });

  const signedEvent = (secret: string, type: string, data: unknown) => {
    const createdAt = new Date();
    const rawBody = JSON.stringify({
      id: `evt_${randomUUID()}`,
      type,
      created_at: createdAt.toISOString(),
      data,
    });
    const headers = {
      'content-type': 'application/json',
      'x-signature': customWebhookSignature(secret, rawBody),
      'x-timestamp': String(Math.floor(createdAt.getTime() / 1000)),
    };
    return { rawBody, headers };
  };
  const emit = (type: string, data: unknown) => {
    for (const hook of webhooks) {
      const event = signedEvent(hook.secret, type, data);
      void deliver(hook.url, event.rawBody, event.headers);
    }
  };

  const bySku = (sku: string): { product: RoasterProduct; variant: RoasterVariant | null } | null => {
    for (const product of products) {
      if (product.sku === sku && !product.variants) return { product, variant: null };
      const variant = product.variants?.find((v) => v.sku === sku);
      if (variant) return { product, variant };
    }
    // A product sold only in variants is found by its own SKU too (the contract returns the whole product).
    const parent = products.find((p) => p.sku === sku);
    return parent ? { product: parent, variant: null } : null;
  };

  const view = (product: RoasterProduct) => ({
    id: product.id,
    sku: product.sku,
    name: product.name,
    description: product.description,
    price: product.price,
    currency: ROASTER_CURRENCY,
    stock: product.stock,
    image_urls: [`${opts.assetBaseUrl?.() ?? loopbackUrl(app)}/images/${product.slug}.svg`],
    url: `https://kiln-and-crema.example/coffee/${product.slug}`,
    ...(product.variants
      ? {
          variants: product.variants.map(({ id, sku, name, price, stock }) => ({
            id,
            sku,
            name,
            price,
            stock,
          })),
        }
      : {}),
  });

  const invalid = (reply: FastifyReply, message: string) =>
    reply.status(400).send(failure('invalid_request', message));

  /** Moves an order along the contract's lifecycle; false when the move is not allowed. */
  const move = (order: Order, status: Status): boolean => {
    if (order.status === status) return true;
    if (!TRANSITIONS[order.status]!.includes(status)) return false;
    if ((status === 'cancelled' || status === 'failed') && order.status !== 'fulfilled') {
      for (const item of order.items) {
        const holder = bySku(item.sku);
        const stocked = holder?.variant ?? holder?.product;
        if (stocked && stocked.stock !== null) stocked.stock += item.quantity;
      }
    }
    order.status = status;
    order.updated_at = new Date().toISOString();
    emit('order.updated', order);
    return true;
  };

  const holderOf = (sku: string) => {
    const found = bySku(sku);
    return found ? (found.variant ?? found.product) : null;
  };

  servePlaceholderImages(app, '/images', (slug) => products.find((p) => p.slug === slug)?.name);

  app.register(
    async (api) => {
      api.setErrorHandler((err: FastifyError, _request, reply) =>
        reply
          .status(err.statusCode && err.statusCode < 500 ? err.statusCode : 500)
          .send(failure('invalid_request', err.message)),
      );
      api.addHook('onRequest', async (request, reply) => {
        if (forcedFailures.remaining > 0) {
          forcedFailures.remaining -= 1;
          if (forcedFailures.status === 429) reply.header('retry-after', '1');
          return reply
            .status(forcedFailures.status)
            .send(
              failure(forcedFailures.status === 429 ? 'rate_limited' : 'server_error', 'Simulated failure'),
            );
        }
        const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
        if (!match || !apiKeys.has(match[1]!.trim())) {
          return reply.status(401).send(failure('unauthorized', 'Missing or invalid API key'));
        }
      });

      api.get<{ Querystring: Record<string, string | undefined> }>('/products', async (request, reply) => {
        const page = Number(request.query.page ?? 1);
        const limit = Number(request.query.limit ?? 20);
        if (!Number.isInteger(page) || page < 1) return invalid(reply, 'page must be a whole number from 1');
        if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
          return invalid(reply, `limit must be a whole number from 1 to ${MAX_LIMIT}`);
        }
        const { sku } = request.query;
        const matching = sku ? products.filter((p) => bySku(sku)?.product === p) : products;
        return {
          data: matching.slice((page - 1) * limit, page * limit).map(view),
          page,
          limit,
          total: matching.length,
        };
      });

      api.get<{ Params: { sku: string } }>('/products/:sku', async (request, reply) => {
        if (opts.skuRoute === false) return reply.status(404).send({ message: 'Not Found' });
        const found = bySku(request.params.sku);
        return found
          ? view(found.product)
          : reply.status(404).send(failure('not_found', `No product with SKU ${request.params.sku}`));
      });

      api.post<{ Body: unknown }>('/orders', async (request, reply) => {
        const key = request.headers['idempotency-key'];
        if (typeof key !== 'string' || !key.trim()) {
          return reply
            .status(400)
            .send(failure('idempotency_key_required', 'Send an Idempotency-Key header'));
        }
        const fingerprint = createHash('sha256')
          .update(JSON.stringify(request.body ?? null))
          .digest('hex');
        const earlier = replays.get(key);
        if (earlier) {
          if (earlier.fingerprint !== fingerprint) {
            return reply
              .status(409)
              .send(failure('idempotency_conflict', 'This Idempotency-Key was used with a different order'));
          }
          return reply.status(201).header('idempotent-replayed', 'true').send(orders.get(earlier.orderId));
        }
        const parsed = orderBody.safeParse(request.body);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          return invalid(reply, `${issue.path.join('.') || 'body'}: ${issue.message}`);
        }
        const body = parsed.data;
        if (body.currency !== ROASTER_CURRENCY) {
          return reply
            .status(422)
            .send(
              failure('currency_mismatch', `This store sells in ${ROASTER_CURRENCY}, not ${body.currency}`),
            );
        }
        const lines = [];
        for (const item of body.items) {
          const found = bySku(item.sku);
          if (!found || (found.product.variants && !found.variant)) {
            return reply.status(422).send(failure('unknown_sku', `No product with SKU ${item.sku}`));
          }
          const holder = found.variant ?? found.product;
          if (holder.stock !== null && holder.stock < item.quantity) {
            return reply
              .status(409)
              .send(failure('out_of_stock', `Only ${holder.stock} of ${item.sku} left`));
          }
          const name = found.variant ? `${found.product.name} – ${found.variant.name}` : found.product.name;
          lines.push({ holder, item, name });
        }
        for (const { holder, item } of lines) if (holder.stock !== null) holder.stock -= item.quantity;
        const subtotal = lines.reduce(
          (sum, { item }) => sum + decimalToMinor(item.unit_price) * item.quantity,
          0,
        );
        const shipping = body.shipping ? decimalToMinor(body.shipping.amount) : 0;
        const now = new Date().toISOString();
        const order: Order = {
          id: `ord_${randomBytes(8).toString('hex')}`,
          number: String(store.nextNumber++),
          reference: body.reference,
          status: body.payment.paid ? 'paid' : 'pending',
          currency: body.currency,
          items: lines.map(({ item, name }) => ({
            sku: item.sku,
            name,
            quantity: item.quantity,
            unit_price: item.unit_price,
            total: minorToDecimal(decimalToMinor(item.unit_price) * item.quantity),
          })),
          subtotal: minorToDecimal(subtotal),
          shipping_total: minorToDecimal(shipping),
          total: minorToDecimal(subtotal + shipping),
          shipping: body.shipping ?? null,
          buyer: body.buyer,
          billing_address: body.billing_address,
          shipping_address: body.shipping_address,
          payment: body.payment,
          created_at: now,
          updated_at: now,
        };
        orders.set(order.id, order);
        replays.set(key, { fingerprint, orderId: order.id });
        emit('order.created', order);
        return reply.status(201).send(order);
      });

      api.get<{ Querystring: { reference?: string } }>('/orders', async (request, reply) => {
        const { reference } = request.query;
        if (typeof reference !== 'string' || !reference) return invalid(reply, 'reference is required');
        return { data: [...orders.values()].filter((order) => order.reference === reference) };
      });

      api.get<{ Params: { id: string } }>('/orders/:id', async (request, reply) => {
        const order = orders.get(request.params.id);
        return order ?? reply.status(404).send(failure('not_found', `No order ${request.params.id}`));
      });

      api.get<{ Params: { id: string } }>('/orders/:id/refunds', async (request, reply) => {
        const order = orders.get(request.params.id);
        if (!order) return reply.status(404).send(failure('not_found', `No order ${request.params.id}`));
        return { data: order.refunds ?? [] };
      });

      /**
       * Records a refund made outside the store (by AgentCart): at most what is left of the order, lines
       * no more than were bought less earlier refunds, stock back when `restock`, and the order
       * `refunded` once nothing is left. Idempotent by the Idempotency-Key, per order.
       */
      api.post<{ Params: { id: string }; Body: unknown }>('/orders/:id/refunds', async (request, reply) => {
        const order = orders.get(request.params.id);
        if (!order) return reply.status(404).send(failure('not_found', `No order ${request.params.id}`));
        const key = request.headers['idempotency-key'];
        if (typeof key !== 'string' || !key.trim()) {
          return reply
            .status(400)
            .send(failure('idempotency_key_required', 'Send an Idempotency-Key header'));
        }
        const fingerprint = createHash('sha256')
          .update(JSON.stringify(request.body ?? null))
          .digest('hex');
        const replayKey = `${order.id}:${key}`;
        const earlier = store.refundReplays.get(replayKey);
        if (earlier) {
          if (earlier.fingerprint !== fingerprint) {
            return reply
              .status(409)
              .send(failure('idempotency_conflict', 'This Idempotency-Key was used with a different refund'));
          }
          const replayed = (order.refunds ?? []).find((r) => r.id === earlier.refundId);
          return reply.status(201).header('idempotent-replayed', 'true').send(replayed);
        }
        const parsed = refundBody.safeParse(request.body);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          return invalid(reply, `${issue.path.join('.') || 'body'}: ${issue.message}`);
        }
        const body = parsed.data;
        if (body.currency !== order.currency) {
          return reply
            .status(422)
            .send(failure('currency_mismatch', `This order is in ${order.currency}, not ${body.currency}`));
        }
        if (order.status !== 'paid' && order.status !== 'fulfilled') {
          return reply
            .status(409)
            .send(failure('invalid_transition', `An order that is ${order.status} cannot be refunded`));
        }
        const refunds = order.refunds ?? [];
        const refundedMinor = refunds.reduce((sum, r) => sum + decimalToMinor(r.amount), 0);
        const leftMinor = decimalToMinor(order.total) - refundedMinor;
        const amountMinor = decimalToMinor(body.amount);
        if (amountMinor <= 0 || amountMinor > leftMinor) {
          return reply
            .status(422)
            .send(
              failure(
                'amount_exceeds_remaining',
                `The refund must be more than 0.00 and at most ${minorToDecimal(leftMinor)}`,
              ),
            );
        }
        for (const item of body.items) {
          const line = order.items.find((l) => l.sku === item.sku);
          const before = refunds
            .flatMap((r) => r.items)
            .filter((l) => l.sku === item.sku)
            .reduce((sum, l) => sum + l.quantity, 0);
          if (!line) return reply.status(422).send(failure('unknown_sku', `This order has no ${item.sku}`));
          if (item.quantity > line.quantity - before) {
            return reply
              .status(422)
              .send(
                failure('quantity_exceeds_remaining', `At most ${line.quantity - before} of ${item.sku}`),
              );
          }
        }
        if (body.restock) {
          for (const item of body.items) {
            const holder = holderOf(item.sku);
            if (holder && holder.stock !== null) holder.stock += item.quantity;
          }
        }
        const refund: Refund = {
          id: `ref_${randomBytes(8).toString('hex')}`,
          order_id: order.id,
          reference: body.reference,
          amount: body.amount,
          currency: body.currency,
          reason: body.reason ?? null,
          items: body.items,
          restock: body.restock,
          created_at: new Date().toISOString(),
        };
        order.refunds = [...refunds, refund];
        order.refunded_total = minorToDecimal(refundedMinor + amountMinor);
        store.refundReplays.set(replayKey, { fingerprint, refundId: refund.id });
        if (amountMinor === leftMinor) move(order, 'refunded');
        else {
          order.updated_at = new Date().toISOString();
          emit('order.updated', order);
        }
        return reply.status(201).send(refund);
      });

      /**
       * Cancels an order AgentCart cancelled (the money went back through AgentCart): any order not yet
       * fulfilled, a refunded one too; its items back in stock. Cancelling a cancelled order answers it
       * as it is, so a retry after a lost answer is harmless.
       */
      api.post<{ Params: { id: string }; Body: unknown }>('/orders/:id/cancel', async (request, reply) => {
        const order = orders.get(request.params.id);
        if (!order) return reply.status(404).send(failure('not_found', `No order ${request.params.id}`));
        const parsed = cancelBody.safeParse(request.body);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          return invalid(reply, `${issue.path.join('.') || 'body'}: ${issue.message}`);
        }
        if (order.status === 'cancelled') return order;
        if (order.status === 'fulfilled' || order.status === 'failed') {
          return reply
            .status(409)
            .send(failure('invalid_transition', `An order that is ${order.status} cannot be cancelled`));
        }
        order.cancellation = {
          reference: parsed.data.reference,
          reason: parsed.data.reason ?? null,
          cancelled_at: new Date().toISOString(),
        };
        // A refunded order is cancelled too: the contract's lifecycle lets AgentCart close it.
        if (order.status === 'refunded') order.status = 'paid';
        move(order, 'cancelled');
        return order;
      });

      api.patch<{ Params: { id: string }; Body: { status?: unknown } }>(
        '/orders/:id',
        async (request, reply) => {
          const order = orders.get(request.params.id);
          if (!order) return reply.status(404).send(failure('not_found', `No order ${request.params.id}`));
          const status = request.body?.status;
          if (typeof status !== 'string' || !STATUSES.includes(status)) {
            return invalid(reply, `status must be one of ${STATUSES.join(', ')}`);
          }
          const moved = move(order, status as Status);
          return moved
            ? order
            : reply
                .status(409)
                .send(
                  failure('invalid_transition', `An order that is ${order.status} cannot become ${status}`),
                );
        },
      );
    },
    { prefix: basePath },
  );

  /** Sets a product's (or variant's) stock; `null` stops tracking it. */
  sim.control('products/:sku/stock', ({ sku }, body) => {
    const holder = holderOf(sku!);
    const quantity = (body as { quantity?: unknown } | undefined)?.quantity;
    if (!holder) return { error: `no product with SKU ${sku}` };
    if (quantity !== null && !(Number.isInteger(quantity) && (quantity as number) >= 0)) {
      return { error: 'quantity must be a whole number or null' };
    }
    holder.stock = quantity as number | null;
    emit('product.updated', view(bySku(sku!)!.product));
    return { sku, stock: holder.stock };
  });
  /** Changes a price, as a merchant editing their catalogue would (checkouts must re-price). */
  sim.control('products/:sku/price', ({ sku }, body) => {
    const holder = holderOf(sku!);
    const price = (body as { price?: unknown } | undefined)?.price;
    if (!holder) return { error: `no product with SKU ${sku}` };
    if (typeof price !== 'string' || !decimal.safeParse(price).success)
      return { error: 'price must be like "21.99"' };
    holder.price = price;
    emit('product.updated', view(bySku(sku!)!.product));
    return { sku, price };
  });
  /** The merchant moving an order on in their own back office. */
  sim.control('orders/:id/status', ({ id }, body) => {
    const order = orders.get(id!);
    const status = (body as { status?: unknown } | undefined)?.status;
    if (!order) return { error: `no order ${id}` };
    if (typeof status !== 'string' || !STATUSES.includes(status)) return { error: 'unknown status' };
    return move(order, status as Status)
      ? { id, status }
      : { error: `cannot move from ${order.status} to ${status}` };
  });
  /** Registers a URL that receives signed order.created, order.updated and product.updated events. */
  sim.control('webhooks', (_params, body) => {
    const { url, secret } = (body ?? {}) as { url?: unknown; secret?: unknown };
    if (typeof url !== 'string' || typeof secret !== 'string' || !secret)
      return { error: 'url and secret required' };
    webhooks.push({ url, secret });
    return { url, events: ['order.created', 'order.updated', 'product.updated'] };
  });
  /** A signed sample event (product.updated for the first product), returned rather than delivered. */
  sim.control('webhooks/sign', (_params, body) => {
    const secret = (body as { secret?: unknown } | undefined)?.secret;
    if (typeof secret !== 'string' || !secret) return { error: 'secret required' };
    return signedEvent(secret, 'product.updated', view(products[0]!));
  });
  /** The next `count` API requests fail with `status` (429 adds Retry-After; 500 and 503 are outages). */
  sim.control('fail-next', (_params, body) => {
    const { status, count } = (body ?? {}) as { status?: unknown; count?: unknown };
    forcedFailures.status = Number.isInteger(status) && (status as number) >= 400 ? (status as number) : 500;
    forcedFailures.remaining = Math.max(1, Math.min(Number(count ?? 1) || 1, 100));
    return { ...forcedFailures };
  });

  return { app, products, orders };
}

/** The sandbox starts this folder's simulator through this export (sandbox/start-simulators.ts). */
/** The real hosts this simulator answers for: sandbox mode routes the provider's traffic here. */
export const hosts = ['*.custom.sandbox'];

export default createCustomStoreSimulator;
