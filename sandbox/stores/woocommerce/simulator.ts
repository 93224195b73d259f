import type { AddressInfo } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { registerOrdersPage } from './simulator-orders-page';
import { createSimulator, type SimulatorOptions } from '../../simulator-kit';
import { createKeyring, type SimulatorApiKey } from './simulator-auth';
import { productImage } from './simulator-images';
import { mountRefunds } from './simulator-refunds';
import { noteJson, orderJson, productJson, variationJson, type StoreUrls } from './simulator-json';
import {
  addNote,
  createOrder,
  findBySku,
  record,
  seedStore,
  setOrderStatus,
  setStock,
  stockStatusOf,
  updateOrder,
  type StoreState,
  type UnknownProductBehaviour,
} from './simulator-store';
import { mountWebhooks, type Deliver } from './simulator-webhooks';
import {
  isForced,
  mountWordpress,
  paginate,
  sendWpError,
  skuFilter,
  type Site,
  type WcCall,
} from './simulator-wordpress';

/**
 * A stateful WooCommerce REST API v3 (WordPress + WooCommerce 9) on loopback, hosting several stores at
 * once: the store is picked from `x-forwarded-host` (else `Host`), `<name>.woocommerce.sandbox` being
 * store `<name>` and anything else the default store `demo`. Like WordPress behind a TLS proxy, a
 * request counts as HTTPS exactly when `x-forwarded-proto: https` is present, and the plugin's auth
 * rules follow from that (Basic or query-string keys over HTTPS, OAuth 1.0a over HTTP).
 *
 * Every store accepts the same two sandbox key pairs: a read/write pair (listed at `GET /__sim`) and a
 * read-only pair (WOOCOMMERCE_SANDBOX_READ_ONLY_*), which can read but is refused every write.
 */
export const WOOCOMMERCE_SANDBOX_STORE_URL = 'https://demo.woocommerce.sandbox';
export const WOOCOMMERCE_SANDBOX_CONSUMER_KEY = 'ck_d1a3fa3dbd7a25ba6a1b97963462be01db71bacc';
export const WOOCOMMERCE_SANDBOX_CONSUMER_SECRET = 'cs_dbd4c6ea5074db6454b4ac7bb52b790c8a58d52e';
export const WOOCOMMERCE_SANDBOX_READ_ONLY_KEY = 'ck_ce997c759f6196b28e6bb74f779c10ad27a64197';
export const WOOCOMMERCE_SANDBOX_READ_ONLY_SECRET = 'cs_85b0a9551df6ed06ef08f17a91bb156170771749';

/** Hosts `<store>.woocommerce.sandbox` name simulated stores. */
const WOOCOMMERCE_SANDBOX_HOST = /^([a-z0-9-]+)\.woocommerce\.sandbox$/;
const DEFAULT_STORE = 'demo';

export interface WoocommerceSimulatorOptions extends Pick<SimulatorOptions, 'state'> {
  /** API keys every store accepts; defaults to the sandbox read/write and read-only pairs. */
  keys?: SimulatorApiKey[];
  /**
   * What an order line naming a product that does not exist does. WooCommerce 9 saves it as an empty
   * line with no product (the default here); 'reject' answers 400, as a stricter version might.
   */
  unknownProduct?: UnknownProductBehaviour;
  /**
   * Base URL of the generated product images. Defaults to the simulator's own loopback address, which a
   * browser on this machine can load (a `*.woocommerce.sandbox` name only resolves inside the app).
   */
  assetBaseUrl?: () => string;
  /** Delivers a webhook and reports the HTTP status (0 for no answer); defaults to a real POST. */
  deliver?: Deliver;
  /** The simulator's clock for OAuth timestamps (WooCommerce accepts ±15 minutes). */
  now?: () => Date;
}

const first = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();

function controlError(statusCode: number, message: string): Error {
  return Object.assign(new Error(message), { statusCode });
}

