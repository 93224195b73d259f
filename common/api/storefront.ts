import { z } from 'zod';

/**
 * The public storefront's API: a connected Stripe account's products, a Checkout Session to buy one,
 * and the session's outcome for the success page. Ids are checked against Stripe's formats, so nothing
 * else (no NUL, no unpaired surrogate, no path trick) reaches Stripe.
 */

/** A connected account id as Stripe writes it. */
export const storefrontAccountId = z.string().regex(/^acct_[A-Za-z0-9]{1,64}$/);

export const storefrontParams = z.object({ accountId: z.string() });

export const storefrontProduct = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** The product's first image, or null for the placeholder. */
  image: z.string().nullable(),
  /** The product's default price, or null when it has none (Buy Now is then disabled). */
  price: z.object({ id: z.string(), unitAmount: z.number().int(), currency: z.string() }).nullable(),
});
export type StorefrontProduct = z.infer<typeof storefrontProduct>;

/** The shop as its buyers see it: the merchant's name and logo (Settings › General) and its products. */
export const listStorefrontProductsOutput = z.object({
  shopName: z.string(),
  /** An https:// image address, or null: the header then shows the name's initial. */
  shopLogoUrl: z.string().nullable(),
  products: z.array(storefrontProduct),
});
export type ListStorefrontProductsOutput = z.infer<typeof listStorefrontProductsOutput>;

/**
 * Buy Now: one unit of a price. The platform's application fee is decided by the server, never by the
 * buyer's browser.
 */
export const createStorefrontCheckoutInput = z.object({
  priceId: z.string().regex(/^price_[A-Za-z0-9]{1,64}$/, 'Choose a product to buy.'),
  quantity: z.literal(1).default(1),
});
export const createStorefrontCheckoutOutput = z.object({ url: z.url() });

export const storefrontSessionParams = z.object({ accountId: z.string(), sessionId: z.string() });
export const storefrontSessionId = z.string().regex(/^cs_(test|live)_[A-Za-z0-9]{1,200}$/);

/**
 * What the success page may say: paid, with the merchant's order number (never Stripe's session id), or
 * not (yet).
 */
export const storefrontSessionOutput = z.object({
  orderNumber: z.string().nullable(),
  paid: z.boolean(),
  status: z.enum(['open', 'complete', 'expired']),
  amountTotal: z.number().int().nullable(),
  currency: z.string().nullable(),
});
export type StorefrontSession = z.infer<typeof storefrontSessionOutput>;

/** Settings › Storefront: one store product, and whether (and how) it is on the storefront. */
export const storefrontListingProduct = z.object({
  productId: z.string(),
  variantId: z.string().nullable(),
  sku: z.string().nullable(),
  name: z.string(),
  /** The store's price now, in minor units; null when the store has none (it cannot be listed). */
  priceMinor: z.number().int().nullable(),
  currency: z.string().nullable(),
  inStock: z.boolean(),
  listed: z.boolean(),
  /** The price on Stripe and when it was published; null until published. */
  published: z
    .object({
      priceMinor: z.number().int().nullable(),
      currency: z.string().nullable(),
      stockState: z.enum(['in_stock', 'out_of_stock']),
      at: z.string().nullable(),
      error: z.string().nullable(),
    })
    .nullable(),
});
export type StorefrontListingProduct = z.infer<typeof storefrontListingProduct>;

export const storefrontListingsOutput = z.object({
  /** The public storefront's address, or null before a Stripe account is connected. */
  storefrontUrl: z.string().nullable(),
  /** Why the store's products could not be read, when they could not. */
  storeProblem: z.string().nullable(),
  products: z.array(storefrontListingProduct),
});
export type StorefrontListings = z.infer<typeof storefrontListingsOutput>;

const storeRef = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((value) => !value.includes('\u0000'), 'A product id has no NUL character.');

/** The products the merchant wants on the storefront, all of them (what is left out is unlisted). */
export const updateStorefrontListingsInput = z.object({
  products: z
    .array(z.object({ productId: storeRef, variantId: storeRef.nullable().default(null) }))
    .max(100, 'A storefront lists at most 100 products.'),
});
