import { z } from 'zod';
import { minorToDecimal } from '#common/domain/money';
import { ProviderError, type AdapterContext } from '../../http';
import { chargedMinor, itemPage, noteTotalMismatch, priceToMinor, splitName } from '../store-kit';
import type {
  PostalAddress,
  StoreOrder,
  StoreOrderInput,
  StorePlatform,
  StoreProduct,
} from '../store-platform';
import {
  nextPageInfo,
  SHOPIFY_API_VERSION,
  SHOPIFY_MAX_LIMIT,
  shopifyFulfillmentOrder,
  shopifyOrder,
  shopifyProduct,
  shopifyRequest,
  shopifyTransaction,
  type ShopifyOrder,
  type ShopifyProduct,
} from './api';
import { shopifyCredentialFields, shopifyCredentials, type ShopifyCredentials } from './credentials';
import { describeShopifyOrderState, mapShopifyOrderStatus } from './mapping';
import { isValidShopifyWebhook } from './webhook';

type Ctx = AdapterContext<ShopifyCredentials>;

const STORE = { id: 'shopify', name: 'Shopify' };
/** The note attribute that carries our checkout id on the order (and finds it again on a retry). */
export const SHOPIFY_REFERENCE_ATTRIBUTE = 'agentcart_reference';
/** How far back a retried order write looks for the order it may already have created. */
const REFERENCE_LOOKBACK_MS = 48 * 60 * 60 * 1000;

const productsPage = z.object({ products: z.array(shopifyProduct) });
const orderBody = z.object({ order: shopifyOrder });
const referencePage = z.object({ orders: z.array(shopifyOrder.pick({ id: true, note_attributes: true })) });
const anyJson = z.unknown();

/** One sellable item per variant; a product's lone "Default Title" variant is sold under the product's name. */
function toItems(product: ShopifyProduct, shopUrl: string): StoreProduct[] {
  const images = product.images ?? [];
  return product.variants.map((variant) => {
    const tracked = variant.inventory_management === 'shopify';
    const quantity = variant.inventory_quantity ?? 0;
    const ownImage = images.find((image) => variant.image_id != null && image.id === variant.image_id);
    const lone = product.variants.length === 1 && variant.title === 'Default Title';
    return {
      id: product.id,
      variantId: variant.id,
      sku: variant.sku || null,
      name: lone ? product.title : `${product.title} – ${variant.title}`,
      description: product.body_html ?? null,
      priceMinor: priceToMinor(variant.price),
      currency: null,
      stockQuantity: tracked ? quantity : null,
      inStock: !tracked || variant.inventory_policy === 'continue' || quantity > 0,
      imageUrls: ownImage ? [ownImage.src] : images.map((image) => image.src),
      url: product.handle ? `${shopUrl}/products/${product.handle}` : null,
      productName: product.title,
      barcode: variant.barcode || null,
      categories: product.product_type ? [product.product_type] : [],
      options: lone ? [] : optionsOf(product, variant),
    };
  });
}

/** Shopify keeps a variant's choices positionally: option1..3 answer the product's options in order. */
function optionsOf(product: ShopifyProduct, variant: ShopifyProduct['variants'][number]) {
  const values = [variant.option1, variant.option2, variant.option3];
  return (product.options ?? []).flatMap((option, i) =>
    values[i] ? [{ name: option.name, value: values[i] }] : [],
  );
}

function toOrder(order: ShopifyOrder, raw: unknown): StoreOrder {
  return {
    id: order.id,
    number: order.name ?? null,
    status: mapShopifyOrderStatus(order),
    storeStatus: describeShopifyOrderState(order),
    totalMinor: priceToMinor(order.total_price),
    currency: order.currency,
    raw,
  };
}

function toAddress(address: PostalAddress) {
  const { first, last } = splitName(address.name);
  return {
    first_name: first,
    last_name: last,
    name: address.name,
    address1: address.line1,
    address2: address.line2 ?? null,
    city: address.city,
    province: address.region ?? null,
    zip: address.postalCode,
    country_code: address.country.toUpperCase(),
    phone: address.phone ?? null,
  };
}

