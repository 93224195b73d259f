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

export const listStorefrontProductsOutput = z.object({ products: z.array(storefrontProduct) });

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

/** What the success page may say: paid (with the order id), or not (yet). */
export const storefrontSessionOutput = z.object({
  orderId: z.string(),
  paid: z.boolean(),
  status: z.enum(['open', 'complete', 'expired']),
  amountTotal: z.number().int().nullable(),
  currency: z.string().nullable(),
});
export type StorefrontSession = z.infer<typeof storefrontSessionOutput>;
