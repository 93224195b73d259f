import type { FastifyReply, FastifyRequest } from 'fastify';
import { decimalToMinor, minorToDecimal } from '#common/domain/money';
import { createSimulator, type SimulatorOptions } from '../../simulator-kit';
import { loopbackUrl, servePlaceholderImages } from '../simulator-store-kit';
import { TEA_STORE, teaCatalogue } from './simulator-catalogue';

/**
 * A stateful BigCommerce store API on loopback, under /stores/{hash}: the V2 store profile and orders
 * (created with a status, listed with 204 for an empty page, updated by status id) and the V3 catalogue
 * (products with variants and images, `meta.pagination`, variants by SKU). It sends the per-store
 * rate-limit headers and answers 429 when the 30-second quota runs out; controls set stock and the
 * quota left.
 */
export const BIGCOMMERCE_SANDBOX_STORE_HASH = 'kq8z3w5t7n';
/** The sandbox store-level API account's access token. */
export const BIGCOMMERCE_SANDBOX_ACCESS_TOKEN = 'bc8x4m2q9r7t1v5z3y6w0p8n2k4j6h1';

const ERROR_TYPE = 'https://developer.bigcommerce.com/api-docs/getting-started/api-status-codes';
const WINDOW_MS = 30_000;
const MAX_LIMIT = 250;
/** BigCommerce's order statuses by `status_id`, as `GET /v2/order_statuses` names them. */
const ORDER_STATUS_NAMES: Record<number, string> = {
  0: 'Incomplete',
  1: 'Pending',
  2: 'Shipped',
  3: 'Partially Shipped',
  4: 'Refunded',
  5: 'Cancelled',
  6: 'Declined',
  7: 'Awaiting Payment',
  8: 'Awaiting Pickup',
  9: 'Awaiting Shipment',
  10: 'Completed',
  11: 'Awaiting Fulfillment',
  12: 'Manual Verification Required',
  13: 'Disputed',
  14: 'Partially Refunded',
};

/** How a BigCommerce simulator is set up; every option has a sandbox default. */
export interface BigcommerceSimulatorOptions extends Pick<SimulatorOptions, 'state'> {
  stores?: { storeHash: string; accessToken: string }[];
  /** Requests per 30-second window (Standard and Plus plans: 150). */
  quota?: number;
  /** Where a browser loads product images from; the loopback address when omitted. */
  assetBaseUrl?: () => string;
}

interface Variant {
  id: number;
  product_id: number;
  sku: string;
  price: number | null;
  inventory_level: number;
  purchasing_disabled: boolean;
  option_values: { id: number; option_id: number; label: string; option_display_name: string }[];
}

interface Product {
  id: number;
  name: string;
  sku: string;
  slug: string;
  description: string;
  price: number;
  sale_price: number;
  inventory_tracking: string;
  inventory_level: number;
  availability: string;
  is_visible: boolean;
  date_created: string;
  variants: Variant[];
}

interface OrderLine {
  id: number;
  order_id: number;
  product_id: number;
  variant_id: number;
  name: string;
  sku: string;
  quantity: number;
  base_price: string;
  price_ex_tax: string;
  price_inc_tax: string;
  total_ex_tax: string;
  total_inc_tax: string;
}

interface Store {
  hash: string;
  accessToken: string;
  products: Product[];
  orders: Map<number, Record<string, unknown> & { id: number; status_id: number; date_created: string }>;
  orderLines: Map<number, OrderLine[]>;
  window: { start: number; left: number };
}

/** V2 money: four decimal places. */
const v2Money = (minor: number) => `${minorToDecimal(minor)}00`;
const rfc2822 = (date: Date) => date.toUTCString().replace('GMT', '+0000');
const v3Error = (status: number, title: string) => ({ status, title, type: ERROR_TYPE, errors: {} });
const v2Error = (status: number, message: string) => [{ status, message }];

