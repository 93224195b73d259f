import { z } from 'zod';
import { idSchema, moneySchema, storeApi } from '../store-kit';
import type { BigcommerceCredentials } from './credentials';

/** BigCommerce's largest catalogue page. */
export const BIGCOMMERCE_MAX_LIMIT = 250;

/** The parts of a V3 catalogue variant we read; products without options have one base variant. */
export const bigcommerceVariant = z.object({
  id: idSchema,
  product_id: idSchema,
  sku: z.string().nullish(),
  price: z.number().nullish(),
  calculated_price: z.number().nullish(),
  inventory_level: z.number().int().nullish(),
  purchasing_disabled: z.boolean().nullish(),
  image_url: z.string().nullish(),
  option_values: z
    .array(z.object({ label: z.string(), option_display_name: z.string().nullish() }))
    .nullish(),
});

/** The parts of a V3 catalogue product we read (with `include=variants,images`). */
export const bigcommerceProduct = z.object({
  id: idSchema,
  name: z.string(),
  sku: z.string().nullish(),
  description: z.string().nullish(),
  price: z.number().nullish(),
  calculated_price: z.number().nullish(),
  inventory_level: z.number().int().nullish(),
  inventory_tracking: z.string().nullish(),
  availability: z.string().nullish(),
  is_visible: z.boolean().nullish(),
  custom_url: z.object({ url: z.string() }).nullish(),
  images: z.array(z.object({ url_standard: z.string(), is_thumbnail: z.boolean().nullish() })).nullish(),
  variants: z.array(bigcommerceVariant).nullish(),
});
/** A product as BigCommerce sends it. */
export type BigcommerceProduct = z.infer<typeof bigcommerceProduct>;

/** `GET /v3/catalog/products`: a page with `meta.pagination`. */
export const bigcommerceProductPage = z.object({
  data: z.array(bigcommerceProduct),
  meta: z.object({
    pagination: z.object({
      total: z.number().int(),
      per_page: z.number().int(),
      current_page: z.number().int(),
      total_pages: z.number().int(),
    }),
  }),
});

/** The parts of a v2 order we read. Money is a decimal string with four places ("48.9700"). */
export const bigcommerceOrder = z.object({
  id: idSchema,
  status_id: z.number().int(),
  status: z.string(),
  total_inc_tax: moneySchema,
  currency_code: z.string().nullish(),
  staff_notes: z.string().nullish(),
});
/** A V2 order as BigCommerce sends it. */
export type BigcommerceOrder = z.infer<typeof bigcommerceOrder>;

/** v3 failures are `{status, title, type, detail?, errors?}`; v2 failures are `[{status, message}]`. */
function describeFailure(body: unknown): { message?: string } {
  if (Array.isArray(body)) {
    const messages = body
      .map((e) => (e as { message?: unknown } | null)?.message)
      .filter((m) => typeof m === 'string');
    return { message: messages.join('; ') || undefined };
  }
  const { title, detail, errors } = (body ?? {}) as { title?: unknown; detail?: unknown; errors?: unknown };
  const parts = [title, detail].filter((p): p is string => typeof p === 'string' && p !== '');
  if (errors && typeof errors === 'object') parts.push(...Object.values(errors).map(String));
  return { message: parts.join(' ') || undefined };
}

/** Calls the store API with the `X-Auth-Token` header. */
export const bigcommerceRequest = storeApi<BigcommerceCredentials>({
  id: 'bigcommerce',
  name: 'BigCommerce',
  authHeaders: (credentials) => ({ 'x-auth-token': credentials.accessToken }),
  describeFailure,
  authMessage: 'BigCommerce refused the access token',
});

/** Every path is under the store: /stores/{hash}/v2/... and /stores/{hash}/v3/... */
export function storePath(credentials: BigcommerceCredentials, rest: string): string {
  return `/stores/${encodeURIComponent(credentials.storeHash)}/${rest}`;
}
