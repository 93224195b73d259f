import { z } from 'zod';
import { ProviderError } from '../../http';
import type { StoreOrder, StoreOrderInput, StorePlatform, StoreProduct } from '../store-platform';
import type { AdapterContext } from '../store-types';
import { fetchSiteName, headerInt, wooOrder, wooProduct, wooRequest, wooSetting, wooVariation } from './api';
import {
  woocommerceCredentialFields,
  woocommerceCredentials,
  type WoocommerceCredentials,
} from './credentials';
import {
  CHECKOUT_META_KEY,
  orderBody,
  plainText,
  toStoreOrder,
  toStoreProduct,
  toStoreVariation,
  WOOCOMMERCE_STATUS_FOR,
} from './mapping';
import { findWoocommerceRefund, refundWoocommerceOrder } from './refunds';
import { isValidWoocommerceWebhook } from './webhook';

type Ctx = AdapterContext<WoocommerceCredentials>;

/** WordPress refuses `per_page` above 100 with a 400. */
const MAX_PER_PAGE = 100;

/**
 * The store's currency (`woocommerce_currency`), read once per operation. A store too old for the
 * settings API still sells, just without a currency we can show.
 */
async function storeCurrency(ctx: Ctx): Promise<string | null> {
  try {
    const { data } = await wooRequest(ctx, { path: 'settings/general/woocommerce_currency' }, wooSetting);
    return typeof data.value === 'string' && data.value ? data.value.toUpperCase() : null;
  } catch (err) {
    if (err instanceof ProviderError && err.kind === 'not_found') return null;
    throw err;
  }
}

/** Only published products are for sale: drafts, pending and private products stay out of reach. */
const FOR_SALE = 'publish';

/**
 * `GET products?sku=` only searches top-level products, never variations, and WooCommerce has no
 * store-wide variation search. So a variation SKU is found by walking the published variable products
 * (100 per page) and asking each one's `variations?sku=`, stopping at the first match: one request per
 * variable product in the worst case, none at all for a simple product's SKU.
 */
async function findVariationBySku(
  ctx: Ctx,
  sku: string,
  currency: Promise<string | null>,
): Promise<StoreProduct | null> {
  for (let page = 1; ; page += 1) {
    const { data: parents, headers } = await wooRequest(
      ctx,
      {
        path: 'products',
        query: { type: 'variable', status: FOR_SALE, per_page: MAX_PER_PAGE, page },
      },
      z.array(wooProduct),
    );
    for (const parent of parents) {
      if (parent.variations.length === 0) continue;
      const { data: variations } = await wooRequest(
        ctx,
        { path: `products/${parent.id}/variations`, query: { sku, per_page: MAX_PER_PAGE } },
        z.array(wooVariation),
      );
      const match = variations.find((v) => v.sku === sku && (v.status ?? FOR_SALE) === FOR_SALE);
      if (match) return toStoreVariation(parent, match, await currency);
    }
    const totalPages = headerInt(headers, 'x-wp-totalpages');
    const more = totalPages !== null ? page < totalPages : parents.length === MAX_PER_PAGE;
    if (!more) return null;
  }
}

function sameSku(a: string | null | undefined, b: string): boolean {
  return (a ?? '').toLowerCase() === b.toLowerCase();
}

/**
 * WooCommerce happily saves an order line whose product does not exist (it becomes an empty line with
 * no product), and a line's `sku` overrides its ids. So every line is checked against the catalogue
 * before anything is written: the product exists, is for sale, is not a bare variable product, and
 * carries the SKU we are about to send.
 */
async function assertSellable(ctx: Ctx, line: StoreOrderInput['lines'][number]): Promise<void> {
  const refuse = (why: string) =>
    new ProviderError('woocommerce', 'invalid_request', `${line.sku ?? line.name}: ${why}`);
  const numeric = /^\d+$/;
  if (!numeric.test(line.productId) || (line.variantId !== null && !numeric.test(line.variantId))) {
    throw refuse('the store has no such product');
  }
  try {
    const item = line.variantId
      ? (
          await wooRequest(
            ctx,
            { path: `products/${line.productId}/variations/${line.variantId}` },
            wooVariation,
          )
        ).data
      : (await wooRequest(ctx, { path: `products/${line.productId}` }, wooProduct)).data;
    if ((item.status ?? FOR_SALE) !== FOR_SALE) throw refuse('the product is not for sale');
    if ('type' in item && item.type === 'variable') throw refuse('choose one of the product’s variations');
    if (line.sku !== null && !sameSku(item.sku, line.sku)) {
      throw refuse('the SKU does not belong to this product');
    }
  } catch (err) {
    if (err instanceof ProviderError && err.kind === 'not_found') {
      throw refuse('the store has no such product');
    }
    throw err;
  }
}

/**
 * The order an earlier POST wrote for this checkout. WooCommerce's order search cannot reach meta data
 * (it matches ids, names, addresses, e-mails and item names), so we search by the buyer's e-mail, newest
 * first, and pick the order whose `_agentcart_checkout_id` meta is this checkout: a buyer has few orders,
 * so this is one request in practice.
 */
async function findOrderByCheckout(ctx: Ctx, input: StoreOrderInput): Promise<StoreOrder | null> {
  for (let page = 1; ; page += 1) {
    const { data: found, headers } = await wooRequest(
      ctx,
      {
        path: 'orders',
        query: { search: input.buyer.email, status: 'any', per_page: MAX_PER_PAGE, page },
      },
      z.array(wooOrder),
    );
    const match = found.find((order) =>
      order.meta_data.some((meta) => meta.key === CHECKOUT_META_KEY && meta.value === input.reference),
    );
    if (match) return toStoreOrder(match);
    const totalPages = headerInt(headers, 'x-wp-totalpages');
    const more = totalPages !== null ? page < totalPages : found.length === MAX_PER_PAGE;
    if (!more) return null;
  }
}