/** Builds the simulator (not yet listening); start it with `startSimulator`. */
export function createBigcommerceSimulator(opts: BigcommerceSimulatorOptions = {}) {
  const storeOptions = opts.stores ?? [
    { storeHash: BIGCOMMERCE_SANDBOX_STORE_HASH, accessToken: BIGCOMMERCE_SANDBOX_ACCESS_TOKEN },
  ];
  const quota = opts.quota ?? 150;
  const sim = createSimulator({
    name: 'bigcommerce',
    credentials: { storeHash: storeOptions[0]!.storeHash, accessToken: storeOptions[0]!.accessToken },
    downBody: v3Error(503, 'Service Unavailable'),
    state: opts.state,
  });
  const { app } = sim;
  const assetBase = () => opts.assetBaseUrl?.() ?? loopbackUrl(app);
  const ids = sim.keep('ids', () => ({ next: 111 }));
  const newId = () => ids.next++;

  const seed = (): Product[] =>
    teaCatalogue().map((tea) => {
      const id = newId();
      const sizeOption = newId();
      return {
        id,
        name: tea.name,
        sku: tea.sku,
        slug: tea.slug,
        description: tea.description,
        price: tea.price,
        sale_price: tea.sale_price ?? 0,
        inventory_tracking: tea.inventory_tracking,
        inventory_level: tea.inventory_level,
        availability: tea.availability ?? 'available',
        is_visible: tea.is_visible ?? true,
        date_created: new Date().toISOString(),
        variants: tea.sizes
          ? tea.sizes.map((size) => ({
              id: newId(),
              product_id: id,
              sku: size.sku,
              price: size.price,
              inventory_level: size.inventory_level,
              purchasing_disabled: false,
              option_values: [
                { id: newId(), option_id: sizeOption, label: size.size, option_display_name: 'Size' },
              ],
            }))
          : [
              {
                id: newId(),
                product_id: id,
                sku: tea.sku,
                price: null,
                inventory_level: tea.inventory_level,
                purchasing_disabled: false,
                option_values: [],
              },
            ],
      };
    });

  const stores = sim.keep(
    'stores',
    () =>
      new Map<string, Store>(
        storeOptions.map((o) => [
          o.storeHash,
          {
            hash: o.storeHash,
            accessToken: o.accessToken,
            products: seed(),
            orders: new Map(),
            orderLines: new Map(),
            window: { start: Date.now(), left: quota },
          },
        ]),
      ),
  );

  const defaultStore = stores.get(storeOptions[0]!.storeHash)!;
  const storeOf = new WeakMap<FastifyRequest, Store>();
  const storeFor = (request: FastifyRequest) => storeOf.get(request)!;

  servePlaceholderImages(
    app,
    '/product_images',
    (slug) => defaultStore.products.find((p) => p.slug === slug)?.name,
  );

  /** What shoppers pay: the sale price when there is one. */
  const calculated = (product: Product, variant?: Variant) =>
    variant?.price ?? (product.sale_price > 0 ? product.sale_price : product.price);
  const variantView = (product: Product, variant: Variant) => ({
    ...variant,
    calculated_price: calculated(product, variant),
    image_url: '',
  });
  const productView = (product: Product, include: string[]) => {
    const image = `${assetBase()}/product_images/${product.slug}.svg`;
    return {
      id: product.id,
      name: product.name,
      type: 'physical',
      sku: product.sku,
      description: product.description,
      price: product.price,
      sale_price: product.sale_price,
      calculated_price: calculated(product),
      inventory_level:
        product.inventory_tracking === 'variant'
          ? product.variants.reduce((sum, v) => sum + v.inventory_level, 0)
          : product.inventory_level,
      inventory_tracking: product.inventory_tracking,
      availability: product.availability,
      is_visible: product.is_visible,
      custom_url: { url: `/${product.slug}/`, is_customized: false },
      date_created: product.date_created,
      ...(include.includes('variants')
        ? { variants: product.variants.map((v) => variantView(product, v)) }
        : {}),
      ...(include.includes('images')
        ? {
            images: [
              {
                id: product.id * 10,
                product_id: product.id,
                is_thumbnail: true,
                sort_order: 0,
                url_standard: image,
                url_thumbnail: image,
                url_zoom: image,
              },
            ],
          }
        : {}),
    };
  };
  const pagination = (total: number, count: number, perPage: number, page: number) => {
    const totalPages = Math.max(1, Math.ceil(total / perPage));
    return {
      pagination: {
        total,
        count,
        per_page: perPage,
        current_page: page,
        total_pages: totalPages,
        links: {
          ...(page > 1 ? { previous: `?page=${page - 1}&limit=${perPage}` } : {}),
          current: `?page=${page}&limit=${perPage}`,
          ...(page < totalPages ? { next: `?page=${page + 1}&limit=${perPage}` } : {}),
        },
      },
    };
  };
  const pageParams = (query: Record<string, string | undefined>) => ({
    page: Math.max(1, Math.floor(Number(query.page ?? 1)) || 1),
    limit: Math.min(MAX_LIMIT, Math.max(1, Math.floor(Number(query.limit ?? 50)) || 50)),
  });

  const orderOr404 = (request: FastifyRequest, reply: FastifyReply) => {
    const order = storeFor(request).orders.get(Number((request.params as { id: string }).id));
    if (!order) void reply.status(404).send(v2Error(404, 'The requested resource was not found.'));
    return order ?? null;
  };

  app.register(
    async (api) => {
      api.addHook('onRequest', async (request, reply) => {
        const store = stores.get((request.params as { hash: string }).hash);
        if (!store) return reply.status(404).send(v3Error(404, 'The resource at that URL is not found.'));
        const now = Date.now();
        if (now - store.window.start >= WINDOW_MS) store.window = { start: now, left: quota };
        store.window.left -= 1;
        reply.headers({
          'x-rate-limit-time-window-ms': String(WINDOW_MS),
          'x-rate-limit-time-reset-ms': String(Math.max(0, store.window.start + WINDOW_MS - now)),
          'x-rate-limit-requests-quota': String(quota),
          'x-rate-limit-requests-left': String(Math.max(0, store.window.left)),
        });
        if (store.window.left < 0) {
          return reply
            .status(429)
            .send(v3Error(429, 'Too many requests: the store’s API quota is used up for now.'));
        }
        if (request.headers['x-auth-token'] !== store.accessToken) {
          return reply.status(401).send(v3Error(401, 'Unauthorized'));
        }
        storeOf.set(request, store);
      });

      api.get('/v2/store', async (request) => {
        const store = storeFor(request);
        return {
          id: store.hash,
          account_uuid: '7f3c2a9e-1b4d-4c6e-8a0f-2d5b7c9e1f3a',
          domain: TEA_STORE.domain,
          secure_url: `https://${TEA_STORE.domain}`,
          control_panel_base_url: `https://store-${store.hash}.mybigcommerce.com`,
          status: 'live',
          name: TEA_STORE.name,
          first_name: 'Rosa',
          last_name: 'Ridgeway',
          address: '4 Market Place, Wantage OX12 8AB',
          country: TEA_STORE.country,
          country_code: TEA_STORE.country_code,
          phone: '01235 000000',
          admin_email: TEA_STORE.admin_email,
          order_email: TEA_STORE.order_email,
          timezone: { name: 'Europe/London', raw_offset: 0, dst_offset: 3600, dst_correction: true },
          language: 'en',
          currency: TEA_STORE.currency,
          currency_symbol: TEA_STORE.currency_symbol,
          decimal_places: 2,
          weight_units: 'Grams',
          dimension_units: 'Centimeters',
          plan_name: 'Standard',
          plan_level: 'Standard',
          plan_is_trial: false,
          industry: 'Food & Drink',
          is_price_entered_with_tax: true,
          store_id: 1000123,
          default_channel_id: 1,
          default_site_id: 1000,
        };
      });
      api.get('/v2/time', async () => ({ time: Math.floor(Date.now() / 1000) }));

      api.get<{ Querystring: Record<string, string | undefined> }>(
        '/v3/catalog/products',
        async (request) => {
          const { page, limit } = pageParams(request.query);
          const include = (request.query.include ?? '').split(',');
          const { is_visible: visible, sku } = request.query;
          const ids = request.query['id:in']?.split(',');
          const matching = storeFor(request).products.filter(
            (p) =>
              (visible === undefined || String(p.is_visible) === visible) &&
              (sku === undefined || p.sku === sku) &&
              (ids === undefined || ids.includes(String(p.id))),
          );
          const data = matching.slice((page - 1) * limit, page * limit).map((p) => productView(p, include));
          return { data, meta: pagination(matching.length, data.length, limit, page) };
        },
      );

      api.get<{ Params: { id: string }; Querystring: Record<string, string | undefined> }>(
        '/v3/catalog/products/:id',
        async (request, reply) => {
          const product = storeFor(request).products.find((p) => String(p.id) === request.params.id);
          if (!product)
            return reply
              .status(404)
              .send(v3Error(404, `A product with id ${request.params.id} was not found.`));
          return { data: productView(product, (request.query.include ?? '').split(',')), meta: {} };
        },
      );

      api.get<{ Querystring: Record<string, string | undefined> }>(
        '/v3/catalog/variants',
        async (request) => {
          const { page, limit } = pageParams(request.query);
          const skus =
            request.query.sku !== undefined ? [request.query.sku] : request.query['sku:in']?.split(',');
          const all = storeFor(request).products.flatMap((p) =>
            p.variants.filter((v) => !skus || skus.includes(v.sku)).map((v) => variantView(p, v)),
          );
          const data = all.slice((page - 1) * limit, page * limit);
          return { data, meta: pagination(all.length, data.length, limit, page) };
        },
      );

      api.post<{ Body: Record<string, unknown> | undefined }>('/v2/orders', async (request, reply) => {
        const store = storeFor(request);
        const body = request.body ?? {};
        const billing = (body.billing_address ?? {}) as Record<string, unknown>;
        for (const field of ['first_name', 'street_1', 'city', 'zip', 'country_iso2', 'email']) {
          if (typeof billing[field] !== 'string' || billing[field] === '') {
            return reply
              .status(400)
              .send(v2Error(400, `The required field 'billing_address.${field}' was not supplied.`));
          }
        }
        const requested = Array.isArray(body.products) ? (body.products as Record<string, unknown>[]) : [];
        if (requested.length === 0) {
          return reply.status(400).send(v2Error(400, "The required field 'products' was not supplied."));
        }
        const statusId = body.status_id === undefined ? 1 : Number(body.status_id);
        if (!Object.hasOwn(ORDER_STATUS_NAMES, statusId)) {
          return reply.status(400).send(v2Error(400, "The field 'status_id' is invalid."));
        }
        const lines: { product: Product; variant: Variant; quantity: number; price: number }[] = [];
        for (const item of requested) {
          const product = store.products.find((p) => p.id === Number(item.product_id));
          if (!product) return reply.status(400).send(v2Error(400, "The field 'product_id' is invalid."));
          const hasOptions = product.variants.some((v) => v.option_values.length > 0);
          const variant =
            item.variant_id !== undefined
              ? product.variants.find((v) => v.id === Number(item.variant_id))
              : hasOptions
                ? undefined
                : product.variants[0];
          if (!variant) {
            return reply
              .status(400)
              .send(
                v2Error(
                  400,
                  hasOptions
                    ? `The product '${product.name}' requires options.`
                    : "The field 'variant_id' is invalid.",
                ),
              );
          }
          const quantity = Number(item.quantity);
          if (!Number.isInteger(quantity) || quantity < 1) {
            return reply.status(400).send(v2Error(400, "The field 'quantity' is invalid."));
          }
          const level =
            product.inventory_tracking === 'variant'
              ? variant.inventory_level
              : product.inventory_tracking === 'product'
                ? product.inventory_level
                : Infinity;
          if (level < quantity) {
            return reply
              .status(400)
              .send(v2Error(400, `The product '${product.name}' does not have sufficient stock.`));
          }
          let price: number;
          try {
            price = decimalToMinor(String(item.price_inc_tax ?? calculated(product, variant)));
          } catch {
            return reply.status(400).send(v2Error(400, "The field 'price_inc_tax' is invalid."));
          }
          lines.push({ product, variant, quantity, price });
        }
        let shipping: number;
        try {
          shipping = decimalToMinor(String(body.shipping_cost_inc_tax ?? '0'));
        } catch {
          return reply.status(400).send(v2Error(400, "The field 'shipping_cost_inc_tax' is invalid."));
        }
        for (const { product, variant, quantity } of lines) {
          if (product.inventory_tracking === 'variant') variant.inventory_level -= quantity;
          if (product.inventory_tracking === 'product') product.inventory_level -= quantity;
        }
        const id = store.orders.size + 100;
        const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
        const created = new Date();
        const base = `https://api.bigcommerce.com/stores/${store.hash}/v2/orders/${id}`;
        const order = {
          id,
          customer_id: Number(body.customer_id ?? 0),
          date_created: rfc2822(created),
          date_modified: rfc2822(created),
          status_id: statusId,
          status: ORDER_STATUS_NAMES[statusId]!,
          subtotal_ex_tax: v2Money(subtotal),
          subtotal_inc_tax: v2Money(subtotal),
          subtotal_tax: '0.0000',
          shipping_cost_ex_tax: v2Money(shipping),
          shipping_cost_inc_tax: v2Money(shipping),
          total_ex_tax: v2Money(subtotal + shipping),
          total_inc_tax: v2Money(subtotal + shipping),
          total_tax: '0.0000',
          items_total: lines.reduce((sum, l) => sum + l.quantity, 0),
          items_shipped: 0,
          payment_method: typeof body.payment_method === 'string' ? body.payment_method : 'Manual',
          payment_provider_id: typeof body.payment_provider_id === 'string' ? body.payment_provider_id : '',
          currency_code: TEA_STORE.currency,
          default_currency_code: TEA_STORE.currency,
          currency_exchange_rate: '1.0000000000',
          staff_notes: typeof body.staff_notes === 'string' ? body.staff_notes : '',
          customer_message: typeof body.customer_message === 'string' ? body.customer_message : '',
          billing_address: billing,
          is_deleted: false,
          order_source: 'external',
          products: { url: `${base}/products`, resource: `/orders/${id}/products` },
          shipping_addresses: {
            url: `${base}/shipping_addresses`,
            resource: `/orders/${id}/shipping_addresses`,
          },
        };
        store.orders.set(id, order);
        store.orderLines.set(
          id,
          lines.map(({ product, variant, quantity, price }) => ({
            id: newId(),
            order_id: id,
            product_id: product.id,
            variant_id: variant.id,
            name: product.name,
            sku: variant.sku,
            quantity,
            base_price: v2Money(price),
            price_ex_tax: v2Money(price),
            price_inc_tax: v2Money(price),
            total_ex_tax: v2Money(price * quantity),
            total_inc_tax: v2Money(price * quantity),
          })),
        );
        return reply.status(200).send(order);
      });

      api.get<{ Querystring: Record<string, string | undefined> }>('/v2/orders', async (request, reply) => {
        const { page, limit } = pageParams(request.query);
        const since = request.query.min_date_created ? Date.parse(request.query.min_date_created) : null;
        const matching = [...storeFor(request).orders.values()]
          .filter((o) => since === null || Date.parse(o.date_created) >= since)
          .reverse();
        const data = matching.slice((page - 1) * limit, page * limit);
        return data.length ? data : reply.status(204).send();
      });

      api.get('/v2/orders/:id', async (request, reply) => orderOr404(request, reply) ?? reply);
      api.get('/v2/orders/:id/products', async (request, reply) => {
        const order = orderOr404(request, reply);
        return order ? storeFor(request).orderLines.get(order.id) : reply;
      });

      api.put<{ Params: { id: string }; Body: Record<string, unknown> | undefined }>(
        '/v2/orders/:id',
        async (request, reply) => {
          const order = orderOr404(request, reply);
          if (!order) return reply;
          const statusId = Number(request.body?.status_id);
          if (request.body?.status_id !== undefined) {
            if (!Object.hasOwn(ORDER_STATUS_NAMES, statusId)) {
              return reply.status(400).send(v2Error(400, "The field 'status_id' is invalid."));
            }
            Object.assign(order, { status_id: statusId, status: ORDER_STATUS_NAMES[statusId]! });
          }
          if (typeof request.body?.staff_notes === 'string') order.staff_notes = request.body.staff_notes;
          order.date_modified = rfc2822(new Date());
          return order;
        },
      );
    },
    { prefix: '/stores/:hash' },
  );

  /** Sets stock by SKU: the variant's when stock is tracked per variant, else the product's. */
  sim.control('products/:sku/stock', ({ sku }, body) => {
    const quantity = (body as { quantity?: unknown } | undefined)?.quantity;
    if (!Number.isInteger(quantity) || (quantity as number) < 0)
      return { error: 'quantity must be a whole number' };
    for (const product of defaultStore.products) {
      const variant = product.variants.find((v) => v.sku === sku);
      if (!variant) continue;
      if (product.inventory_tracking === 'variant') variant.inventory_level = quantity as number;
      else Object.assign(product, { inventory_level: quantity, inventory_tracking: 'product' });
      return { sku, inventory_level: quantity };
    }
    return { error: `no product with SKU ${sku}` };
  });
  /** Sets how many requests the current 30-second window has left (0: the next request is 429). */
  sim.control('rate-limit', (_params, body) => {
    const left = Number((body as { left?: unknown } | undefined)?.left ?? 0);
    defaultStore.window = { start: Date.now(), left: Math.max(0, Math.floor(left)) };
    return { left: defaultStore.window.left, quota };
  });

  return { app, stores };
}

/** The sandbox starts this folder's simulator through this export (sandbox/start-simulators.ts). */
/** The real hosts this simulator answers for: sandbox mode routes the provider's traffic here. */
export const hosts = ['api.bigcommerce.com'];

export default createBigcommerceSimulator;
