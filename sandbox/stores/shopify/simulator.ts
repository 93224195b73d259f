import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decimalToMinor, minorToDecimal } from '#common/domain/money';
import { createSimulator, type SimulatorOptions } from '../../simulator-kit';
import { loopbackUrl, servePlaceholderImages } from '../simulator-store-kit';
import { OUTDOOR_SHOP, outdoorCatalogue, type OutdoorProduct } from './simulator-catalogue';
import { shopifyWebhookHmac } from './signing';

/**
 * A stateful Shopify REST Admin API on loopback. Shops are told apart by host, as on myshopify.com
 * (`Host` or, behind the sandbox network, `X-Forwarded-Host`); a bare loopback host reaches the first
 * shop. It serves the shop, products with cursor pagination (`Link` + `page_info`), orders with their
 * fulfillment orders, transactions and refunds, cancellation, webhook subscriptions signed like
 * Shopify's, the call-limit header, and controls for stock, throttling and signed sample webhooks.
 */
export const SHOPIFY_SANDBOX_STORE_NAME = 'kestrel-outdoor';
/** The sandbox shop's Admin API access token (a custom app's `shpat_` token). */
export const SHOPIFY_SANDBOX_ACCESS_TOKEN = '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';
/** The custom app's API secret key, which signs its webhooks. */
export const SHOPIFY_SANDBOX_WEBHOOK_SECRET = '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';

const BUCKET_SIZE = 40;
const LEAK_PER_SECOND = 2;
const MAX_LIMIT = 250;
/** The Admin API version the `webhooks/sign` control stamps on the webhook it signs. */
const API_VERSION = '2024-01';
/** The reasons `POST /orders/{id}/cancel.json` accepts. */
const CANCEL_REASONS = ['customer', 'declined', 'fraud', 'inventory', 'staff', 'other'];
const INVALID_TOKEN = '[API] Invalid API key or access token (unrecognized login or wrong password)';
const WEBHOOK_TOPICS = [
  'orders/create',
  'orders/updated',
  'orders/paid',
  'orders/cancelled',
  'orders/fulfilled',
  'refunds/create',
  'products/update',
];

/** One shop served by the simulator, reached at `{storeName}.myshopify.com`. */
export interface ShopifyShopOptions {
  storeName: string;
  accessToken: string;
  webhookSecret?: string;
}

/** How a Shopify simulator is set up; every option has a sandbox default. */
export interface ShopifySimulatorOptions extends Pick<SimulatorOptions, 'state'> {
  /** The shops served; the first also answers requests whose host names no shop. */
  shops?: ShopifyShopOptions[];
  /** Where a browser loads product images from; the loopback address when omitted. */
  assetBaseUrl?: () => string;
  /** Delivers a webhook; defaults to a real HTTP POST. */
  deliver?: (url: string, rawBody: string, headers: Record<string, string>) => Promise<void>;
}

interface Variant {
  id: number;
  product_id: number;
  title: string;
  sku: string;
  price: string;
  position: number;
  inventory_quantity: number;
  inventory_management: string | null;
  inventory_policy: string;
  inventory_item_id: number;
  image_id: number | null;
  created_at: string;
  updated_at: string;
}

interface Product {
  id: number;
  title: string;
  body_html: string;
  vendor: string;
  product_type: string;
  handle: string;
  status: string;
  tags: string;
  created_at: string;
  updated_at: string;
  variants: Variant[];
}

interface LineItem {
  id: number;
  variant_id: number | null;
  product_id: number | null;
  title: string;
  variant_title: string | null;
  name: string;
  sku: string | null;
  quantity: number;
  price: string;
  fulfillable_quantity: number;
  fulfillment_status: string | null;
}

interface Order {
  id: number;
  name: string;
  order_number: number;
  email: string | null;
  phone: string | null;
  currency: string;
  presentment_currency: string;
  financial_status: string;
  fulfillment_status: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
  processed_at: string;
  subtotal_price: string;
  total_shipping_price: string;
  total_price: string;
  total_tax: string;
  line_items: LineItem[];
  shipping_lines: { id: number; title: string; code: string | null; price: string }[];
  billing_address: unknown;
  shipping_address: unknown;
  note: string | null;
  note_attributes: { name: string; value: unknown }[];
  tags: string;
  source_name: string;
  test: boolean;
}