function orderPath(orderId: string): string {
  if (!/^\d+$/.test(orderId)) {
    throw new ProviderError('woocommerce', 'not_found', `WooCommerce has no order ${orderId}`);
  }
  return `orders/${orderId}`;
}

/** Sandbox: the WooCommerce simulator's orders page of one store, from the app's origin. */
export const SANDBOX_WOOCOMMERCE_ORDERS_PATH = (store: string) => `/__sim/woocommerce/stores/${store}/orders`;

/**
 * The simulator holds store `<name>` at `<name>.woocommerce.sandbox` and answers every other host as its
 * default store `demo` (sandbox/stores/woocommerce/simulator.ts).
 */
function sandboxStoreName(storeUrl: string | null): string {
  const host = URL.canParse(storeUrl ?? '') ? new URL(storeUrl!).hostname.toLowerCase() : '';
  return /^([a-z0-9-]{1,63})\.woocommerce\.sandbox$/.exec(host)?.[1] ?? 'demo';
}

/** WooCommerce (WordPress plugin) over its REST API v3: catalogue, stock, orders and signed webhooks. */
export const woocommerce: StorePlatform<WoocommerceCredentials> = {
  manifest: {
    id: 'woocommerce',
    name: 'WooCommerce',
    summary: 'REST API v3, WooCommerce 3.0 or later. Takes about 2 minutes.',
    availability: 'live',
    credentialFields: woocommerceCredentialFields,
    apiBase: (credentials) => String(credentials.storeUrl),
    merchantSuppliedHost: true,
    sandboxStorePage: (storeUrl) => SANDBOX_WOOCOMMERCE_ORDERS_PATH(sandboxStoreName(storeUrl)),
  },
  credentialsSchema: woocommerceCredentials,

  async testConnection(ctx) {
    await wooRequest(ctx, { path: 'products', query: { per_page: 1 } }, z.array(z.unknown()));
    return { storeName: plainText(await fetchSiteName(ctx)) };
  },

  async listProducts(ctx, query) {
    const page = Math.max(1, Math.floor(query.page));
    const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Math.floor(query.perPage)));
    const { data, headers } = await wooRequest(
      ctx,
      { path: 'products', query: { page, per_page: perPage, status: FOR_SALE } },
      z.array(wooProduct),
    );
    const currency = data.length ? await storeCurrency(ctx) : null;
    const total = headerInt(headers, 'x-wp-total');
    const totalPages = headerInt(headers, 'x-wp-totalpages');
    return {
      products: data.map((product) => toStoreProduct(product, currency)),
      page,
      perPage,
      total,
      totalPages,
      hasMore: totalPages !== null ? page < totalPages : data.length === perPage,
    };
  },

  async listVariants(ctx, parent) {
    const { data: container } = await wooRequest(
      ctx,
      { path: `products/${encodeURIComponent(parent.id)}` },
      wooProduct,
    );
    const currency = await storeCurrency(ctx);
    const variants: StoreProduct[] = [];
    for (let page = 1; ; page += 1) {
      const { data, headers } = await wooRequest(
        ctx,
        {
          path: `products/${container.id}/variations`,
          query: { status: FOR_SALE, per_page: MAX_PER_PAGE, page },
        },
        z.array(wooVariation),
      );
      variants.push(...data.map((variation) => toStoreVariation(container, variation, currency)));
      const totalPages = headerInt(headers, 'x-wp-totalpages');
      if (!(totalPages !== null ? page < totalPages : data.length === MAX_PER_PAGE)) return variants;
    }
  },

  async findProductBySku(ctx, sku) {
    const wanted = sku.trim();
    if (!wanted) return null;
    // Every product found is priced in the store's currency, so it is asked for beside the search
    // rather than after it: an offer and a confirm wait for one round trip to the store, not two.
    const currency = storeCurrency(ctx);
    currency.catch(() => undefined); // a search that fails first leaves it unread
    const { data } = await wooRequest(
      ctx,
      { path: 'products', query: { sku: wanted, status: FOR_SALE } },
      z.array(wooProduct),
    );
    const product = data.find((p) => p.sku === wanted);
    if (product) return toStoreProduct(product, await currency);
    return findVariationBySku(ctx, wanted, currency);
  },

  async createOrder(ctx, input) {
    if (input.lines.length === 0) {
      throw new ProviderError('woocommerce', 'invalid_request', 'An order needs at least one line');
    }
    if (!input.catalogueChecked) for (const line of input.lines) await assertSellable(ctx, line);
    const { data } = await wooRequest(
      ctx,
      { method: 'POST', path: 'orders', json: orderBody(input) },
      wooOrder,
    );
    return toStoreOrder(data);
  },

  findWrittenOrder: findOrderByCheckout,

  async getOrder(ctx, orderId) {
    const { data } = await wooRequest(ctx, { path: orderPath(orderId) }, wooOrder);
    return toStoreOrder(data);
  },

  async updateOrderStatus(ctx, orderId, status) {
    const { data } = await wooRequest(
      ctx,
      { method: 'PUT', path: orderPath(orderId), json: { status: WOOCOMMERCE_STATUS_FOR[status] } },
      wooOrder,
    );
    return toStoreOrder(data);
  },

  refundOrder: refundWoocommerceOrder,
  findRefund: findWoocommerceRefund,

  verifyWebhook: isValidWoocommerceWebhook,
};
