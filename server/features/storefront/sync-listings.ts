import { and, eq, inArray } from 'drizzle-orm';
import { merchants, storefrontListings, type Merchant, type StorefrontListing } from '../../db/schema/index';
import { ProviderError } from '../../integrations/http';
import { stripeStorefront } from '../../integrations/payments/stripe/storefront';
import type { StoreProduct } from '../../integrations/stores/store-platform';
import { accountOf, catalogueOf, keyOf, LISTING_MESSAGES, listingsOf, publish, storeKey } from './listings';
import { platformContext, type StorefrontDeps } from './storefront';

/** A listing is out of step when the store now sells the product differently from what Stripe shows. */
function outOfStep(listing: StorefrontListing, product: StoreProduct): boolean {
  return (
    listing.publishError !== null ||
    listing.name !== product.name ||
    listing.publishedPriceMinor !== product.priceMinor ||
    listing.currency !== product.currency ||
    (listing.stockState === 'in_stock') !== product.inStock
  );
}

/**
 * Brings one merchant's storefront in step with its selling store without the merchant saving again: a
 * product whose price, stock or name changed is published again (a new Stripe Price, or off sale when
 * out of stock), one gone from the store goes off sale with the reason shown in Settings › Storefront,
 * and the rest cost no Stripe call. Listings of a store that no longer sells wait for the merchant's next
 * choice. Returns how many listings changed.
 */
export async function syncMerchantListings(deps: StorefrontDeps, merchant: Merchant): Promise<number> {
  const account = accountOf(merchant);
  if (!account) return 0;
  const { store, products } = await catalogueOf(deps, merchant);
  const byKey = new Map(products.map((p) => [storeKey(p), p] as const));
  let changed = 0;
  for (const listing of await listingsOf(deps, merchant.id)) {
    if (listing.integrationId !== store.integrationId) continue;
    const product = byKey.get(keyOf(listing));
    if (product) {
      if (!outOfStep(listing, product)) continue;
      await publish(deps, account, listing, product);
      changed++;
    } else if (listing.publishError !== LISTING_MESSAGES.unknownProduct) {
      if (listing.stripeProductId)
        await stripeStorefront.unpublishProduct(platformContext(deps), account, listing.stripeProductId);
      await deps.db
        .update(storefrontListings)
        .set({
          stockState: 'out_of_stock',
          publishError: LISTING_MESSAGES.unknownProduct,
          updatedAt: deps.engine.clock.now(),
        })
        .where(and(eq(storefrontListings.id, listing.id), eq(storefrontListings.merchantId, merchant.id)));
      changed++;
    }
  }
  return changed;
}

/**
 * The scheduled round: every merchant with a storefront listing, one after another. A merchant whose
 * store or Stripe cannot be reached is skipped until the next round, never stopping the others.
 */
export async function syncStorefrontListings(
  deps: StorefrontDeps,
): Promise<{ merchants: number; changed: number }> {
  const listed = deps.db.selectDistinct({ id: storefrontListings.merchantId }).from(storefrontListings);
  const sellers = await deps.db.select().from(merchants).where(inArray(merchants.id, listed));
  let changed = 0;
  for (const merchant of sellers) {
    try {
      changed += await syncMerchantListings(deps, merchant);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      deps.engine.logger.warn({ err, merchantId: merchant.id }, 'storefront listings not synced this round');
    }
  }
  return { merchants: sellers.length, changed };
}