interface FulfillmentOrder {
  id: number;
  order_id: number;
  status: 'open' | 'closed' | 'cancelled';
  supported_actions: string[];
  line_items: {
    id: number;
    line_item_id: number;
    variant_id: number | null;
    quantity: number;
    fulfillable_quantity: number;
  }[];
}

interface Transaction {
  id: number;
  order_id: number;
  kind: string;
  status: string;
  amount: string;
  currency: string;
  gateway: string | null;
  authorization: string | null;
  parent_id: number | null;
  source_name: string;
  created_at: string;
}

interface Shop {
  id: number;
  storeName: string;
  accessToken: string;
  webhookSecret: string;
  createdAt: string;
  products: Product[];
  orders: Map<number, Order>;
  fulfillmentOrders: Map<number, FulfillmentOrder[]>;
  transactions: Map<number, Transaction[]>;
  webhooks: {
    id: number;
    topic: string;
    address: string;
    format: string;
    created_at: string;
    api_version: string;
  }[];
  bucket: { used: number; at: number };
  throttle: { on: boolean; retryAfter: number };
  nextOrderNumber: number;
}

type Req = FastifyRequest<{
  Params: Record<string, string>;
  Querystring: Record<string, string>;
  Body: unknown;
}>;

const notFound = { errors: 'Not Found' };
const money = (minor: number) => minorToDecimal(minor);

