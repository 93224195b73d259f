import { z } from 'zod';
import { minorToDecimal } from '#common/domain/money';
import { ProviderError, type AdapterContext } from '../../http';
import { itemPage, noteTotalMismatch, priceToMinor, splitName } from '../store-kit';
import type { PostalAddress, StoreOrder, StorePlatform, StoreProduct } from '../store-platform';
import {
  BIGCOMMERCE_MAX_LIMIT,
  bigcommerceOrder,
  bigcommerceProduct,
  bigcommerceProductPage,
  bigcommerceRequest,
  bigcommerceVariant,
  storePath,
  type BigcommerceOrder,
  type BigcommerceProduct,
} from './api';
import {
  bigcommerceCredentialFields,
  bigcommerceCredentials,
  type BigcommerceCredentials,
} from './credentials';
import { BIGCOMMERCE_ORDER_STATUSES, BIGCOMMERCE_STATUS_ID_FOR, mapBigcommerceStatus } from './mapping';

type Ctx = AdapterContext<BigcommerceCredentials>;

const STORE = { id: 'bigcommerce', name: 'BigCommerce' };
/** How far back a retried order write looks for the order it may already have created. */
const REFERENCE_LOOKBACK_MS = 48 * 60 * 60 * 1000;
const COUNTRY_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

const storeInfo = z.object({
  name: z.string().nullish(),
  secure_url: z.string().nullish(),
  currency: z.string().nullish(),
});
type StoreInfo = z.infer<typeof storeInfo>;

/**
 * A product without options is one item (its base variant); a product with options is one item per
 * variant. Stock is the product's or the variant's, as `inventory_tracking` says, or untracked.
 */
function toItems(product: BigcommerceProduct, store: StoreInfo): StoreProduct[] {
  const images = (product.images ?? []).map((image) => image.url_standard);
  const url =
    store.secure_url && product.custom_url
      ? `${store.secure_url.replace(/\/+$/, '')}${product.custom_url.url}`
      : null;
  const purchasable = product.availability !== 'disabled';
  const withOptions = (product.variants ?? []).filter((v) => v.option_values?.length);
  const stockOf = (variantLevel: number | null | undefined) =>
    product.inventory_tracking === 'product'
      ? (product.inventory_level ?? 0)
      : product.inventory_tracking === 'variant'
        ? (variantLevel ?? 0)
        : null;
  const shared = {
    id: product.id,
    description: product.description ?? null,
    currency: store.currency ?? null,
    url,
  };
  if (withOptions.length === 0) {
    const base = product.variants?.[0];
    const stock = stockOf(base?.inventory_level);
    return [
      {
        ...shared,
        variantId: null,
        sku: product.sku || null,
        name: product.name,
        priceMinor: priceToMinor(product.calculated_price ?? product.price),
        stockQuantity: stock,
        inStock: purchasable && !base?.purchasing_disabled && (stock === null || stock > 0),
        imageUrls: images,
      },
    ];
  }
  return withOptions.map((variant) => {
    const stock = stockOf(variant.inventory_level);
    return {
      ...shared,
      variantId: variant.id,
      sku: variant.sku || null,
      name: `${product.name} – ${variant.option_values!.map((o) => o.label).join(' / ')}`,
      priceMinor: priceToMinor(
        variant.calculated_price ?? variant.price ?? product.calculated_price ?? product.price,
      ),
      stockQuantity: stock,
      inStock: purchasable && !variant.purchasing_disabled && (stock === null || stock > 0),
      imageUrls: variant.image_url ? [variant.image_url] : images,
    };
  });
}

function toOrder(order: BigcommerceOrder, raw: unknown): StoreOrder {
  return {
    id: order.id,
    number: null,
    status: mapBigcommerceStatus(order.status_id),
    storeStatus:
      order.status || (BIGCOMMERCE_ORDER_STATUSES[order.status_id]?.name ?? String(order.status_id)),
    totalMinor: priceToMinor(order.total_inc_tax),
    currency: order.currency_code ?? null,
    raw,
  };
}

