import { minorToDecimal } from '#common/domain/money';
import { ProviderError, type AdapterContext } from '../../http';
import type { PostalAddress, StoreOrder, StorePlatform, StoreProduct } from '../store-platform';
import {
  CUSTOM_MAX_LIMIT,
  customOrder,
  customOrderList,
  customProduct,
  customProductList,
  customRequest,
  type CustomOrder,
  type CustomProduct,
} from './api';
import { customCredentialFields, customCredentials, type CustomCredentials } from './credentials';
import { mapCustomStatus } from './mapping';
import { itemPage, noteTotalMismatch, priceToMinor } from '../store-kit';
import { findCustomRefund, refundCustomOrder } from './refunds';
import { isValidCustomWebhook } from './webhook';

const STORE = { id: 'custom', name: 'Your store API' };

/** A product is one sellable item, or one per variant; variants inherit what they leave out. */
function toItems(product: CustomProduct): StoreProduct[] {
  const shared = {
    id: product.id,
    description: product.description ?? null,
    currency: product.currency.toUpperCase(),
    url: product.url ?? null,
  };
  const item = (fields: {
    variantId: string | null;
    sku: string;
    name: string;
    price: CustomProduct['price'] | undefined;
    stock: number | null;
    imageUrls: string[];
  }): StoreProduct => ({
    ...shared,
    variantId: fields.variantId,
    sku: fields.sku,
    name: fields.name,
    priceMinor: priceToMinor(fields.price),
    stockQuantity: fields.stock,
    inStock: fields.stock === null || fields.stock > 0,
    imageUrls: fields.imageUrls,
  });
  const productImages = product.image_urls ?? [];
  if (!product.variants?.length) {
    return [
      item({
        variantId: null,
        sku: product.sku,
        name: product.name,
        price: product.price,
        stock: product.stock,
        imageUrls: productImages,
      }),
    ];
  }
  return product.variants.map((variant) =>
    item({
      variantId: variant.id,
      sku: variant.sku,
      name: `${product.name} – ${variant.name}`,
      price: variant.price ?? product.price,
      stock: variant.stock === undefined ? product.stock : variant.stock,
      imageUrls: variant.image_urls?.length ? variant.image_urls : productImages,
    }),
  );
}

function toOrder(order: CustomOrder, raw: unknown): StoreOrder {
  return {
    id: order.id,
    number: order.number == null ? null : String(order.number),
    status: mapCustomStatus(order.status),
    storeStatus: order.status,
    totalMinor: priceToMinor(order.total),
    currency: order.currency.toUpperCase(),
    raw,
  };
}

function toAddress(address: PostalAddress) {
  return {
    name: address.name,
    line1: address.line1,
    line2: address.line2 ?? null,
    city: address.city,
    region: address.region ?? null,
    postal_code: address.postalCode,
    country: address.country.toUpperCase(),
    phone: address.phone ?? null,
  };
}

async function findBySkuFilter(ctx: AdapterContext<CustomCredentials>, sku: string) {
  const { data } = await customRequest(
    ctx,
    { path: '/products', query: { sku, limit: 1 } },
    customProductList,
  );
  return data.data.flatMap(toItems).find((item) => item.sku === sku) ?? null;
}

/**
 * The merchant's own API, speaking the contract AgentCart publishes (docs/custom-store.md). `ctx.http.baseUrl`
 * is the merchant's endpoint (`credentials.endpoint`).
 */