/** Builds the simulator (not yet listening); start it with `startSimulator`. */
export function createShopifySimulator(opts: ShopifySimulatorOptions = {}) {
  const shopOptions = opts.shops ?? [
    {
      storeName: SHOPIFY_SANDBOX_STORE_NAME,
      accessToken: SHOPIFY_SANDBOX_ACCESS_TOKEN,
      webhookSecret: SHOPIFY_SANDBOX_WEBHOOK_SECRET,
    },
  ];
  const sim = createSimulator({
    name: 'shopify',
    credentials: { storeName: shopOptions[0]!.storeName, accessToken: shopOptions[0]!.accessToken },
    downBody: { errors: 'Service Unavailable' },
    state: opts.state,
  });
  const { app } = sim;
  const assetBase = () => opts.assetBaseUrl?.() ?? loopbackUrl(app);
  const deliver =
    opts.deliver ??
    (async (url: string, rawBody: string, headers: Record<string, string>) => {
      await fetch(url, { method: 'POST', headers, body: rawBody }).catch(() => undefined);
    });

  const ids = sim.keep('ids', () => ({ next: 7_100_000_000_001 }));
  const newId = () => ids.next++;
  const now = () => new Date().toISOString();

  const seed = (products: OutdoorProduct[]): Product[] =>
    products.map((seedProduct) => {
      const id = newId();
      const created = now();
      return {
        ...seedProduct,
        id,
        vendor: OUTDOOR_SHOP.name,
        created_at: created,
        updated_at: created,
        variants: seedProduct.variants.map((v, index) => ({
          ...v,
          id: newId(),
          product_id: id,
          position: index + 1,
          inventory_item_id: newId(),
          image_id: null,
          created_at: created,
          updated_at: created,
        })),
      };
    });

  const shops = sim.keep(
    'shops',
    () =>
      new Map<string, Shop>(
        shopOptions.map((o) => [
          o.storeName,
          {
            id: newId(),
            storeName: o.storeName,
            accessToken: o.accessToken,
            webhookSecret: o.webhookSecret ?? SHOPIFY_SANDBOX_WEBHOOK_SECRET,
            createdAt: now(),
            products: seed(outdoorCatalogue()),
            orders: new Map(),
            fulfillmentOrders: new Map(),
            transactions: new Map(),
            webhooks: [],
            bucket: { used: 0, at: Date.now() },
            throttle: { on: false, retryAfter: 2 },
            nextOrderNumber: 1001,
          },
        ]),
      ),
  );
  const defaultShop = shops.get(shopOptions[0]!.storeName)!;
  const shopOf = new WeakMap<FastifyRequest, Shop>();
  const shopFor = (request: FastifyRequest) => shopOf.get(request)!;
  const shopNamed = (name: unknown) =>
    (typeof name === 'string' ? shops.get(name) : undefined) ?? defaultShop;

  const hostOf = (request: FastifyRequest) => {
    const forwarded = request.headers['x-forwarded-host'];
    return (Array.isArray(forwarded) ? forwarded[0] : forwarded) ?? request.headers.host ?? '';
  };
  /** `{shop}.myshopify.com` picks a shop (or none: 404); any other host is the first shop. */
  const resolveShop = (request: FastifyRequest): Shop | null => {
    const match = /^([a-z0-9][a-z0-9-]*)\.myshopify\.com(?::\d+)?$/i.exec(hostOf(request));
    return match ? (shops.get(match[1]!.toLowerCase()) ?? null) : defaultShop;
  };

  const imageSrc = (product: Product) => `${assetBase()}/cdn/shop/files/${product.handle}.svg`;
  const productView = (product: Product) => {
    const image = {
      id: product.id + 1,
      product_id: product.id,
      position: 1,
      alt: product.title,
      src: imageSrc(product),
    };
    return {
      ...product,
      published_at: product.status === 'active' ? product.created_at : null,
      admin_graphql_api_id: `gid://shopify/Product/${product.id}`,
      images: [image],
      image,
      options: [{ name: product.variants.length > 1 ? 'Option' : 'Title', position: 1 }],
    };
  };
  servePlaceholderImages(app, '/cdn/shop/files', (handle) => {
    for (const shop of shops.values()) {
      const product = shop.products.find((p) => p.handle === handle);
      if (product) return product.title;
    }
    return undefined;
  });

  const variantBySku = (shop: Shop, sku: string) => {
    for (const product of shop.products) {
      const variant = product.variants.find((v) => v.sku === sku);
      if (variant) return { product, variant };
    }
    return null;
  };
  const variantById = (shop: Shop, id: number) => {
    for (const product of shop.products) {
      const variant = product.variants.find((v) => v.id === id);
      if (variant) return { product, variant };
    }
    return null;
  };

  const emit = (shop: Shop, topic: string, payload: unknown) => {
    for (const hook of shop.webhooks.filter((w) => w.topic === topic)) {
      const { rawBody, headers } = signedWebhook(shop, hook.api_version, topic, payload, shop.webhookSecret);
      void deliver(hook.address, rawBody, headers);
    }
  };
  const signedWebhook = (shop: Shop, version: string, topic: string, payload: unknown, secret: string) => {
    const rawBody = JSON.stringify(payload);
    return {
      rawBody,
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': topic,
        'x-shopify-hmac-sha256': shopifyWebhookHmac(secret, rawBody),
        'x-shopify-shop-domain': `${shop.storeName}.myshopify.com`,
        'x-shopify-api-version': version,
        'x-shopify-webhook-id': randomUUID(),
        'x-shopify-triggered-at': now(),
      },
    };
  };

  /**
   * A page of `all`, Shopify style: `limit` (at most 250), `fields`, and a `page_info` cursor that carries
   * the filters, so a request with `page_info` may not repeat them.
   */
  const paginate = <T extends object>(
    request: Req,
    reply: FastifyReply,
    resource: string,
    list: (filters: Record<string, string>) => T[],
  ) => {
    const { limit: rawLimit, page_info: pageInfo, fields, ...filters } = request.query;
    const limit = Math.min(Math.max(Number(rawLimit ?? 50) || 50, 1), MAX_LIMIT);
    let offset = 0;
    let activeFilters: Record<string, string> = filters;
    if (pageInfo !== undefined) {
      if (Object.keys(filters).length > 0) {
        return reply
          .status(400)
          .send({ errors: { page_info: ['cannot be combined with other parameters'] } });
      }
      try {
        const cursor = JSON.parse(Buffer.from(pageInfo, 'base64url').toString('utf8')) as {
          offset: number;
          filters: Record<string, string>;
        };
        offset = cursor.offset;
        activeFilters = cursor.filters;
      } catch {
        return reply.status(400).send({ errors: { page_info: ['Invalid value.'] } });
      }
    }
    const all = list(activeFilters);
    const page = all.slice(offset, offset + limit);
    const proto = (request.headers['x-forwarded-proto'] as string | undefined) ?? 'http';
    const link = (at: number, rel: string) => {
      const cursor = Buffer.from(JSON.stringify({ offset: at, filters: activeFilters })).toString(
        'base64url',
      );
      const url = new URL(
        `${proto}://${hostOf(request)}/admin/api/${request.params.version}/${resource}.json`,
      );
      url.searchParams.set('limit', String(limit));
      if (fields) url.searchParams.set('fields', fields);
      url.searchParams.set('page_info', cursor);
      return `<${url.toString()}>; rel="${rel}"`;
    };
    const links = [
      ...(offset > 0 ? [link(Math.max(0, offset - limit), 'previous')] : []),
      ...(offset + limit < all.length ? [link(offset + limit, 'next')] : []),
    ];
    if (links.length) reply.header('link', links.join(', '));
    const pick = fields ? fields.split(',').map((f) => f.trim()) : null;
    return {
      [resource]: page.map((item) =>
        pick ? Object.fromEntries(Object.entries(item).filter(([key]) => pick.includes(key))) : item,
      ),
    };
  };

  /** Shopify's money status follows the transactions: payments in, refunds out. */
  const settle = (shop: Shop, order: Order) => {
    const transactions = shop.transactions.get(order.id) ?? [];
    const sum = (kinds: string[]) =>
      transactions
        .filter((t) => kinds.includes(t.kind) && t.status === 'success')
        .reduce((total, t) => total + decimalToMinor(t.amount), 0);
    const paid = sum(['sale', 'capture']);
    const refunded = sum(['refund']);
    const total = decimalToMinor(order.total_price);
    if (refunded > 0) order.financial_status = refunded >= paid ? 'refunded' : 'partially_refunded';
    else if (paid >= total && total > 0) order.financial_status = 'paid';
    else if (paid > 0) order.financial_status = 'partially_paid';
  };

  const addTransaction = (
    shop: Shop,
    order: Order,
    t: Partial<Transaction> & { kind: string; amount: string },
  ) => {
    const transaction: Transaction = {
      id: newId(),
      order_id: order.id,
      status: 'success',
      currency: order.currency,
      gateway: null,
      authorization: null,
      parent_id: null,
      source_name: 'external',
      created_at: now(),
      ...t,
    };
    shop.transactions.set(order.id, [...(shop.transactions.get(order.id) ?? []), transaction]);
    return transaction;
  };

  const touch = (shop: Shop, order: Order, topic?: string) => {
    order.updated_at = now();
    if (topic) emit(shop, topic, order);
    emit(shop, 'orders/updated', order);
  };

  app.register(
    async (api) => {
      api.addHook('onRequest', async (request, reply) => {
        const { version } = request.params as { version: string };
        if (!/^(\d{4}-(01|04|07|10)|unstable)$/.test(version)) return reply.status(404).send(notFound);
        const shop = resolveShop(request);
        if (!shop) return reply.status(404).send(notFound);
        const at = Date.now();
        shop.bucket.used = Math.max(0, shop.bucket.used - ((at - shop.bucket.at) / 1000) * LEAK_PER_SECOND);
        shop.bucket.at = at;
        shop.bucket.used = Math.min(BUCKET_SIZE, shop.bucket.used + 1);
        reply.header('x-shopify-shop-api-call-limit', `${Math.ceil(shop.bucket.used)}/${BUCKET_SIZE}`);
        reply.header('x-shopify-api-version', version);
        if (shop.throttle.on) {
          return reply
            .status(429)
            .header('retry-after', shop.throttle.retryAfter.toFixed(1))
            .send({
              errors: `Exceeded ${LEAK_PER_SECOND} calls per second for api client. Reduce request rates to resume uninterrupted service.`,
            });
        }
        if (request.headers['x-shopify-access-token'] !== shop.accessToken) {
          return reply.status(401).send({ errors: INVALID_TOKEN });
        }
        shopOf.set(request, shop);
      });

      api.get('/shop.json', async (request) => {
        const shop = shopFor(request);
        return {
          shop: {
            id: shop.id,
            name: OUTDOOR_SHOP.name,
            email: OUTDOOR_SHOP.email,
            domain: OUTDOOR_SHOP.domain,
            myshopify_domain: `${shop.storeName}.myshopify.com`,
            currency: OUTDOOR_SHOP.currency,
            country_code: OUTDOOR_SHOP.country_code,
            iana_timezone: OUTDOOR_SHOP.iana_timezone,
            money_format: OUTDOOR_SHOP.money_format,
            primary_locale: 'en',
            plan_name: 'basic',
            plan_display_name: 'Basic',
            shop_owner: 'Kestrel Outdoor Ltd',
            created_at: shop.createdAt,
            updated_at: shop.createdAt,
          },
        };
      });

      api.get('/products.json', async (request, reply) => {
        const shop = shopFor(request);
        return paginate(request as Req, reply, 'products', (filters) =>
          shop.products
            .filter((p) => !filters.status || filters.status.split(',').includes(p.status))
            .filter((p) => !filters.ids || filters.ids.split(',').includes(String(p.id)))
            .map(productView),
        );
      });

      api.get<{ Params: { id: string } }>('/products/:id.json', async (request, reply) => {
        const product = shopFor(request).products.find((p) => String(p.id) === request.params.id);
        return product ? { product: productView(product) } : reply.status(404).send(notFound);
      });

      api.post<{ Params: { version: string }; Body: { order?: Record<string, unknown> } }>(
        '/orders.json',
        async (request, reply) => {
          const shop = shopFor(request);
          const input = request.body?.order;
          if (!input || typeof input !== 'object') {
            return reply.status(400).send({ errors: { order: 'Required parameter missing or invalid' } });
          }
          const rawLines = Array.isArray(input.line_items)
            ? (input.line_items as Record<string, unknown>[])
            : [];
          if (rawLines.length === 0) {
            return reply.status(422).send({ errors: { line_items: ['must have at least one line item'] } });
          }
          const behaviour = String(input.inventory_behaviour ?? 'bypass');
          const lines: { line: LineItem; variant: Variant | null; policyObeyed: boolean }[] = [];
          for (const raw of rawLines) {
            const quantity = Number(raw.quantity);
            if (!Number.isInteger(quantity) || quantity < 1) {
              return reply.status(422).send({ errors: { line_items: ['quantity must be greater than 0'] } });
            }
            if (raw.variant_id !== undefined && raw.variant_id !== null) {
              const found = variantById(shop, Number(raw.variant_id));
              if (!found || found.product.status !== 'active') {
                return reply
                  .status(422)
                  .send({ errors: { line_items: [`variant ${String(raw.variant_id)} is invalid`] } });
              }
              const { product, variant } = found;
              const obey = behaviour === 'decrement_obeying_policy';
              if (
                obey &&
                variant.inventory_management === 'shopify' &&
                variant.inventory_policy === 'deny' &&
                variant.inventory_quantity < quantity
              ) {
                return reply.status(422).send({ errors: { line_items: [`${variant.sku} is out of stock`] } });
              }
              const title = variant.title === 'Default Title' ? null : variant.title;
              lines.push({
                variant,
                policyObeyed: obey,
                line: {
                  id: newId(),
                  variant_id: variant.id,
                  product_id: product.id,
                  title: product.title,
                  variant_title: title,
                  name: title ? `${product.title} - ${title}` : product.title,
                  sku: variant.sku,
                  quantity,
                  price: typeof raw.price === 'string' ? raw.price : variant.price,
                  fulfillable_quantity: quantity,
                  fulfillment_status: null,
                },
              });
            } else if (typeof raw.title === 'string' && typeof raw.price === 'string') {
              lines.push({
                variant: null,
                policyObeyed: false,
                line: {
                  id: newId(),
                  variant_id: null,
                  product_id: null,
                  title: raw.title,
                  variant_title: null,
                  name: raw.title,
                  sku: typeof raw.sku === 'string' ? raw.sku : null,
                  quantity,
                  price: raw.price,
                  fulfillable_quantity: quantity,
                  fulfillment_status: null,
                },
              });
            } else {
              return reply
                .status(422)
                .send({ errors: { line_items: ['must have a variant_id or a title and price'] } });
            }
          }
          const shippingLines = (Array.isArray(input.shipping_lines) ? input.shipping_lines : []) as Record<
            string,
            unknown
          >[];
          let subtotal: number;
          let shipping: number;
          try {
            subtotal = lines.reduce((sum, { line }) => sum + decimalToMinor(line.price) * line.quantity, 0);
            shipping = shippingLines.reduce((sum, s) => sum + decimalToMinor(String(s.price ?? '0')), 0);
          } catch {
            return reply.status(422).send({ errors: { price: ['is not a number'] } });
          }
          if (behaviour !== 'bypass') {
            for (const { variant, line } of lines) {
              if (variant && variant.inventory_management === 'shopify')
                variant.inventory_quantity -= line.quantity;
            }
          }
          const created = now();
          const number = shop.nextOrderNumber++;
          const order: Order = {
            id: newId(),
            name: `#${number}`,
            order_number: number,
            email: typeof input.email === 'string' ? input.email : null,
            phone: typeof input.phone === 'string' ? input.phone : null,
            currency: typeof input.currency === 'string' ? input.currency : OUTDOOR_SHOP.currency,
            presentment_currency: typeof input.currency === 'string' ? input.currency : OUTDOOR_SHOP.currency,
            financial_status: 'pending',
            fulfillment_status: null,
            cancelled_at: null,
            cancel_reason: null,
            closed_at: null,
            created_at: created,
            updated_at: created,
            processed_at: created,
            subtotal_price: money(subtotal),
            total_shipping_price: money(shipping),
            total_price: money(subtotal + shipping),
            total_tax: '0.00',
            line_items: lines.map(({ line }) => line),
            shipping_lines: shippingLines.map((s) => ({
              id: newId(),
              title: String(s.title ?? 'Shipping'),
              code: typeof s.code === 'string' ? s.code : null,
              price: money(decimalToMinor(String(s.price ?? '0'))),
            })),
            billing_address: input.billing_address ?? null,
            shipping_address: input.shipping_address ?? null,
            note: typeof input.note === 'string' ? input.note : null,
            note_attributes: Array.isArray(input.note_attributes)
              ? (input.note_attributes as { name: string; value: unknown }[])
              : [],
            tags: typeof input.tags === 'string' ? input.tags : '',
            source_name: 'api',
            test: false,
          };
          shop.orders.set(order.id, order);
          const transactions = (Array.isArray(input.transactions) ? input.transactions : []) as Record<
            string,
            unknown
          >[];
          for (const t of transactions) {
            addTransaction(shop, order, {
              kind: String(t.kind ?? 'sale'),
              status: String(t.status ?? 'success'),
              amount: String(t.amount ?? order.total_price),
              gateway: typeof t.gateway === 'string' ? t.gateway : null,
              authorization: typeof t.authorization === 'string' ? t.authorization : null,
            });
          }
          settle(shop, order);
          if (typeof input.financial_status === 'string') order.financial_status = input.financial_status;
          shop.fulfillmentOrders.set(order.id, [
            {
              id: newId(),
              order_id: order.id,
              status: 'open',
              supported_actions: ['create_fulfillment'],
              line_items: order.line_items.map((line) => ({
                id: newId(),
                line_item_id: line.id,
                variant_id: line.variant_id,
                quantity: line.quantity,
                fulfillable_quantity: line.quantity,
              })),
            },
          ]);
          emit(shop, 'orders/create', order);
          if (order.financial_status === 'paid') emit(shop, 'orders/paid', order);
          return reply.status(201).send({ order });
        },
      );

      api.get('/orders.json', async (request, reply) => {
        const shop = shopFor(request);
        return paginate(request as Req, reply, 'orders', (filters) => {
          const status = filters.status ?? 'open';
          const since = filters.created_at_min ? Date.parse(filters.created_at_min) : null;
          return [...shop.orders.values()]
            .filter((o) =>
              status === 'any'
                ? true
                : status === 'cancelled'
                  ? o.cancelled_at !== null
                  : status === 'closed'
                    ? o.closed_at !== null
                    : o.closed_at === null && o.cancelled_at === null,
            )
            .filter((o) => since === null || Date.parse(o.created_at) >= since)
            .filter((o) => !filters.financial_status || filters.financial_status === o.financial_status)
            .reverse();
        });
      });

      const orderOr404 = (request: FastifyRequest, reply: FastifyReply) => {
        const order = shopFor(request).orders.get(Number((request.params as { id: string }).id));
        if (!order) void reply.status(404).send(notFound);
        return order ?? null;
      };

      api.get('/orders/:id.json', async (request, reply) => {
        const order = orderOr404(request, reply);
        return order ? { order } : reply;
      });

      api.get('/orders/:id/fulfillment_orders.json', async (request, reply) => {
        const order = orderOr404(request, reply);
        return order ? { fulfillment_orders: shopFor(request).fulfillmentOrders.get(order.id) ?? [] } : reply;
      });

      api.post<{ Params: { version: string }; Body: { fulfillment?: Record<string, unknown> } }>(
        '/fulfillments.json',
        async (request, reply) => {
          const shop = shopFor(request);
          const requested = request.body?.fulfillment?.line_items_by_fulfillment_order;
          if (!Array.isArray(requested) || requested.length === 0) {
            return reply
              .status(400)
              .send({ errors: { fulfillment: 'Required parameter missing or invalid' } });
          }
          const targets: FulfillmentOrder[] = [];
          for (const entry of requested as { fulfillment_order_id?: unknown }[]) {
            const fo = [...shop.fulfillmentOrders.values()]
              .flat()
              .find((f) => f.id === Number(entry.fulfillment_order_id));
            if (!fo) return reply.status(404).send(notFound);
            if (fo.status !== 'open') {
              return reply
                .status(422)
                .send({ errors: [`Fulfillment order ${fo.id} has an unfulfillable status= ${fo.status}.`] });
            }
            targets.push(fo);
          }
          const order = shop.orders.get(targets[0]!.order_id)!;
          for (const fo of targets) {
            fo.status = 'closed';
            fo.supported_actions = [];
            for (const item of fo.line_items) item.fulfillable_quantity = 0;
          }
          for (const line of order.line_items) {
            line.fulfillable_quantity = 0;
            line.fulfillment_status = 'fulfilled';
          }
          const open = (shop.fulfillmentOrders.get(order.id) ?? []).some((fo) => fo.status === 'open');
          order.fulfillment_status = open ? 'partial' : 'fulfilled';
          touch(shop, order, open ? undefined : 'orders/fulfilled');
          return reply.status(201).send({
            fulfillment: {
              id: newId(),
              order_id: order.id,
              status: 'success',
              created_at: now(),
              line_items: order.line_items,
            },
          });
        },
      );

      api.post<{ Params: { id: string; version: string }; Body: { reason?: string } | undefined }>(
        '/orders/:id/cancel.json',
        async (request, reply) => {
          const shop = shopFor(request);
          const order = orderOr404(request, reply);
          if (!order) return reply;
          if (order.cancelled_at)
            return reply.status(422).send({ errors: 'Order has already been cancelled' });
          if (order.fulfillment_status === 'fulfilled') {
            return reply.status(422).send({ errors: 'Cannot cancel an order that has been fulfilled' });
          }
          const reason = request.body?.reason ?? 'other';
          if (!CANCEL_REASONS.includes(reason)) {
            return reply.status(422).send({ errors: { reason: ['is not included in the list'] } });
          }
          order.cancelled_at = now();
          order.closed_at = order.cancelled_at;
          order.cancel_reason = reason;
          for (const fo of shop.fulfillmentOrders.get(order.id) ?? []) {
            if (fo.status === 'open') Object.assign(fo, { status: 'cancelled', supported_actions: [] });
          }
          for (const line of order.line_items) {
            const found = line.variant_id ? variantById(shop, line.variant_id) : null;
            if (found?.variant.inventory_management === 'shopify')
              found.variant.inventory_quantity += line.quantity;
          }
          touch(shop, order, 'orders/cancelled');
          return { order };
        },
      );

      api.get('/orders/:id/transactions.json', async (request, reply) => {
        const order = orderOr404(request, reply);
        return order ? { transactions: shopFor(request).transactions.get(order.id) ?? [] } : reply;
      });

      api.post<{ Params: { id: string; version: string }; Body: { transaction?: Record<string, unknown> } }>(
        '/orders/:id/transactions.json',
        async (request, reply) => {
          const shop = shopFor(request);
          const order = orderOr404(request, reply);
          if (!order) return reply;
          const input = request.body?.transaction;
          const kind = String(input?.kind ?? '');
          if (!['sale', 'capture', 'void', 'refund'].includes(kind)) {
            return reply.status(422).send({ errors: { kind: ['is not included in the list'] } });
          }
          const before = order.financial_status;
          const transaction = addTransaction(shop, order, {
            kind,
            amount: String(input?.amount ?? order.total_price),
            gateway: typeof input?.gateway === 'string' ? input.gateway : 'manual',
            source_name: typeof input?.source === 'string' ? input.source : 'external',
          });
          settle(shop, order);
          touch(
            shop,
            order,
            before !== 'paid' && order.financial_status === 'paid' ? 'orders/paid' : undefined,
          );
          return reply.status(201).send({ transaction });
        },
      );

      api.post<{ Params: { id: string; version: string }; Body: { refund?: Record<string, unknown> } }>(
        '/orders/:id/refunds.json',
        async (request, reply) => {
          const shop = shopFor(request);
          const order = orderOr404(request, reply);
          if (!order) return reply;
          const requested = (request.body?.refund?.transactions ?? []) as Record<string, unknown>[];
          if (!Array.isArray(requested) || requested.length === 0) {
            return reply
              .status(422)
              .send({ errors: { transactions: ['must refund at least one transaction'] } });
          }
          const existing = shop.transactions.get(order.id) ?? [];
          const created = [];
          for (const t of requested) {
            const parent = existing.find((p) => p.id === Number(t.parent_id));
            if (!parent || !['sale', 'capture'].includes(parent.kind)) {
              return reply.status(422).send({ errors: { parent_id: ['is invalid'] } });
            }
            created.push(
              addTransaction(shop, order, {
                kind: 'refund',
                amount: String(t.amount ?? parent.amount),
                gateway: parent.gateway,
                parent_id: parent.id,
              }),
            );
          }
          settle(shop, order);
          const refund = {
            id: newId(),
            order_id: order.id,
            created_at: now(),
            note: request.body?.refund?.note ?? null,
            transactions: created,
          };
          emit(shop, 'refunds/create', refund);
          touch(shop, order);
          return reply.status(201).send({ refund });
        },
      );

      api.get('/webhooks.json', async (request) => ({ webhooks: shopFor(request).webhooks }));
      api.post<{ Params: { version: string }; Body: { webhook?: Record<string, unknown> } }>(
        '/webhooks.json',
        async (request, reply) => {
          const shop = shopFor(request);
          const input = request.body?.webhook ?? {};
          const errors: Record<string, string[]> = {};
          if (!WEBHOOK_TOPICS.includes(String(input.topic))) errors.topic = ['Invalid topic specified.'];
          if (typeof input.address !== 'string' || !/^https?:\/\//.test(input.address)) {
            errors.address = ['is invalid'];
          }
          if (Object.keys(errors).length) return reply.status(422).send({ errors });
          const webhook = {
            id: newId(),
            topic: String(input.topic),
            address: String(input.address),
            format: 'json',
            created_at: now(),
            api_version: request.params.version,
          };
          shop.webhooks.push(webhook);
          return reply.status(201).send({ webhook });
        },
      );
    },
    { prefix: '/admin/api/:version' },
  );

  /** Sets a variant's stock by SKU (body `{ quantity, shop? }`), as an inventory adjustment would. */
  sim.control('products/:sku/stock', ({ sku }, body) => {
    const { quantity, shop: name } = (body ?? {}) as { quantity?: unknown; shop?: unknown };
    const shop = shopNamed(name);
    const found = variantBySku(shop, sku!);
    if (!found) return { error: `no variant with SKU ${sku}` };
    if (!Number.isInteger(quantity)) return { error: 'quantity must be a whole number' };
    found.variant.inventory_quantity = quantity as number;
    found.variant.updated_at = now();
    emit(shop, 'products/update', productView(found.product));
    return { sku, inventory_quantity: found.variant.inventory_quantity };
  });
  /** While on, every API call is answered 429 with Retry-After, as when the leaky bucket is full. */
  sim.control('throttle', (_params, body) => {
    const {
      enabled,
      retryAfter,
      shop: name,
    } = (body ?? {}) as { enabled?: unknown; retryAfter?: unknown; shop?: unknown };
    const shop = shopNamed(name);
    shop.throttle = {
      on: enabled !== false,
      retryAfter: Number.isFinite(retryAfter) ? Number(retryAfter) : 2,
    };
    return shop.throttle;
  });
  /** A products/update webhook for the first product, signed with `secret` (default: the app's secret). */
  sim.control('webhooks/sign', (_params, body) => {
    const { secret, shop: name } = (body ?? {}) as { secret?: unknown; shop?: unknown };
    const shop = shopNamed(name);
    return signedWebhook(
      shop,
      API_VERSION,
      'products/update',
      productView(shop.products[0]!),
      typeof secret === 'string' && secret ? secret : shop.webhookSecret,
    );
  });

  return { app, shops };
}

/** The sandbox starts this folder's simulator through this export (sandbox/start-simulators.ts). */
/** The real hosts this simulator answers for: sandbox mode routes the provider's traffic here. */
export const hosts = ['*.myshopify.com'];

export default createShopifySimulator;
