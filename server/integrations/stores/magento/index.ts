import { z } from 'zod';
import { ProviderError, type AdapterContext } from '../../http';
import { noteTotalMismatch, priceToMinor, splitName } from '../store-kit';
import type { PostalAddress, StoreOrder, StorePlatform, StoreProduct } from '../store-platform';
import {
  magentoEntityId,
  magentoOrder,
  magentoProduct,
  magentoProductSearch,
  magentoRequest,
  magentoStoreConfig,
  searchCriteria,
  type MagentoOrder,
  type MagentoProduct,
  type MagentoStoreConfig,
} from './api';
import { magentoCredentialFields, magentoCredentials, type MagentoCredentials } from './credentials';
import { mapMagentoOrderStatus } from './mapping';

type Ctx = AdapterContext<MagentoCredentials>;

/** Product types a shopper can put in a cart by SKU; configurable and bundle parents need options. */
const SELLABLE_TYPES = ['simple', 'virtual'];
const ENABLED = 1;
const anyJson = z.unknown();

/** How orders are placed: the offline payment method and the carrier, both set up by the merchant. */
export interface MagentoOrderSettings {
  /** An enabled offline method; the money was taken by AgentCart's payment provider. Default `checkmo`. */
  paymentMethod?: string;
  shippingCarrierCode?: string;
  shippingMethodCode?: string;
}

function attribute(product: MagentoProduct, code: string): string | null {
  const value = product.custom_attributes?.find((a) => a.attribute_code === code)?.value;
  return typeof value === 'string' ? value : null;
}

