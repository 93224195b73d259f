import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decimalToMinor } from '#common/domain/money';
import { createSimulator, type SimulatorOptions } from '../../simulator-kit';
import { loopbackUrl, servePlaceholderImages } from '../simulator-store-kit';
import { HOMEWARE_STORE, homewareCatalogue, type HomewareProduct } from './simulator-catalogue';

/**
 * A stateful Magento 2 REST API on loopback, under /rest/V1 (and the /rest/default/V1 and /rest/all/V1
 * scopes): store views and configs, products by searchCriteria (with Magento's habit of repeating the
 * last page) and by SKU, the guest-cart checkout, orders with comments, invoices, shipments,
 * cancellation and credit memos, moving state and status as Magento does. Integration tokens work as
 * Bearer tokens unless a control turns that setting off (the 2.4.4+ default).
 */
export const MAGENTO_SANDBOX_STORE_URL = 'https://harbour-home.magento.sandbox';
/** The sandbox integration's access token. */
export const MAGENTO_SANDBOX_ACCESS_TOKEN = 'mg4h8k2p6r0t3v7x1z5b9d2f6h0j4l8n';

/** How a Magento simulator is set up; every option has a sandbox default. */
export interface MagentoSimulatorOptions extends Pick<SimulatorOptions, 'state'> {
  accessTokens?: string[];
  /** The `storeUrl` listed as the sandbox credential and used in the store's links. */
  storeUrl?: string;
  /** Where a browser loads product images from; the loopback address when omitted. */
  assetBaseUrl?: () => string;
}

interface Product extends HomewareProduct {
  id: number;
  status: 1 | 2;
  visibility: 1 | 4;
  manageStock: boolean;
  file: string;
  createdAt: string;
}

interface Cart {
  maskedId: string;
  quoteId: number;
  active: boolean;
  items: {
    item_id: number;
    sku: string;
    qty: number;
    name: string;
    price: number;
    product_type: string;
    quote_id: string;
  }[];
  addresses: { shipping: Record<string, unknown>; billing: Record<string, unknown> } | null;
}

interface Order {
  entity_id: number;
  increment_id: string;
  quote_id: number;
  state: string;
  status: string | null;
  created_at: string;
  updated_at: string;
  customer_email: string;
  customer_firstname: string;
  customer_lastname: string;
  customer_is_guest: 1;
  base_currency_code: string;
  order_currency_code: string;
  subtotal: number;
  shipping_amount: number;
  grand_total: number;
  base_grand_total: number;
  total_invoiced: number;
  total_paid: number;
  total_refunded: number;
  total_qty_ordered: number;
  shipping_description: string;
  items: {
    item_id: number;
    order_id: number;
    sku: string;
    name: string;
    product_type: string;
    qty_ordered: number;
    qty_invoiced: number;
    qty_shipped: number;
    qty_refunded: number;
    price: number;
    row_total: number;
  }[];
  billing_address: Record<string, unknown>;
  payment: { method: string; additional_information: string[] };
  status_histories: Record<string, unknown>[];
  extension_attributes: {
    shipping_assignments: { shipping: { address: Record<string, unknown>; method: string } }[];
  };
}

const message = (text: string, parameters?: Record<string, unknown> | unknown[]) => ({
  message: text,
  ...(parameters ? { parameters } : {}),
});
const NO_PRODUCT = message("The product that was requested doesn't exist. Verify the product and try again.");
const NO_ENTITY = message("The entity that was requested doesn't exist. Verify the entity and try again.");
/** Magento sends money as JSON numbers; sums are made in pence so that they stay exact. */
const pence = (amount: number) => decimalToMinor(amount);
const amount = (minor: number) => minor / 100;
const subtotalOf = (items: { price: number; qty: number }[]) =>
  items.reduce((sum, item) => sum + pence(item.price) * item.qty, 0);

/** The ACL resource a REST route needs; guest carts are anonymous, as in Magento. */
function resourceFor(url: string): string | null {
  if (url.includes('/guest-carts')) return null;
  if (url.includes('/store/')) return 'Magento_Backend::store';
  if (url.includes('/products')) return 'Magento_Catalog::products';
  return 'Magento_Sales::sales';
}