export function createWoocommerceSimulator(opts: WoocommerceSimulatorOptions = {}) {
  const now = opts.now ?? (() => new Date());
  const keyring = createKeyring(
    opts.keys ?? [
      {
        consumerKey: WOOCOMMERCE_SANDBOX_CONSUMER_KEY,
        consumerSecret: WOOCOMMERCE_SANDBOX_CONSUMER_SECRET,
        permissions: 'read_write',
      },
      {
        consumerKey: WOOCOMMERCE_SANDBOX_READ_ONLY_KEY,
        consumerSecret: WOOCOMMERCE_SANDBOX_READ_ONLY_SECRET,
        permissions: 'read',
      },
    ],
    () => Math.floor(now().getTime() / 1000),
  );
  const unknownProduct = opts.unknownProduct ?? 'empty_line';
  const sim = createSimulator({
    name: 'woocommerce',
    credentials: {
      storeUrl: WOOCOMMERCE_SANDBOX_STORE_URL,
      consumerKey: WOOCOMMERCE_SANDBOX_CONSUMER_KEY,
      consumerSecret: WOOCOMMERCE_SANDBOX_CONSUMER_SECRET,
    },
    // What a WordPress host in maintenance (or a failing upstream) answers.
    downBody: {
      code: 'service_unavailable',
      message: 'Briefly unavailable for scheduled maintenance. Check back in a minute.',
      data: { status: 503 },
    },
    state: opts.state,
  });
  const { app } = sim;
  const stores = sim.keep('stores', () => new Map<string, StoreState>());
  const storeNamed = (name: string) => {
    const existing = stores.get(name);
    if (existing) return existing;
    const store = seedStore(name);
    stores.set(name, store);
    return store;
  };
  const loopback = () => {
    const address = app.server.address() as AddressInfo | null;
    return address ? `http://127.0.0.1:${address.port}` : null;
  };

  function siteOf(request: FastifyRequest): Site {
    const https = first(request.headers['x-forwarded-proto'])?.toLowerCase() === 'https';
    const rawHost = (
      first(request.headers['x-forwarded-host']) ??
      request.headers.host ??
      '127.0.0.1'
    ).toLowerCase();
    const host = rawHost.replace(https ? /:443$/ : /:80$/, '');
    const name = WOOCOMMERCE_SANDBOX_HOST.exec(host.replace(/:\d+$/, ''))?.[1] ?? DEFAULT_STORE;
    const origin = `${https ? 'https' : 'http'}://${host}`;
    return {
      store: storeNamed(name),
      https,
      urls: { origin, assets: opts.assetBaseUrl?.() ?? loopback() ?? origin },
      publicUrl: `${origin}${request.url.split('?')[0]}`,
    };
  }

  registerOrdersPage(app, storeNamed);
  const wc = mountWordpress(app, { keyring, siteOf });
  const webhooks = mountWebhooks(wc, {
    deliver: opts.deliver,
    deliveries: sim.keep('webhook_deliveries', () => ({ nextId: 1 })),
  });

  app.get<{ Params: { '*': string } }>('/wp-content/uploads/*', async (request, reply) => {
    const svg = productImage(request.params['*']);
    if (!svg) return reply.status(404).type('text/html').send('<h1>Not Found</h1>');
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
  });

  wc(
    ['GET'],
    '/products',
    'list',
    (call) => {
      const { store } = call.site;
      const q = call.query;
      const status = q.status ?? 'any';
      const skus = skuFilter(q.sku);
      const search = q.search?.toLowerCase();
      const include = q.include ? new Set(q.include.split(',').map(Number)) : null;
      const products = store.products.filter(
        (p) =>
          (status === 'any' || p.status === status) &&
          (!q.type || p.type === q.type) &&
          (!skus || skus.has(p.sku.toLowerCase())) &&
          (!q.stock_status || stockStatusOf(p) === q.stock_status) &&
          (!include || include.has(p.id)) &&
          (!search ||
            [p.name, p.description, p.shortDescription].some((t) => t.toLowerCase().includes(search))),
      );
      const key = q.orderby ?? 'date';
      const sorted = [...products].sort((a, b) => {
        if (key === 'title') return a.name.localeCompare(b.name);
        if (key === 'slug') return a.slug.localeCompare(b.slug);
        if (key === 'id') return a.id - b.id;
        return a.dateCreated.getTime() - b.dateCreated.getTime() || a.id - b.id;
      });
      if ((q.order ?? 'desc') === 'desc') sorted.reverse();
      return paginate(call, sorted).map((p) => productJson(store, p, call.site.urls));
    },
    { paginated: true },
  );

  const productOr404 = (call: WcCall) => {
    const product = call.site.store.products.find((p) => p.id === Number(call.params.id));
    if (!product)
      sendWpError(call.reply, {
        status: 404,
        code: 'woocommerce_rest_product_invalid_id',
        message: 'Invalid ID.',
      });
    return product;
  };

  wc(['GET'], '/products/:id', 'view', (call) => {
    const product = productOr404(call);
    return product ? productJson(call.site.store, product, call.site.urls) : call.reply;
  });

  wc(
    ['GET'],
    '/products/:id/variations',
    'list',
    (call) => {
      const product = productOr404(call);
      if (!product) return call.reply;
      const skus = skuFilter(call.query.sku);
      const variations = product.variations.filter(
        (v) =>
          (!skus || skus.has(v.sku.toLowerCase())) &&
          (!call.query.status || call.query.status === 'any' || v.status === call.query.status),
      );
      return paginate(call, variations).map((v) => variationJson(call.site.store, v, call.site.urls));
    },
    { paginated: true },
  );

  wc(['GET'], '/products/:id/variations/:variation_id', 'view', (call) => {
    const product = productOr404(call);
    if (!product) return call.reply;
    const variation = product.variations.find((v) => v.id === Number(call.params.variation_id));
    if (!variation) {
      return sendWpError(call.reply, {
        status: 404,
        code: 'woocommerce_rest_product_variation_invalid_id',
        message: 'Invalid ID.',
      });
    }
    return variationJson(call.site.store, variation, call.site.urls);
  });

  wc(['GET'], '/settings/:group/:setting', 'list', (call) => {
    const { group, setting } = call.params;
    if (group !== 'general') {
      return sendWpError(call.reply, {
        status: 404,
        code: 'rest_setting_setting_group_invalid',
        message: 'Invalid setting group.',
      });
    }
    if (setting !== 'woocommerce_currency') {
      return sendWpError(call.reply, {
        status: 404,
        code: 'rest_setting_setting_invalid',
        message: 'Invalid setting.',
      });
    }
    const help =
      'This controls what currency prices are listed at in the catalog and which currency gateways will take payments in.';
    const base = `${call.site.urls.origin}/wp-json/wc/v3/settings/general`;
    return {
      id: 'woocommerce_currency',
      label: 'Currency',
      description: help,
      type: 'select',
      default: 'USD',
      options: {
        GBP: 'Pound sterling (&pound;)',
        EUR: 'Euro (&euro;)',
        USD: 'United States (US) dollar (&#36;)',
      },
      tip: help,
      value: call.site.store.currency,
      group_id: 'general',
      _links: { self: [{ href: `${base}/woocommerce_currency` }], collection: [{ href: base }] },
    };
  });

  wc(
    ['GET'],
    '/orders',
    'list',
    (call) => {
      const { store } = call.site;
      const statuses = (call.query.status ?? 'any').split(',');
      const search = call.query.search?.toLowerCase();
      const orders = [...store.orders.values()]
        .filter((o) => (statuses.includes('any') ? o.status !== 'trash' : statuses.includes(o.status)))
        .filter(
          (o) =>
            !search ||
            [String(o.id), o.billing.first_name, o.billing.last_name, o.billing.email].some((t) =>
              t?.toLowerCase().includes(search),
            ),
        )
        .sort((a, b) => b.dateCreated.getTime() - a.dateCreated.getTime() || b.id - a.id);
      if (call.query.order === 'asc') orders.reverse();
      return paginate(call, orders).map((o) => orderJson(store, o, call.site.urls));
    },
    { paginated: true },
  );

  wc(['POST'], '/orders', 'create', (call) => {
    const result = createOrder(call.site.store, call.body, unknownProduct);
    if ('code' in result) return sendWpError(call.reply, result);
    webhooks.fire(call.site, 'order.created', result);
    return call.reply.status(201).send(orderJson(call.site.store, result, call.site.urls));
  });

  const orderOr = (call: WcCall, status: number) => {
    const order = call.site.store.orders.get(Number(call.params.id));
    if (!order) {
      sendWpError(call.reply, {
        status,
        code: 'woocommerce_rest_shop_order_invalid_id',
        message: 'Invalid ID.',
      });
    }
    return order;
  };

  wc(['GET', 'PUT', 'POST', 'PATCH', 'DELETE'], '/orders/:id', 'by-method', (call) => {
    const { store, urls } = call.site;
    const method = call.request.method;
    // WordPress answers a GET or DELETE of a missing id with 404, an update of one with 400.
    const order = orderOr(call, method === 'GET' || method === 'DELETE' ? 404 : 400);
    if (!order) return call.reply;
    if (method === 'GET') return orderJson(store, order, urls);
    if (method === 'DELETE') {
      if (isForced(call.query)) store.orders.delete(order.id);
      else setOrderStatus(store, order, 'trash');
      webhooks.fire(call.site, 'order.deleted', order);
      return orderJson(store, order, urls);
    }
    const result = updateOrder(store, order, call.body);
    if ('code' in result) return sendWpError(call.reply, result);
    webhooks.fire(call.site, 'order.updated', result);
    return orderJson(store, result, urls);
  });

  const notesOrder = (call: WcCall) => {
    const order = call.site.store.orders.get(Number(call.params.id));
    if (!order) {
      sendWpError(call.reply, {
        status: 404,
        code: 'woocommerce_rest_order_invalid_id',
        message: 'Invalid order ID.',
      });
    }
    return order;
  };

  wc(['GET'], '/orders/:id/notes', 'list', (call) => {
    const order = notesOrder(call);
    if (!order) return call.reply;
    const type = call.query.type ?? 'any';
    return order.notes
      .filter((n) => type === 'any' || (type === 'customer') === n.customerNote)
      .slice()
      .reverse()
      .map(noteJson);
  });

  wc(['POST'], '/orders/:id/notes', 'create', (call) => {
    const order = notesOrder(call);
    if (!order) return call.reply;
    const note = typeof call.body.note === 'string' ? call.body.note : '';
    if (!note) {
      return sendWpError(call.reply, {
        status: 400,
        code: 'rest_missing_callback_param',
        message: 'Missing parameter(s): note',
      });
    }
    const created = addNote(
      call.site.store,
      order,
      note,
      call.body.customer_note === true,
      call.body.added_by_user === true ? 'shop-manager' : 'system',
    );
    return call.reply.status(201).send(noteJson(created));
  });

  wc(['GET', 'DELETE'], '/orders/:id/notes/:note_id', 'by-method', (call) => {
    const order = notesOrder(call);
    if (!order) return call.reply;
    const note = order.notes.find((n) => n.id === Number(call.params.note_id));
    if (!note) {
      return sendWpError(call.reply, {
        status: 404,
        code: 'woocommerce_rest_invalid_id',
        message: 'Invalid resource ID.',
      });
    }
    if (call.request.method === 'DELETE') {
      if (!isForced(call.query)) {
        return sendWpError(call.reply, {
          status: 501,
          code: 'woocommerce_rest_trash_not_supported',
          message: 'Resource does not support trashing.',
        });
      }
      order.notes = order.notes.filter((n) => n !== note);
    }
    return noteJson(note);
  });

  // A refund changes the order, so subscribers hear order.updated with the order as it now is.
  mountRefunds(wc, (site, order) => webhooks.fire(site, 'order.updated', order));

  // Controls. Store names are the `<name>` of `<name>.woocommerce.sandbox`; unprefixed ones act on demo.
  const sandboxUrls = (store: StoreState): StoreUrls => {
    const origin = `https://${store.name}.woocommerce.sandbox`;
    return { origin, assets: opts.assetBaseUrl?.() ?? loopback() ?? origin };
  };

  const stockControl = (storeName: string, sku: string, body: unknown) => {
    const quantity = Number(record(body).quantity);
    if (!Number.isInteger(quantity)) throw controlError(400, 'quantity must be a whole number');
    const store = storeNamed(storeName);
    const item = findBySku(store, decodeURIComponent(sku));
    if (!item) throw controlError(404, `No product with SKU ${sku} in store ${storeName}`);
    setStock(item, quantity);
    return {
      store: storeName,
      sku: item.sku,
      stock_quantity: item.stockQuantity,
      stock_status: stockStatusOf(item),
    };
  };
  const ordersControl = (storeName: string) => {
    const store = storeNamed(storeName);
    return {
      store: storeName,
      orders: [...store.orders.values()].map((o) => orderJson(store, o, sandboxUrls(store))),
    };
  };

  sim.control('stores/:store/products/:sku/stock', (p, body) => stockControl(p.store!, p.sku!, body));
  sim.control('products/:sku/stock', (p, body) => stockControl(DEFAULT_STORE, p.sku!, body));
  sim.control('stores/:store/orders', (p) => ordersControl(p.store!));
  sim.control('orders', () => ordersControl(DEFAULT_STORE));
  sim.control('stores/:store/reset', (p) => {
    stores.set(p.store!, seedStore(p.store!));
    return { store: p.store, reset: true };
  });

  return { app };
}

/** The sandbox starts this folder's simulator through this export (sandbox/start-simulators.ts). */
/** The real hosts this simulator answers for: sandbox mode routes the provider's traffic here. */
export const hosts = ['*.woocommerce.sandbox'];

export default createWoocommerceSimulator;