function toItem(product: MagentoProduct, config: MagentoStoreConfig | undefined): StoreProduct {
  const stock = product.extension_attributes?.stock_item;
  const tracked = stock ? stock.manage_stock !== false : false;
  const quantity = tracked ? Math.max(0, Math.floor(stock!.qty ?? 0)) : null;
  const media = config?.secure_base_media_url?.replace(/\/*$/, '/');
  const link = config?.secure_base_link_url?.replace(/\/*$/, '/');
  const urlKey = attribute(product, 'url_key');
  return {
    id: product.id,
    variantId: null,
    sku: product.sku,
    name: product.name,
    description: attribute(product, 'description'),
    priceMinor: priceToMinor(product.price),
    currency: config?.base_currency_code ?? null,
    stockQuantity: quantity,
    // Without a stock item Magento did not say; it refuses the cart item if it is out of stock.
    inStock: stock ? stock.is_in_stock && (quantity === null || quantity > 0) : true,
    imageUrls: media
      ? (product.media_gallery_entries ?? [])
          .filter((entry) => !entry.disabled)
          .map((entry) => `${media}catalog/product${entry.file}`)
      : [],
    url: link && urlKey ? `${link}${urlKey}.html` : null,
  };
}

function toOrder(order: MagentoOrder, raw: unknown): StoreOrder {
  return {
    id: order.entity_id,
    number: order.increment_id ?? null,
    status: mapMagentoOrderStatus(order),
    storeStatus: order.status ?? order.state ?? 'unknown',
    totalMinor: priceToMinor(order.grand_total),
    currency: order.order_currency_code ?? null,
    raw,
  };
}

function toAddress(address: PostalAddress, buyer: { email: string; phone?: string | null }) {
  const { first, last } = splitName(address.name);
  return {
    firstname: first,
    // Magento requires a last name; a one-word name is used for both.
    lastname: last || first,
    street: [address.line1, ...(address.line2 ? [address.line2] : [])],
    city: address.city,
    region: address.region ?? '',
    postcode: address.postalCode,
    country_id: address.country.toUpperCase(),
    // Magento requires a telephone number on every address.
    telephone: address.phone || buyer.phone || 'not provided',
    email: buyer.email,
  };
}

async function storeConfig(ctx: Ctx): Promise<MagentoStoreConfig | undefined> {
  const { data } = await magentoRequest(
    ctx,
    { path: '/rest/V1/store/storeConfigs' },
    z.array(magentoStoreConfig),
  );
  return data.find((c) => c.code === 'default') ?? data[0];
}

async function readOrder(ctx: Ctx, orderId: string): Promise<StoreOrder> {
  const { data, response } = await magentoRequest(
    ctx,
    { path: `/rest/V1/orders/${encodeURIComponent(orderId)}` },
    magentoOrder,
  );
  return toOrder(data, response.body);
}

/** A 404 inside the order flow names a missing product or cart, which makes the order request wrong. */
function asInvalidRequest(err: unknown): never {
  if (err instanceof ProviderError && err.kind === 'not_found') {
    throw new ProviderError('magento', 'invalid_request', err.message, {
      status: err.status,
      statusText: err.statusText,
    });
  }
  throw err;
}

async function comment(ctx: Ctx, orderId: string, status: string | null, text: string) {
  await magentoRequest(
    ctx,
    {
      method: 'POST',
      path: `/rest/V1/orders/${encodeURIComponent(orderId)}/comments`,
      // A comment sets the order's status to the one it carries, so it repeats the current one.
      json: { statusHistory: { comment: text, status, is_customer_notified: 0, is_visible_on_front: 0 } },
    },
    anyJson,
  );
}

/**
 * Magento 2 / Adobe Commerce through its REST API with an integration token as a Bearer token.
 * `ctx.http.baseUrl` is the store URL. Orders go through a guest cart, since Magento has no call that
 * writes an order directly; being paid, shipped, cancelled or refunded are Magento's own actions
 * (invoice, ship, cancel, credit memo), which move the order's state as well as its status.
 */
export function createMagentoPlatform(
  settings: MagentoOrderSettings = {},
): StorePlatform<MagentoCredentials> {
  const paymentMethod = settings.paymentMethod ?? 'checkmo';
  const carrier = settings.shippingCarrierCode ?? 'flatrate';
  const method = settings.shippingMethodCode ?? 'flatrate';

  return {
    manifest: {
      id: 'magento',
      name: 'Magento',
      summary: 'Magento 2.0 or later, or Adobe Commerce, with an integration access token.',
      availability: 'coming_soon',
      credentialFields: magentoCredentialFields,
      apiBase: (credentials) => String(credentials.storeUrl),
      merchantSuppliedHost: true,
    },
    credentialsSchema: magentoCredentials,

    async testConnection(ctx) {
      const { data } = await magentoRequest(
        ctx,
        { path: '/rest/V1/store/storeViews' },
        z.array(z.object({ code: z.string(), name: z.string().nullish() })),
      );
      return { storeName: data.find((view) => view.code !== 'admin')?.name ?? null };
    },

    /** Enabled simple and virtual products in id order. Magento repeats its last page for a page past the end. */
    async listProducts(ctx, query) {
      const [config, { data }] = await Promise.all([
        storeConfig(ctx),
        magentoRequest(
          ctx,
          {
            path: '/rest/V1/products',
            query: searchCriteria({
              pageSize: query.perPage,
              currentPage: query.page,
              filters: [
                { field: 'status', value: String(ENABLED), conditionType: 'eq' },
                { field: 'type_id', value: SELLABLE_TYPES.join(','), conditionType: 'in' },
              ],
              sortBy: 'entity_id',
            }),
          },
          magentoProductSearch,
        ),
      ]);
      const pastTheEnd = (query.page - 1) * query.perPage >= data.total_count;
      return {
        products: pastTheEnd ? [] : data.items.map((product) => toItem(product, config)),
        page: query.page,
        perPage: query.perPage,
        total: data.total_count,
        totalPages: Math.ceil(data.total_count / query.perPage),
        hasMore: query.page * query.perPage < data.total_count,
      };
    },

    async findProductBySku(ctx, sku) {
      const [config, product] = await Promise.all([
        storeConfig(ctx),
        magentoRequest(ctx, { path: `/rest/V1/products/${encodeURIComponent(sku)}` }, magentoProduct).then(
          ({ data }) => data,
          (err: unknown) => {
            if (err instanceof ProviderError && err.kind === 'not_found') return null;
            throw err;
          },
        ),
      ]);
      if (!product || product.status !== ENABLED || !SELLABLE_TYPES.includes(product.type_id ?? 'simple'))
        return null;
      return toItem(product, config);
    },

    /**
     * guest cart -> items -> shipping and billing addresses -> place with the offline payment method ->
     * a comment with our reference and the payment -> an invoice when paid. Magento prices the cart
     * itself, so a total that differs from what was charged is logged. Magento has no idempotency key:
     * if a retry follows a failure after the order was placed, a second order is written.
     */
    async createOrder(ctx, input) {
      const { data: cartId } = await magentoRequest(
        ctx,
        { method: 'POST', path: '/rest/V1/guest-carts' },
        z.string().min(1),
      );
      const cart = `/rest/V1/guest-carts/${encodeURIComponent(cartId)}`;
      for (const line of input.lines) {
        if (!line.sku) {
          throw new ProviderError(
            'magento',
            'invalid_request',
            `${line.name} has no SKU, which Magento needs`,
          );
        }
        await magentoRequest(
          ctx,
          {
            method: 'POST',
            path: `${cart}/items`,
            json: { cartItem: { sku: line.sku, qty: line.quantity, quote_id: cartId } },
          },
          anyJson,
        ).catch(asInvalidRequest);
      }
      await magentoRequest(
        ctx,
        {
          method: 'POST',
          path: `${cart}/shipping-information`,
          json: {
            addressInformation: {
              shipping_address: toAddress(input.shippingAddress, input.buyer),
              billing_address: toAddress(input.billingAddress, input.buyer),
              shipping_carrier_code: carrier,
              shipping_method_code: method,
            },
          },
        },
        anyJson,
      ).catch(asInvalidRequest);
      const { data: orderId } = await magentoRequest(
        ctx,
        { method: 'PUT', path: `${cart}/order`, json: { paymentMethod: { method: paymentMethod } } },
        magentoEntityId,
      ).catch(asInvalidRequest);

      const placed = await readOrder(ctx, orderId);
      const { provider, method: paidWith, transactionId } = input.payment;
      await comment(
        ctx,
        orderId,
        (placed.raw as { status?: string | null }).status ?? null,
        `AgentCart checkout ${input.reference}: ${input.payment.paid ? 'paid' : 'awaiting payment'} with ${provider} (${paidWith}) ${transactionId}`,
      );
      if (input.payment.paid) {
        await magentoRequest(
          ctx,
          {
            method: 'POST',
            path: `/rest/V1/order/${encodeURIComponent(orderId)}/invoice`,
            json: { capture: false, notify: false },
          },
          magentoEntityId,
        );
      }
      const order = await readOrder(ctx, orderId);
      noteTotalMismatch(ctx, 'Magento', input, order);
      return order;
    },

    getOrder: readOrder,

    /**
     * paid: an invoice; fulfilled: a shipment; cancelled / failed: cancel (Magento refuses once an order
     * is invoiced: refund it instead); refunded: an offline credit memo. A pending order cannot be re-opened.
     */
    async updateOrderStatus(ctx, orderId, status) {
      const current = await readOrder(ctx, orderId);
      if (current.status === status) return current;
      const id = encodeURIComponent(orderId);
      switch (status) {
        case 'paid':
          await magentoRequest(
            ctx,
            { method: 'POST', path: `/rest/V1/order/${id}/invoice`, json: { capture: false, notify: false } },
            anyJson,
          );
          break;
        case 'fulfilled':
          await magentoRequest(
            ctx,
            { method: 'POST', path: `/rest/V1/order/${id}/ship`, json: { notify: false } },
            anyJson,
          );
          break;
        case 'cancelled':
        case 'failed': {
          const { data: cancelled } = await magentoRequest(
            ctx,
            { method: 'POST', path: `/rest/V1/orders/${id}/cancel` },
            z.boolean(),
          );
          if (!cancelled) {
            throw new ProviderError(
              'magento',
              'invalid_request',
              'Magento cannot cancel this order (it is invoiced or shipped); refund it instead',
            );
          }
          if (status === 'failed') await comment(ctx, orderId, 'canceled', 'Payment failed (AgentCart)');
          break;
        }
        case 'refunded':
          await magentoRequest(
            ctx,
            { method: 'POST', path: `/rest/V1/order/${id}/refund`, json: { notify: false } },
            anyJson,
          );
          break;
        case 'pending':
          throw new ProviderError(
            'magento',
            'invalid_request',
            'A Magento order cannot be moved back to pending',
          );
      }
      return readOrder(ctx, orderId);
    },
  };
}

/** Magento with Check / Money order as the payment method and flat-rate shipping. */
export const magento = createMagentoPlatform();