/** Reads `searchCriteria[...]` query keys the way Magento's REST layer does. */
function parseSearchCriteria(query: Record<string, unknown>) {
  const keys = Object.keys(query).filter((key) => key.startsWith('searchCriteria'));
  if (keys.length === 0) return null;
  const value = (key: string) => {
    const v = query[key];
    return String(Array.isArray(v) ? v[0] : v);
  };
  const groups = new Map<number, Map<number, Record<string, string>>>();
  for (const key of keys) {
    const match =
      /^searchCriteria\[filter_groups\]\[(\d+)\]\[filters\]\[(\d+)\]\[(field|value|condition_type)\]$/.exec(
        key,
      );
    if (!match) continue;
    const group = groups.get(Number(match[1])) ?? new Map<number, Record<string, string>>();
    groups.set(Number(match[1]), group);
    const filter = group.get(Number(match[2])) ?? {};
    group.set(Number(match[2]), filter);
    filter[match[3]!] = value(key);
  }
  const pageSize =
    query['searchCriteria[pageSize]'] === undefined ? null : Number(value('searchCriteria[pageSize]'));
  const currentPage = Math.max(1, Number(query['searchCriteria[currentPage]'] ?? 1) || 1);
  return {
    pageSize: pageSize && pageSize > 0 ? Math.floor(pageSize) : null,
    currentPage,
    groups: [...groups.values()].map((g) => [...g.values()]),
  };
}

function matches(actual: unknown, condition: string, expected: string): boolean {
  const text = String(actual);
  const list = expected.split(',').map((v) => v.trim());
  switch (condition) {
    case 'neq':
      return text !== expected;
    case 'in':
      return list.includes(text);
    case 'nin':
      return !list.includes(text);
    case 'like':
      return new RegExp(`^${expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/%/g, '.*')}$`, 'i').test(
        text,
      );
    case 'gt':
      return Number(actual) > Number(expected);
    case 'gteq':
      return Number(actual) >= Number(expected);
    case 'lt':
      return Number(actual) < Number(expected);
    case 'lteq':
      return Number(actual) <= Number(expected);
    default:
      return text === expected;
  }
}