function toAddress(address: PostalAddress, email: string) {
  const { first, last } = splitName(address.name);
  const country = address.country.toUpperCase();
  return {
    first_name: first,
    last_name: last,
    street_1: address.line1,
    street_2: address.line2 ?? '',
    city: address.city,
    state: address.region ?? '',
    zip: address.postalCode,
    country: COUNTRY_NAMES.of(country) ?? country,
    country_iso2: country,
    email,
    phone: address.phone ?? '',
  };
}

/** The line that carries our checkout id in the order's staff notes (and finds it again on a retry). */
const referenceLine = (reference: string) => `AgentCart checkout ${reference}`;

async function readStore(ctx: Ctx): Promise<StoreInfo> {
  const { data } = await bigcommerceRequest(ctx, { path: storePath(ctx.credentials, 'v2/store') }, storeInfo);
  return data;
}

async function readOrder(ctx: Ctx, orderId: string): Promise<StoreOrder> {
  const { data, response } = await bigcommerceRequest(
    ctx,
    { path: storePath(ctx.credentials, `v2/orders/${encodeURIComponent(orderId)}`) },
    bigcommerceOrder,
  );
  return toOrder(data, response.body);
}

/**
 * v2 order creation takes no idempotency key, so before writing we look for an order of the last two
 * days whose staff notes carry this checkout's reference (a retry after a timeout).
 */
async function findOrderByReference(ctx: Ctx, reference: string): Promise<StoreOrder | null> {
  const since = new Date(ctx.clock.now().getTime() - REFERENCE_LOOKBACK_MS).toISOString();
  const wanted = referenceLine(reference);
  for (let page = 1; ; page += 1) {
    const { data } = await bigcommerceRequest(
      ctx,
      {
        path: storePath(ctx.credentials, 'v2/orders'),
        query: { min_date_created: since, limit: BIGCOMMERCE_MAX_LIMIT, page, sort: 'date_created:desc' },
      },
      // v2 answers an empty collection with 204 No Content.
      z.array(bigcommerceOrder).optional(),
    );
    const orders = data ?? [];
    const match = orders.find((o) => (o.staff_notes ?? '').split('\n').includes(wanted));
    if (match) return readOrder(ctx, match.id);
    if (orders.length < BIGCOMMERCE_MAX_LIMIT) return null;
  }
}

/**
 * BigCommerce through its store API. `ctx.http.baseUrl` is https://api.bigcommerce.com; the catalogue
 * is read with V3 and orders are written with V2, which can set the status of an order on creation.
 */
