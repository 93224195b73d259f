import { z } from 'zod';
import { idSchema, moneySchema, storeApi } from '../store-kit';
import type { CustomCredentials } from './credentials';

/** The contract's largest page (docs/custom-store.md). */
export const CUSTOM_MAX_LIMIT = 100;

/** A variant in the Custom API contract (docs/custom-store.md): its own SKU, price and stock. */
export const customVariant = z.object({
  id: idSchema,
  sku: z.string().min(1),
  name: z.string(),
  price: moneySchema.nullish(),
  stock: z.number().int().nullish(),
  image_urls: z.array(z.string()).nullish(),
});

/** A product in the Custom API contract. Money is a decimal string; stock null means "not tracked". */
export const customProduct = z.object({
  id: idSchema,
  sku: z.string().min(1),
  name: z.string(),
  description: z.string().nullish(),
  price: moneySchema.nullable(),
  currency: z.string().length(3),
  stock: z.number().int().nullable(),
  image_urls: z.array(z.string()).nullish(),
  url: z.string().nullish(),
  variants: z.array(customVariant).nullish(),
});
/** A product as the merchant's API sends it. */
export type CustomProduct = z.infer<typeof customProduct>;

/** `GET /products`: a page of products with the paging the contract echoes. */
export const customProductList = z.object({
  data: z.array(customProduct),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int().nullish(),
});

/** The parts of a Custom API order we read; the contract guarantees at least these. */
export const customOrder = z.object({
  id: idSchema,
  number: z.union([z.string(), z.number()]).nullish(),
  status: z.string(),
  total: moneySchema,
  currency: z.string().length(3),
});
/** An order as the merchant's API sends it. */
export type CustomOrder = z.infer<typeof customOrder>;

/** `GET /orders?reference=`: the orders written for one checkout (none, or the one). */
export const customOrderList = z.object({
  data: z.array(customOrder.extend({ reference: z.string().nullish() }).loose()),
});

const failureBody = z.object({
  error: z.object({ code: z.string().optional(), message: z.string().optional() }),
});

/**
 * Calls the merchant's API: a bearer key on every request; failures are `{ error: { code, message } }`.
 */
export const customRequest = storeApi<CustomCredentials>({
  id: 'custom',
  name: 'Your store API',
  authHeaders: (credentials) => ({ authorization: `Bearer ${credentials.apiKey}` }),
  describeFailure(body) {
    const parsed = failureBody.safeParse(body);
    return parsed.success ? parsed.data.error : {};
  },
  authMessage: 'Your store API refused the API key',
});