export const custom: StorePlatform<CustomCredentials> = {
  manifest: {
    id: 'custom',
    name: 'Custom API',
    summary: 'Your own API with product listing and order creation endpoints. Takes about 10 minutes.',
    availability: 'live',
    credentialFields: customCredentialFields,
    apiBase: (credentials) => String(credentials.endpoint),
    merchantSuppliedHost: true,
  },
  credentialsSchema: customCredentials,

  async testConnection(ctx) {
    await customRequest(ctx, { path: '/products', query: { limit: 1 } }, customProductList);
    return { storeName: null };
  },

  async listProducts(ctx, query) {
    const limit = Math.min(Math.max(query.perPage, 1), CUSTOM_MAX_LIMIT);
    return itemPage(STORE, query, async (cursor: number | null) => {
      const page = cursor ?? 1;
      const { data } = await customRequest(
        ctx,
        { path: '/products', query: { page, limit } },
        customProductList,
      );
      const more =
        data.data.length > 0 &&
        (data.total == null ? data.data.length >= data.limit : page * data.limit < data.total);
      return { items: data.data.flatMap(toItems), next: more ? page + 1 : null };
    });
  },

  async findProductBySku(ctx, sku) {
    try {
      const { data } = await customRequest(
        ctx,
        { path: `/products/${encodeURIComponent(sku)}` },
        customProduct,
      );
      return toItems(data).find((item) => item.sku === sku) ?? null;
    } catch (err) {
      if (!(err instanceof ProviderError) || err.kind !== 'not_found') throw err;
      // The contract's "no such SKU"; any other 404 means the API only implements the `?sku=` filter.
      if (err.providerCode === 'not_found') return null;
      return findBySkuFilter(ctx, sku);
    }
  },

  async createOrder(ctx, input) {
    const items = input.lines.map((line) => {
      if (!line.sku) {
        throw new ProviderError(
          'custom',
          'invalid_request',
          `${line.name} has no SKU, so your store API cannot take it`,
        );
      }
      return {
        sku: line.sku,
        quantity: line.quantity,
        unit_price: minorToDecimal(line.unitPriceMinor),
        name: line.name,
        product_id: line.productId,
        variant_id: line.variantId,
      };
    });
    const { data, response } = await customRequest(
      ctx,
      {
        method: 'POST',
        path: '/orders',
        // The checkout id: a retried write (after a timeout, say) replays the first order instead of adding one.
        headers: { 'idempotency-key': input.reference },
        json: {
          reference: input.reference,
          currency: input.currency.toUpperCase(),
          items,
          shipping: input.shipping && {
            method: input.shipping.methodId,
            label: input.shipping.label,
            amount: minorToDecimal(input.shipping.amountMinor),
          },
          buyer: { name: input.buyer.name, email: input.buyer.email, phone: input.buyer.phone ?? null },
          billing_address: toAddress(input.billingAddress),
          shipping_address: toAddress(input.shippingAddress),
          payment: {
            provider: input.payment.provider,
            method: input.payment.method,
            transaction_id: input.payment.transactionId,
            paid: input.payment.paid,
          },
        },
      },
      customOrder,
    );
    const order = toOrder(data, response.body);
    noteTotalMismatch(ctx, 'Your store API', input, order);
    return order;
  },

  /**
   * The contract's optional lookup by reference. An API without it still never writes an order twice
   * (its POST is idempotent by the same reference), so a route it does not have answers "none found".
   */
  async findWrittenOrder(ctx, input) {
    try {
      const { data } = await customRequest(
        ctx,
        { path: '/orders', query: { reference: input.reference } },
        customOrderList,
      );
      const match = data.data.find((order) => order.reference === input.reference);
      return match ? toOrder(match, match) : null;
    } catch (err) {
      if (err instanceof ProviderError && (err.kind === 'not_found' || err.kind === 'invalid_request')) {
        return null;
      }
      throw err;
    }
  },

  async getOrder(ctx, orderId) {
    const { data, response } = await customRequest(
      ctx,
      { path: `/orders/${encodeURIComponent(orderId)}` },
      customOrder,
    );
    return toOrder(data, response.body);
  },

  async updateOrderStatus(ctx, orderId, status) {
    const { data, response } = await customRequest(
      ctx,
      { method: 'PATCH', path: `/orders/${encodeURIComponent(orderId)}`, json: { status } },
      customOrder,
    );
    return toOrder(data, response.body);
  },

  /** The contract's `POST /orders/{id}/cancel` (docs/custom-store.md), idempotent by our order id. */
  async cancelOrder(ctx, storeOrderId, input) {
    try {
      const { data, response } = await customRequest(
        ctx,
        {
          method: 'POST',
          path: `/orders/${encodeURIComponent(storeOrderId)}/cancel`,
          headers: { 'idempotency-key': `cancel-${input.reference}` },
          json: { reference: input.reference, reason: input.reason },
        },
        customOrder,
      );
      return toOrder(data, response.body);
    } catch (err) {
      // An API without the endpoint (a 404 that is not the contract's `not_found` of an order) is told
      // by the required PATCH instead.
      if (err instanceof ProviderError && err.kind === 'not_found' && err.providerCode !== 'not_found') {
        return custom.updateOrderStatus(ctx, storeOrderId, 'cancelled');
      }
      throw err;
    }
  },

  refundOrder: refundCustomOrder,
  findRefund: findCustomRefund,

  verifyWebhook: isValidCustomWebhook,
};