/** Builds the simulator (not yet listening); start it with `startSimulator`. */
export function createMagentoSimulator(opts: MagentoSimulatorOptions = {}) {
  const tokens = new Set(opts.accessTokens ?? [MAGENTO_SANDBOX_ACCESS_TOKEN]);
  const storeUrl = (opts.storeUrl ?? MAGENTO_SANDBOX_STORE_URL).replace(/\/+$/, '');
  const sim = createSimulator({
    name: 'magento',
    credentials: { storeUrl, accessToken: [...tokens][0]! },
    downBody: message('Service Temporarily Unavailable'),
    state: opts.state,
  });
  const { app } = sim;
  const assetBase = () => opts.assetBaseUrl?.() ?? loopbackUrl(app);
  const settings = { bearerTokens: true };
  const ids = sim.keep('ids', () => ({ next: 1, quote: 1, order: 1, document: 1 }));
  const products = sim.keep('products', (): Product[] => {
    const created = new Date().toISOString();
    return homewareCatalogue().map((p) => ({
      ...p,
      id: ids.next++,
      status: p.status ?? 1,
      visibility: p.visibility ?? 4,
      manageStock: p.manageStock ?? true,
      file: `/${p.urlKey[0]}/${p.urlKey[1]}/${p.urlKey}.svg`,
      createdAt: created,
    }));
  });
  const { carts, orders } = sim.keep('sales', () => ({
    carts: new Map<string, Cart>(),
    orders: new Map<number, Order>(),
  }));

  servePlaceholderImages(
    app,
    '/media/catalog/product/:a/:b',
    (key) => products.find((p) => p.urlKey === key)?.name,
  );

  const inStock = (p: Product) => !p.manageStock || p.qty > 0 || p.type === 'configurable';
  const productView = (p: Product) => ({
    id: p.id,
    sku: p.sku,
    name: p.name,
    attribute_set_id: 4,
    price: p.price,
    status: p.status,
    visibility: p.visibility,
    type_id: p.type,
    created_at: p.createdAt,
    updated_at: p.createdAt,
    ...(p.type === 'virtual' ? {} : { weight: 1 }),
    extension_attributes: {
      website_ids: [1],
      stock_item: {
        item_id: p.id,
        product_id: p.id,
        stock_id: 1,
        qty: p.type === 'configurable' ? 0 : p.qty,
        is_in_stock: inStock(p),
        manage_stock: p.manageStock,
        backorders: 0,
      },
    },
    product_links: [],
    options: [],
    media_gallery_entries: [
      {
        id: p.id,
        media_type: 'image',
        label: p.name,
        position: 1,
        disabled: false,
        types: ['image', 'small_image', 'thumbnail'],
        file: p.file,
      },
    ],
    tier_prices: [],
    custom_attributes: [
      { attribute_code: 'description', value: p.description },
      { attribute_code: 'url_key', value: p.urlKey },
      { attribute_code: 'image', value: p.file },
    ],
  });

  const orderOr404 = (request: FastifyRequest, reply: FastifyReply) => {
    const order = orders.get(Number((request.params as { id: string }).id));
    if (!order) void reply.status(404).send(NO_ENTITY);
    return order ?? null;
  };
  const cartOr404 = (request: FastifyRequest, reply: FastifyReply) => {
    const cartId = (request.params as { cartId: string }).cartId;
    const cart = carts.get(cartId);
    if (!cart || !cart.active) {
      void reply.status(404).send(
        message('No such entity with %fieldName = %fieldValue', {
          fieldName: 'cartId',
          fieldValue: cartId,
        }),
      );
      return null;
    }
    return cart;
  };
  const moveTo = (order: Order, state: string) => {
    order.state = state;
    order.status = state;
    order.updated_at = new Date().toISOString();
  };
  const isInvoiced = (o: Order) => o.total_invoiced >= o.grand_total;
  const isShipped = (o: Order) => o.items.every((i) => i.qty_shipped >= i.qty_ordered);

  const required = ['firstname', 'lastname', 'street', 'city', 'postcode', 'country_id', 'telephone'];
  const missingField = (address: unknown) => {
    const a = (address ?? {}) as Record<string, unknown>;
    return required.find((f) => (Array.isArray(a[f]) ? (a[f] as unknown[]).length === 0 : !a[f]));
  };

  const routes = async (api: FastifyInstance) => {
    api.setNotFoundHandler((_request, reply) =>
      reply.status(404).send(message('Request does not match any route.')),
    );
    api.addHook('onRequest', async (request, reply) => {
      const resource = resourceFor(request.url);
      if (!resource) return;
      const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
      if (!settings.bearerTokens || !match || !tokens.has(match[1]!.trim())) {
        return reply
          .status(401)
          .send(message("The consumer isn't authorized to access %resources.", { resources: resource }));
      }
    });

    api.get('/store/storeViews', async () => [
      { id: 1, code: 'default', name: 'Default Store View', website_id: 1, store_group_id: 1, is_active: 1 },
      { id: 0, code: 'admin', name: 'Admin', website_id: 0, store_group_id: 0, is_active: 1 },
    ]);
    api.get('/store/storeConfigs', async () => {
      const media = `${assetBase()}/media/`;
      return [
        {
          id: 1,
          code: 'default',
          website_id: 1,
          locale: HOMEWARE_STORE.locale,
          base_currency_code: HOMEWARE_STORE.currency,
          default_display_currency_code: HOMEWARE_STORE.currency,
          timezone: HOMEWARE_STORE.timezone,
          weight_unit: 'kgs',
          base_url: `${storeUrl}/`,
          base_link_url: `${storeUrl}/`,
          base_static_url: `${storeUrl}/static/`,
          base_media_url: media,
          secure_base_url: `${storeUrl}/`,
          secure_base_link_url: `${storeUrl}/`,
          secure_base_static_url: `${storeUrl}/static/`,
          secure_base_media_url: media,
        },
      ];
    });

    api.get<{ Querystring: Record<string, unknown> }>('/products', async (request, reply) => {
      const criteria = parseSearchCriteria(request.query);
      if (!criteria) {
        return reply
          .status(400)
          .send(message('"%fieldName" is required. Enter and try again.', { fieldName: 'searchCriteria' }));
      }
      const views = products.map((p) => ({
        product: p,
        fields: { ...p, entity_id: p.id, type_id: p.type } as Record<string, unknown>,
      }));
      const found = views
        .filter(({ fields }) =>
          criteria.groups.every((group) =>
            group.some((f) => matches(fields[f.field ?? ''], f.condition_type ?? 'eq', f.value ?? '')),
          ),
        )
        .map(({ product }) => product);
      const size = criteria.pageSize ?? found.length;
      // Magento clamps a page past the end to the last page rather than answering with nothing.
      const lastPage = Math.max(1, Math.ceil(found.length / Math.max(size, 1)));
      const page = Math.min(criteria.currentPage, lastPage);
      return {
        items: found.slice((page - 1) * size, page * size).map(productView),
        search_criteria: {
          filter_groups: criteria.groups.map((filters) => ({ filters })),
          ...(criteria.pageSize ? { page_size: criteria.pageSize } : {}),
          current_page: criteria.currentPage,
        },
        total_count: found.length,
      };
    });

    api.get<{ Params: { sku: string } }>('/products/:sku', async (request, reply) => {
      const product = products.find((p) => p.sku === request.params.sku);
      return product ? productView(product) : reply.status(404).send(NO_PRODUCT);
    });

    api.post('/guest-carts', async (_request, reply) => {
      const maskedId = randomBytes(16).toString('hex');
      carts.set(maskedId, { maskedId, quoteId: ids.quote++, active: true, items: [], addresses: null });
      // Magento answers with the id as a JSON string (Fastify would send a bare string as text).
      return reply.type('application/json').send(JSON.stringify(maskedId));
    });

    api.post<{ Params: { cartId: string }; Body: { cartItem?: Record<string, unknown> } }>(
      '/guest-carts/:cartId/items',
      async (request, reply) => {
        const cart = cartOr404(request, reply);
        if (!cart) return reply;
        const item = request.body?.cartItem ?? {};
        const product = products.find((p) => p.sku === item.sku);
        if (!product) return reply.status(404).send(NO_PRODUCT);
        const qty = Number(item.qty ?? 1);
        if (product.status !== 1)
          return reply.status(400).send(message('Product that you are trying to add is not available.'));
        if (product.type === 'configurable')
          return reply.status(400).send(message('You need to choose options for your item.'));
        if (!Number.isFinite(qty) || qty <= 0)
          return reply.status(400).send(message('Please specify the quantity of product(s).'));
        const already = cart.items.find((i) => i.sku === product.sku);
        const wanted = qty + (already?.qty ?? 0);
        if (product.manageStock && product.qty < wanted) {
          return reply.status(400).send(message('The requested qty is not available'));
        }
        if (already) {
          already.qty = wanted;
          return already;
        }
        const line = {
          item_id: ids.next++,
          sku: product.sku,
          qty,
          name: product.name,
          price: product.price,
          product_type: product.type,
          quote_id: cart.maskedId,
        };
        cart.items.push(line);
        return line;
      },
    );

    api.post<{ Params: { cartId: string }; Body: { addressInformation?: Record<string, unknown> } }>(
      '/guest-carts/:cartId/shipping-information',
      async (request, reply) => {
        const cart = cartOr404(request, reply);
        if (!cart) return reply;
        if (cart.items.length === 0) {
          return reply
            .status(400)
            .send(
              message(
                "The shipping method can't be set for an empty cart. Add an item to cart and try again.",
              ),
            );
        }
        const info = request.body?.addressInformation ?? {};
        for (const key of ['shipping_address', 'billing_address']) {
          const missing = missingField(info[key]);
          if (missing) {
            return reply
              .status(400)
              .send(message('"%fieldName" is required. Enter and try again.', { fieldName: missing }));
          }
        }
        if (info.shipping_carrier_code !== 'flatrate' || info.shipping_method_code !== 'flatrate') {
          return reply
            .status(400)
            .send(
              message('Carrier with such method not found: %1, %2', [
                info.shipping_carrier_code,
                info.shipping_method_code,
              ]),
            );
        }
        cart.addresses = {
          shipping: info.shipping_address as Record<string, unknown>,
          billing: info.billing_address as Record<string, unknown>,
        };
        const subtotal = subtotalOf(cart.items);
        const shipping = pence(HOMEWARE_STORE.flatRate);
        return {
          payment_methods: [
            { code: 'checkmo', title: 'Check / Money order' },
            { code: 'purchaseorder', title: 'Purchase Order' },
          ],
          totals: {
            grand_total: amount(subtotal + shipping),
            base_grand_total: amount(subtotal + shipping),
            subtotal: amount(subtotal),
            shipping_amount: amount(shipping),
            quote_currency_code: HOMEWARE_STORE.currency,
            base_currency_code: HOMEWARE_STORE.currency,
            items_qty: cart.items.reduce((sum, i) => sum + i.qty, 0),
            items: cart.items.map((i) => ({
              item_id: i.item_id,
              price: i.price,
              qty: i.qty,
              row_total: amount(pence(i.price) * i.qty),
              name: i.name,
            })),
          },
        };
      },
    );

    api.put<{ Params: { cartId: string }; Body: { paymentMethod?: { method?: unknown } } }>(
      '/guest-carts/:cartId/order',
      async (request, reply) => {
        const cart = cartOr404(request, reply);
        if (!cart) return reply;
        if (!cart.addresses) {
          return reply
            .status(400)
            .send(message('The shipping method is missing. Select the shipping method and try again.'));
        }
        const method = request.body?.paymentMethod?.method;
        if (method !== 'checkmo' && method !== 'purchaseorder') {
          return reply.status(400).send(message('The requested Payment Method is not available.'));
        }
        const email = cart.addresses.billing.email;
        if (typeof email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(email)) {
          return reply.status(400).send(message('Email has a wrong format'));
        }
        for (const item of cart.items) {
          const product = products.find((p) => p.sku === item.sku)!;
          if (product.manageStock && product.qty < item.qty) {
            return reply
              .status(400)
              .send(message('Not all of your products are available in the requested quantity.'));
          }
        }
        for (const item of cart.items) {
          const product = products.find((p) => p.sku === item.sku)!;
          if (product.manageStock) product.qty -= item.qty;
        }
        cart.active = false;
        const id = ids.order++;
        const subtotal = subtotalOf(cart.items);
        const shipping = pence(HOMEWARE_STORE.flatRate);
        const now = new Date().toISOString();
        const order: Order = {
          entity_id: id,
          increment_id: String(id).padStart(9, '0'),
          quote_id: cart.quoteId,
          state: 'new',
          status: 'pending',
          created_at: now,
          updated_at: now,
          customer_email: email,
          customer_firstname: String(cart.addresses.billing.firstname),
          customer_lastname: String(cart.addresses.billing.lastname),
          customer_is_guest: 1,
          base_currency_code: HOMEWARE_STORE.currency,
          order_currency_code: HOMEWARE_STORE.currency,
          subtotal: amount(subtotal),
          shipping_amount: amount(shipping),
          grand_total: amount(subtotal + shipping),
          base_grand_total: amount(subtotal + shipping),
          total_invoiced: 0,
          total_paid: 0,
          total_refunded: 0,
          total_qty_ordered: cart.items.reduce((sum, i) => sum + i.qty, 0),
          shipping_description: 'Flat Rate - Fixed',
          items: cart.items.map((i) => ({
            item_id: i.item_id,
            order_id: id,
            sku: i.sku,
            name: i.name,
            product_type: i.product_type,
            qty_ordered: i.qty,
            qty_invoiced: 0,
            qty_shipped: 0,
            qty_refunded: 0,
            price: i.price,
            row_total: amount(pence(i.price) * i.qty),
          })),
          billing_address: { ...cart.addresses.billing, address_type: 'billing', parent_id: id },
          payment: { method, additional_information: [] },
          status_histories: [],
          extension_attributes: {
            shipping_assignments: [
              {
                shipping: {
                  address: { ...cart.addresses.shipping, address_type: 'shipping', parent_id: id },
                  method: 'flatrate_flatrate',
                },
              },
            ],
          },
        };
        orders.set(id, order);
        return id;
      },
    );

    api.get('/orders/:id', async (request, reply) => orderOr404(request, reply) ?? reply);

    api.post<{ Params: { id: string }; Body: { statusHistory?: Record<string, unknown> } }>(
      '/orders/:id/comments',
      async (request, reply) => {
        const order = orderOr404(request, reply);
        if (!order) return reply;
        const history = request.body?.statusHistory ?? {};
        const status = typeof history.status === 'string' && history.status ? history.status : null;
        order.status_histories.unshift({
          entity_id: ids.document++,
          parent_id: order.entity_id,
          comment: typeof history.comment === 'string' ? history.comment : null,
          status,
          is_customer_notified: history.is_customer_notified ? 1 : 0,
          is_visible_on_front: history.is_visible_on_front ? 1 : 0,
          entity_name: 'order',
          created_at: new Date().toISOString(),
        });
        // Order::addStatusHistory sets the order's status to the comment's, even when it has none.
        order.status = status;
        order.updated_at = new Date().toISOString();
        return true;
      },
    );

    api.post('/order/:id/invoice', async (request, reply) => {
      const order = orderOr404(request, reply);
      if (!order) return reply;
      if (isInvoiced(order) || ['canceled', 'closed', 'holded'].includes(order.state)) {
        return reply.status(400).send(message('The order does not allow an invoice to be created.'));
      }
      order.total_invoiced = order.grand_total;
      order.total_paid = order.grand_total;
      for (const item of order.items) item.qty_invoiced = item.qty_ordered;
      moveTo(order, isShipped(order) ? 'complete' : 'processing');
      return ids.document++;
    });

    api.post('/order/:id/ship', async (request, reply) => {
      const order = orderOr404(request, reply);
      if (!order) return reply;
      const shippable = order.items.some((i) => i.product_type !== 'virtual');
      if (
        isShipped(order) ||
        !shippable ||
        ['canceled', 'closed', 'holded', 'complete'].includes(order.state)
      ) {
        return reply
          .status(400)
          .send(
            message(
              'Shipment Document Validation Error(s):\nThe order does not allow a shipment to be created.',
            ),
          );
      }
      for (const item of order.items) item.qty_shipped = item.qty_ordered;
      moveTo(order, isInvoiced(order) ? 'complete' : 'processing');
      return ids.document++;
    });

    api.post('/orders/:id/cancel', async (request, reply) => {
      const order = orderOr404(request, reply);
      if (!order) return reply;
      if (isInvoiced(order) || ['canceled', 'complete', 'closed'].includes(order.state)) return false;
      for (const item of order.items) {
        const product = products.find((p) => p.sku === item.sku);
        if (product?.manageStock) product.qty += item.qty_ordered - item.qty_shipped;
      }
      moveTo(order, 'canceled');
      return true;
    });

    api.post('/order/:id/refund', async (request, reply) => {
      const order = orderOr404(request, reply);
      if (!order) return reply;
      if (
        !isInvoiced(order) ||
        order.total_refunded >= order.total_paid ||
        ['canceled', 'closed'].includes(order.state)
      ) {
        return reply
          .status(400)
          .send(
            message(
              'Creditmemo Document Validation Error(s):\nThe order does not allow a creditmemo to be created.',
            ),
          );
      }
      order.total_refunded = order.total_paid;
      for (const item of order.items) item.qty_refunded = item.qty_invoiced;
      moveTo(order, 'closed');
      return ids.document++;
    });
  };

  for (const prefix of ['/rest/V1', '/rest/default/V1', '/rest/all/V1']) app.register(routes, { prefix });

  /** Sets a product's quantity; Magento marks it out of stock at zero. */
  sim.control('products/:sku/stock', ({ sku }, body) => {
    const product = products.find((p) => p.sku === sku);
    const quantity = (body as { quantity?: unknown } | undefined)?.quantity;
    if (!product) return { error: `no product with SKU ${sku}` };
    if (!Number.isInteger(quantity) || (quantity as number) < 0)
      return { error: 'quantity must be a whole number' };
    product.qty = quantity as number;
    return { sku, qty: product.qty, is_in_stock: inStock(product) };
  });
  /** Stores › Configuration › Services › OAuth › "Allow OAuth Access Tokens to be used as standalone Bearer tokens". */
  sim.control('bearer', (_params, body) => {
    settings.bearerTokens = (body as { enabled?: unknown } | undefined)?.enabled !== false;
    return { enabled: settings.bearerTokens };
  });

  return { app, products, orders };
}

/** The sandbox starts this folder's simulator through this export (sandbox/start-simulators.ts). */
/** The real hosts this simulator answers for: sandbox mode routes the provider's traffic here. */
export const hosts = ['*.magento.sandbox'];

export default createMagentoSimulator;