export const bigcommerce: StorePlatform<BigcommerceCredentials> = {
  manifest: {
    id: 'bigcommerce',
    name: 'BigCommerce',
    summary: 'A store-level API account: its store hash and access token.',
    availability: 'coming_soon',
    credentialFields: bigcommerceCredentialFields,
    apiBase: () => 'https://api.bigcommerce.com',
    merchantSuppliedHost: false,
    displayHost: (credentials) => `store ${String(credentials.storeHash)}`,
  },
  credentialsSchema: bigcommerceCredentials,

  async testConnection(ctx) {
    return { storeName: (await readStore(ctx)).name ?? null };
  },

  async listProducts(ctx, query) {
    const limit = Math.min(Math.max(query.perPage, 1), BIGCOMMERCE_MAX_LIMIT);
    const store = await readStore(ctx);
    return itemPage(STORE, query, async (cursor: number | null) => {
      const page = cursor ?? 1;
      const { data } = await bigcommerceRequest(
        ctx,
        {
          path: storePath(ctx.credentials, 'v3/catalog/products'),
          query: { include: 'variants,images', is_visible: 'true', limit, page },
        },
        bigcommerceProductPage,
      );
      const { current_page, total_pages } = data.meta.pagination;
      return {
        items: data.data.flatMap((product) => toItems(product, store)),
        next: data.data.length > 0 && current_page < total_pages ? page + 1 : null,
      };
    });
  },

  /** `variants?sku=` finds a SKU whether it is a product's or one of its variants'; hidden products are not sold. */
  async findProductBySku(ctx, sku) {
    const [store, variants] = await Promise.all([
      readStore(ctx),
      bigcommerceRequest(
        ctx,
        { path: storePath(ctx.credentials, 'v3/catalog/variants'), query: { sku } },
        z.object({ data: z.array(bigcommerceVariant) }),
      ),
    ]);
    const variant = variants.data.data.find((v) => v.sku === sku);
    if (!variant) return null;
    const { data } = await bigcommerceRequest(
      ctx,
      {
        path: storePath(ctx.credentials, `v3/catalog/products/${encodeURIComponent(variant.product_id)}`),
        query: { include: 'variants,images' },
      },
      z.object({ data: bigcommerceProduct }),
    );
    if (data.data.is_visible === false) return null;
    return toItems(data.data, store).find((item) => item.sku === sku) ?? null;
  },

  async createOrder(ctx, input) {
    const existing = await findOrderByReference(ctx, input.reference);
    if (existing) return existing;
    const shippingAddress = toAddress(input.shippingAddress, input.buyer.email);
    const { data, response } = await bigcommerceRequest(
      ctx,
      {
        method: 'POST',
        path: storePath(ctx.credentials, 'v2/orders'),
        json: {
          customer_id: 0,
          status_id: BIGCOMMERCE_STATUS_ID_FOR[input.payment.paid ? 'paid' : 'pending'],
          billing_address: toAddress(input.billingAddress, input.buyer.email),
          shipping_addresses: [{ ...shippingAddress, shipping_method: input.shipping?.label ?? 'None' }],
          products: input.lines.map((line) => ({
            product_id: Number(line.productId),
            ...(line.variantId ? { variant_id: Number(line.variantId) } : {}),
            quantity: line.quantity,
            price_inc_tax: minorToDecimal(line.unitPriceMinor),
            price_ex_tax: minorToDecimal(line.unitPriceMinor),
          })),
          shipping_cost_inc_tax: minorToDecimal(input.shipping?.amountMinor ?? 0),
          shipping_cost_ex_tax: minorToDecimal(input.shipping?.amountMinor ?? 0),
          payment_method: `${input.payment.provider} (${input.payment.method})`,
          payment_provider_id: input.payment.transactionId,
          staff_notes: `${referenceLine(input.reference)}\nPaid with ${input.payment.provider} ${input.payment.transactionId}`,
        },
      },
      bigcommerceOrder,
    ).catch((err: unknown) => {
      // The path exists, so a 404 here means the order names a product or variant the store lacks.
      if (err instanceof ProviderError && err.kind === 'not_found') {
        throw new ProviderError('bigcommerce', 'invalid_request', err.message, {
          status: err.status,
          statusText: err.statusText,
        });
      }
      throw err;
    });
    const order = toOrder(data, response.body);
    noteTotalMismatch(ctx, 'BigCommerce', input, order);
    return order;
  },

  findWrittenOrder: (ctx, input) => findOrderByReference(ctx, input.reference),
  getOrder: readOrder,

  /** Sets the status id of our status (see BIGCOMMERCE_STATUS_ID_FOR); BigCommerce allows any move. */
  async updateOrderStatus(ctx, orderId, status) {
    const { data, response } = await bigcommerceRequest(
      ctx,
      {
        method: 'PUT',
        path: storePath(ctx.credentials, `v2/orders/${encodeURIComponent(orderId)}`),
        json: { status_id: BIGCOMMERCE_STATUS_ID_FOR[status] },
      },
      bigcommerceOrder,
    );
    return toOrder(data, response.body);
  },
};