/**
 * Shopify through the REST Admin API. `ctx.http.baseUrl` is the shop, https://{storeName}.myshopify.com.
 * The version is a parameter because Shopify retires each one after about a year.
 */
export function createShopifyPlatform(opts: { apiVersion?: string } = {}): StorePlatform<ShopifyCredentials> {
  const version = opts.apiVersion ?? SHOPIFY_API_VERSION;
  const path = (resource: string) => `/admin/api/${version}/${resource}`;
  const shopUrl = (ctx: Ctx) => ctx.http.baseUrl.replace(/\/+$/, '');

  async function readOrder(ctx: Ctx, orderId: string): Promise<StoreOrder> {
    const { data, response } = await shopifyRequest(
      ctx,
      { path: path(`orders/${encodeURIComponent(orderId)}.json`) },
      orderBody,
    );
    return toOrder(data.order, (response.body as { order: unknown }).order);
  }

  /**
   * One page of active products. Shopify pages behind `page_info` cursors in the Link header, with no
   * page numbers; only the first request may filter, since Shopify refuses other parameters next to
   * `page_info`.
   */
  async function productsAfter(
    ctx: Ctx,
    cursor: string | null,
    limit: number,
  ): Promise<{ products: ShopifyProduct[]; next: string | null }> {
    const { data, response } = await shopifyRequest(
      ctx,
      {
        path: path('products.json'),
        query: cursor ? { limit, page_info: cursor } : { limit, status: 'active' },
      },
      productsPage,
    );
    return {
      products: data.products.filter((p) => (p.status ?? 'active') === 'active'),
      next: nextPageInfo(response.headers.get('link')),
    };
  }

  /** One page of recent orders (any status), with only the fields that find a reference. */
  async function referencesAfter(
    ctx: Ctx,
    cursor: string | null,
  ): Promise<{ orders: z.infer<typeof referencePage>['orders']; next: string | null }> {
    const since = new Date(ctx.clock.now().getTime() - REFERENCE_LOOKBACK_MS).toISOString();
    const fields = 'id,note_attributes';
    const { data, response } = await shopifyRequest(
      ctx,
      {
        path: path('orders.json'),
        query: cursor
          ? { limit: SHOPIFY_MAX_LIMIT, page_info: cursor, fields }
          : { status: 'any', created_at_min: since, limit: SHOPIFY_MAX_LIMIT, fields },
      },
      referencePage,
    );
    return { orders: data.orders, next: nextPageInfo(response.headers.get('link')) };
  }

  /**
   * The REST API has no idempotency key for orders, so before writing one we look for an order created
   * in the last two days that already carries this checkout's reference (a retry after a timeout).
   */
  async function findOrderByReference(ctx: Ctx, reference: string): Promise<StoreOrder | null> {
    let cursor: string | null = null;
    do {
      const page = await referencesAfter(ctx, cursor);
      const match = page.orders.find((order) =>
        order.note_attributes?.some((a) => a.name === SHOPIFY_REFERENCE_ATTRIBUTE && a.value === reference),
      );
      if (match) return readOrder(ctx, match.id);
      cursor = page.next;
    } while (cursor);
    return null;
  }

  /** A line must name a variant; a product with exactly one variant lets us pick it. */
  async function variantFor(ctx: Ctx, line: StoreOrderInput['lines'][number]): Promise<string> {
    if (line.variantId) return line.variantId;
    try {
      const { data } = await shopifyRequest(
        ctx,
        { path: path(`products/${encodeURIComponent(line.productId)}.json`) },
        z.object({ product: shopifyProduct }),
      );
      if (data.product.variants.length === 1) return data.product.variants[0]!.id;
      throw new ProviderError('shopify', 'invalid_request', `Choose a variant of ${data.product.title}`);
    } catch (err) {
      if (err instanceof ProviderError && err.kind === 'not_found') {
        throw new ProviderError(
          'shopify',
          'invalid_request',
          `Shopify has no product ${line.productId} (${line.name})`,
          {
            status: err.status,
            statusText: err.statusText,
          },
        );
      }
      throw err;
    }
  }

  async function fulfil(ctx: Ctx, orderId: string) {
    const { data } = await shopifyRequest(
      ctx,
      { path: path(`orders/${encodeURIComponent(orderId)}/fulfillment_orders.json`) },
      z.object({ fulfillment_orders: z.array(shopifyFulfillmentOrder) }),
    );
    const open = data.fulfillment_orders.filter((fo) => fo.supported_actions?.includes('create_fulfillment'));
    if (open.length === 0) {
      throw new ProviderError(
        'shopify',
        'invalid_request',
        'Shopify has nothing left to fulfil on this order',
      );
    }
    await shopifyRequest(
      ctx,
      {
        method: 'POST',
        path: path('fulfillments.json'),
        json: {
          fulfillment: {
            notify_customer: false,
            line_items_by_fulfillment_order: open.map((fo) => ({ fulfillment_order_id: Number(fo.id) })),
          },
        },
      },
      anyJson,
    );
  }

  async function transactionsOf(ctx: Ctx, orderId: string) {
    const { data } = await shopifyRequest(
      ctx,
      { path: path(`orders/${encodeURIComponent(orderId)}/transactions.json`) },
      z.object({ transactions: z.array(shopifyTransaction) }),
    );
    return data.transactions;
  }

  /**
   * Records the refund in Shopify of whatever is left of each payment; the money itself goes back
   * through the payment provider.
   */
  async function recordRefund(ctx: Ctx, orderId: string) {
    const transactions = (await transactionsOf(ctx, orderId)).filter((t) => t.status === 'success');
    const refunded = (id: string) =>
      transactions
        .filter((t) => t.kind === 'refund' && t.parent_id === id)
        .reduce((sum, t) => sum + (priceToMinor(t.amount) ?? 0), 0);
    const payments = transactions
      .filter((t) => t.kind === 'sale' || t.kind === 'capture')
      .map((t) => ({ ...t, left: (priceToMinor(t.amount) ?? 0) - refunded(t.id) }))
      .filter((t) => t.left > 0);
    if (payments.length === 0) {
      throw new ProviderError(
        'shopify',
        'invalid_request',
        'Shopify has no payment left on this order to refund',
      );
    }
    await shopifyRequest(
      ctx,
      {
        method: 'POST',
        path: path(`orders/${encodeURIComponent(orderId)}/refunds.json`),
        json: {
          refund: {
            notify: false,
            note: 'Refunded through AgentCart',
            transactions: payments.map((t) => ({
              parent_id: Number(t.id),
              amount: minorToDecimal(t.left),
              kind: 'refund',
              gateway: t.gateway,
            })),
          },
        },
      },
      anyJson,
    );
  }

  /** Records a payment taken outside Shopify on a pending order. */
  async function recordPayment(ctx: Ctx, order: StoreOrder) {
    await shopifyRequest(
      ctx,
      {
        method: 'POST',
        path: path(`orders/${encodeURIComponent(order.id)}/transactions.json`),
        json: {
          transaction: {
            kind: 'sale',
            status: 'success',
            source: 'external',
            amount: minorToDecimal(order.totalMinor ?? 0),
            currency: order.currency,
          },
        },
      },
      anyJson,
    );
  }

  return {
    manifest: {
      id: 'shopify',
      name: 'Shopify',
      summary: 'The Admin API (version 2024-01) through a custom app’s access token.',
      availability: 'coming_soon',
      credentialFields: shopifyCredentialFields,
      apiBase: (credentials) => `https://${String(credentials.storeName)}.myshopify.com`,
      merchantSuppliedHost: false,
    },
    credentialsSchema: shopifyCredentials,

    async testConnection(ctx) {
      const { data } = await shopifyRequest(
        ctx,
        { path: path('shop.json') },
        z.object({ shop: z.object({ name: z.string().nullish() }) }),
      );
      return { storeName: data.shop.name ?? null };
    },

    /** Page N is reached by following the cursors from the first page (see itemPage). */
    async listProducts(ctx, query) {
      const limit = Math.min(Math.max(query.perPage, 1), SHOPIFY_MAX_LIMIT);
      return itemPage(STORE, query, async (cursor: string | null) => {
        const page = await productsAfter(ctx, cursor, limit);
        return { items: page.products.flatMap((p) => toItems(p, shopUrl(ctx))), next: page.next };
      });
    },

    /** The REST API cannot search by SKU, so this reads the active catalogue in pages of 250. */
    async findProductBySku(ctx, sku) {
      let cursor: string | null = null;
      do {
        const page = await productsAfter(ctx, cursor, SHOPIFY_MAX_LIMIT);
        for (const product of page.products) {
          const item = toItems(product, shopUrl(ctx)).find((i) => i.sku === sku);
          if (item) return item;
        }
        cursor = page.next;
      } while (cursor);
      return null;
    },

    async createOrder(ctx, input) {
      const existing = await findOrderByReference(ctx, input.reference);
      if (existing) return existing;
      const lineItems = [];
      for (const line of input.lines) {
        lineItems.push({
          variant_id: Number(await variantFor(ctx, line)),
          quantity: line.quantity,
          price: minorToDecimal(line.unitPriceMinor),
        });
      }
      const { data, response } = await shopifyRequest(
        ctx,
        {
          method: 'POST',
          path: path('orders.json'),
          json: {
            order: {
              line_items: lineItems,
              currency: input.currency.toUpperCase(),
              email: input.buyer.email,
              phone: input.buyer.phone ?? undefined,
              billing_address: toAddress(input.billingAddress),
              shipping_address: toAddress(input.shippingAddress),
              shipping_lines: input.shipping
                ? [
                    {
                      title: input.shipping.label,
                      code: input.shipping.methodId,
                      price: minorToDecimal(input.shipping.amountMinor),
                    },
                  ]
                : [],
              financial_status: input.payment.paid ? 'paid' : 'pending',
              transactions: input.payment.paid
                ? [
                    {
                      kind: 'sale',
                      status: 'success',
                      amount: minorToDecimal(chargedMinor(input)),
                      gateway: input.payment.provider,
                      authorization: input.payment.transactionId,
                    },
                  ]
                : [],
              note: `AgentCart checkout ${input.reference}`,
              note_attributes: [
                { name: SHOPIFY_REFERENCE_ATTRIBUTE, value: input.reference },
                {
                  name: 'payment',
                  value: `${input.payment.provider} ${input.payment.method} ${input.payment.transactionId}`,
                },
              ],
              tags: 'AgentCart',
              inventory_behaviour: 'decrement_obeying_policy',
              send_receipt: false,
              send_fulfillment_receipt: false,
            },
          },
        },
        orderBody,
      );
      const order = toOrder(data.order, (response.body as { order: unknown }).order);
      noteTotalMismatch(ctx, 'Shopify', input, order);
      return order;
    },

    findWrittenOrder: (ctx, input) => findOrderByReference(ctx, input.reference),
    getOrder: readOrder,

    /**
     * fulfilled: a fulfillment of every open fulfillment order; cancelled / failed: cancel.json (reason
     * "declined" for failed); refunded: a refund of the recorded payments; paid: an external sale
     * transaction. A pending order cannot be re-opened.
     */
    async updateOrderStatus(ctx, orderId, status) {
      const current = await readOrder(ctx, orderId);
      if (current.status === status) return current;
      switch (status) {
        case 'fulfilled':
          await fulfil(ctx, orderId);
          break;
        case 'cancelled':
        case 'failed':
          await shopifyRequest(
            ctx,
            {
              method: 'POST',
              path: path(`orders/${encodeURIComponent(orderId)}/cancel.json`),
              json: { reason: status === 'failed' ? 'declined' : 'customer', email: false },
            },
            anyJson,
          );
          break;
        case 'refunded':
          await recordRefund(ctx, orderId);
          break;
        case 'paid':
          await recordPayment(ctx, current);
          break;
        case 'pending':
          throw new ProviderError(
            'shopify',
            'invalid_request',
            'A Shopify order cannot be moved back to pending',
          );
      }
      return readOrder(ctx, orderId);
    },

    verifyWebhook: isValidShopifyWebhook,
  };
}

/** Shopify on the default REST Admin API version. */
export const shopify = createShopifyPlatform();
