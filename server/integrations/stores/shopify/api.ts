import { z } from 'zod';
import { idSchema, moneySchema, storeApi } from '../store-kit';
import type { ShopifyCredentials } from './credentials';

/** The REST Admin API version the adapter speaks unless told otherwise. */
export const SHOPIFY_API_VERSION = '2024-01';
/** Shopify's largest page for products and orders. */
export const SHOPIFY_MAX_LIMIT = 250;

/** The parts of a product variant we read. */
export const shopifyVariant = z.object({
  id: idSchema,
  product_id: idSchema,
  title: z.string(),
  sku: z.string().nullish(),
  price: moneySchema.nullish(),
  inventory_quantity: z.number().int().nullish(),
  inventory_management: z.string().nullish(),
  inventory_policy: z.string().nullish(),
  image_id: idSchema.nullish(),
  barcode: z.string().nullish(),
  option1: z.string().nullish(),
  option2: z.string().nullish(),
  option3: z.string().nullish(),
});

/** The parts of a product we read (`products.json`, `products/{id}.json`). */
export const shopifyProduct = z.object({
  id: idSchema,
  title: z.string(),
  body_html: z.string().nullish(),
  handle: z.string().nullish(),
  product_type: z.string().nullish(),
  options: z.array(z.object({ name: z.string() })).nullish(),
  status: z.string().nullish(),
  images: z.array(z.object({ id: idSchema, src: z.string() })).nullish(),
  variants: z.array(shopifyVariant),
});
/** A product as Shopify sends it. */
export type ShopifyProduct = z.infer<typeof shopifyProduct>;

/** The parts of an order we read. */
export const shopifyOrder = z.object({
  id: idSchema,
  name: z.string().nullish(),
  financial_status: z.string().nullish(),
  fulfillment_status: z.string().nullish(),
  cancelled_at: z.string().nullish(),
  cancel_reason: z.string().nullish(),
  total_price: moneySchema,
  currency: z.string(),
  note_attributes: z.array(z.object({ name: z.string(), value: z.unknown() })).nullish(),
});
/** An order as Shopify sends it. */
export type ShopifyOrder = z.infer<typeof shopifyOrder>;

/** A fulfillment order (`orders/{id}/fulfillment_orders.json`): what can still be fulfilled. */
export const shopifyFulfillmentOrder = z.object({
  id: idSchema,
  status: z.string(),
  supported_actions: z.array(z.string()).nullish(),
});

/** A transaction (`orders/{id}/transactions.json`): payments in, refunds out. */
export const shopifyTransaction = z.object({
  id: idSchema,
  parent_id: idSchema.nullish(),
  kind: z.string(),
  status: z.string(),
  amount: moneySchema,
  gateway: z.string().nullish(),
  currency: z.string().nullish(),
});

/** Shopify failures are `{"errors": "..."}` or `{"errors": {"field": ["..."]}}`. */
function describeErrors(errors: unknown): string | undefined {
  if (typeof errors === 'string') return errors;
  if (Array.isArray(errors)) return errors.map(String).join('; ');
  if (errors && typeof errors === 'object') {
    return Object.entries(errors)
      .map(
        ([field, messages]) => `${field} ${Array.isArray(messages) ? messages.join(', ') : String(messages)}`,
      )
      .join('; ');
  }
  return undefined;
}

/** Calls the Admin API with the `X-Shopify-Access-Token` header. */
export const shopifyRequest = storeApi<ShopifyCredentials>({
  id: 'shopify',
  name: 'Shopify',
  authHeaders: (credentials) => ({ 'x-shopify-access-token': credentials.accessToken }),
  describeFailure: (body) => ({
    message: describeErrors((body as { errors?: unknown } | undefined)?.errors),
  }),
  authMessage: 'Shopify refused the access token',
});

/**
 * The `page_info` cursor of the `rel="next"` link in Shopify's `Link` header, or null on the last page.
 * Only the cursor is kept: the next request goes to our own base URL, not to the host Shopify named.
 */
export function nextPageInfo(link: string | null): string | null {
  for (const part of (link ?? '').split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part);
    if (match) return new URL(match[1]!).searchParams.get('page_info');
  }
  return null;
}
