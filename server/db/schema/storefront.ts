import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { merchantIntegrations } from './connections';
import { merchants } from './merchants';

/**
 * A store product the merchant put on their public storefront (ADR 045): the store's product, the
 * Stripe product and price it is published as on the merchant's connected account, and the price and
 * stock last published, so a catalogue refresh knows when Stripe needs a new Price or an inactive product.
 */
export const storefrontListings = pgTable(
  'storefront_listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => merchantIntegrations.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    variantId: text('variant_id'),
    sku: text('sku'),
    name: text('name').notNull(),
    stripeProductId: text('stripe_product_id'),
    stripePriceId: text('stripe_price_id'),
    /** The amount the current Stripe price carries, in minor units. */
    publishedPriceMinor: integer('published_price_minor'),
    currency: text('currency'),
    /** in_stock | out_of_stock: out of stock makes the Stripe product inactive (not bought). */
    stockState: text('stock_state').notNull().default('in_stock'),
    /** Why the last publish failed, shown in Settings › Storefront; null once it succeeded. */
    publishError: text('publish_error'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('storefront_listings_product_key')
      .on(t.merchantId, t.integrationId, t.productId, t.variantId)
      .nullsNotDistinct(),
    // A sale names only its price: the price finds its listing and so the merchant who published it.
    index('storefront_listings_price_idx').on(t.stripePriceId),
  ],
);
export type StorefrontListing = typeof storefrontListings.$inferSelect;
