import { and, eq } from 'drizzle-orm';
import type { StorefrontListings } from '#common/api/storefront';
import { storefrontListings, type Merchant, type StorefrontListing } from '../../db/schema/index';
import { ProviderError } from '../../integrations/http';
import { stripeStorefront } from '../../integrations/payments/stripe/storefront';
import type { StoreProduct } from '../../integrations/stores/store-platform';
import { AppError } from '../../lib/app-error';
import { merchantStore, readCatalogue, type MerchantStore } from '../commerce';
import { platformContext, type StorefrontDeps } from './storefront';

/** Written while a merchant's Connect onboarding has not produced an account yet. */
const PENDING_SETUP = 'pending_setup';
/** A storefront lists a store's first page of products (what Settings › Storefront shows). */
const CATALOGUE_PAGE = 100;

export const LISTING_MESSAGES = {
  noStripe: 'Connect Stripe in Settings › Payments before publishing products to your storefront.',
  noStore: 'Connect your store before publishing products to your storefront.',
  unknownProduct: 'A chosen product is no longer in your store. Refresh the list and choose again.',
  noPrice: 'This product has no price in your store, so it cannot be sold.',
} as const;

export const accountOf = (merchant: Merchant) =>
  merchant.stripeAccountId && merchant.stripeAccountId !== PENDING_SETUP ? merchant.stripeAccountId : null;

export const keyOf = (p: { productId: string; variantId: string | null }) =>
  `${p.productId}\u0000${p.variantId ?? ''}`;
export const storeKey = (p: StoreProduct) => keyOf({ productId: p.id, variantId: p.variantId });

export async function catalogueOf(deps: StorefrontDeps, merchant: Merchant) {
  const store = await merchantStore(deps.engine, merchant);
  return { store, products: await readCatalogue(store, { limit: CATALOGUE_PAGE }) };
}

export const listingsOf = (deps: StorefrontDeps, merchantId: string) =>
  deps.db.select().from(storefrontListings).where(eq(storefrontListings.merchantId, merchantId));

/** Settings › Storefront: the store's products, which are on the storefront, and at what price. */
export async function getStorefrontListings(
  deps: StorefrontDeps,
  merchant: Merchant,
): Promise<StorefrontListings> {
  const account = accountOf(merchant);
  const listings = await listingsOf(deps, merchant.id);
  let catalogue: Awaited<ReturnType<typeof catalogueOf>> | null = null;
  let storeProblem: string | null = null;
  try {
    catalogue = await catalogueOf(deps, merchant);
  } catch (err) {
    storeProblem = err instanceof ProviderError ? err.message : LISTING_MESSAGES.noStore;
  }
  const byKey = new Map(
    listings
      .filter((l) => l.integrationId === catalogue?.store.integrationId)
      .map((l) => [keyOf(l), l] as const),
  );
  return {
    storefrontUrl: account ? `${deps.publicUrl}/storefront/${encodeURIComponent(account)}` : null,
    storeProblem,
    products: (catalogue?.products ?? []).map((p) => {
      const listing = byKey.get(storeKey(p));
      return {
        productId: p.id,
        variantId: p.variantId,
        sku: p.sku,
        name: p.name,
        priceMinor: p.priceMinor,
        currency: p.currency,
        inStock: p.inStock,
        listed: Boolean(listing),
        published: listing
          ? {
              priceMinor: listing.publishedPriceMinor,
              currency: listing.currency,
              stockState: listing.stockState === 'out_of_stock' ? 'out_of_stock' : 'in_stock',
              at: listing.publishedAt?.toISOString() ?? null,
              error: listing.publishError,
            }
          : null,
      };
    }),
  };
}

/**
 * Publishes one listing as the store has the product now: the price it sells at and whether it is in
 * stock (out of stock takes the Stripe product off sale). A Stripe refusal is kept on the listing for the
 * merchant to see, so one product's problem never stops the others.
 */
export async function publish(
  deps: StorefrontDeps,
  account: string,
  listing: StorefrontListing,
  product: StoreProduct,
): Promise<void> {
  const now = deps.engine.clock.now();
  const fail = (publishError: string) =>
    deps.db
      .update(storefrontListings)
      .set({ publishError, updatedAt: now })
      .where(eq(storefrontListings.id, listing.id));
  if (product.priceMinor === null || !product.currency) return void (await fail(LISTING_MESSAGES.noPrice));
  const published =
    listing.stripeProductId &&
    listing.stripePriceId &&
    listing.publishedPriceMinor !== null &&
    listing.currency
      ? {
          productId: listing.stripeProductId,
          priceId: listing.stripePriceId,
          amountMinor: listing.publishedPriceMinor,
          currency: listing.currency,
        }
      : null;
  try {
    const ids = await stripeStorefront.publishProduct(platformContext(deps), account, {
      listingId: listing.id,
      name: product.name,
      description: product.description,
      images: product.imageUrls,
      amountMinor: product.priceMinor,
      currency: product.currency,
      active: product.inStock,
      published,
    });
    await deps.db
      .update(storefrontListings)
      .set({
        name: product.name,
        sku: product.sku,
        stripeProductId: ids.productId,
        stripePriceId: ids.priceId,
        publishedPriceMinor: product.priceMinor,
        currency: product.currency,
        stockState: product.inStock ? 'in_stock' : 'out_of_stock',
        publishError: null,
        publishedAt: now,
        updatedAt: now,
      })
      .where(eq(storefrontListings.id, listing.id));
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    await fail(err.message.slice(0, 500));
  }
}

/**
 * Puts exactly the chosen store products on the storefront and brings every listing in step with the
 * store (its price and stock now): new ones are published, changed ones get a new Stripe Price or go
 * off sale, and the ones left out are taken off sale and forgotten. Saving the same choice again is the
 * refresh from the store.
 */
export async function saveStorefrontListings(
  deps: StorefrontDeps,
  merchant: Merchant,
  chosen: { productId: string; variantId: string | null }[],
): Promise<StorefrontListings> {
  const account = accountOf(merchant);
  if (!account) throw new AppError('unprocessable', LISTING_MESSAGES.noStripe);
  let catalogue: { store: MerchantStore; products: StoreProduct[] };
  try {
    catalogue = await catalogueOf(deps, merchant);
  } catch (err) {
    if (err instanceof ProviderError) throw new AppError('provider_unavailable', err.message, { cause: err });
    throw new AppError('unprocessable', LISTING_MESSAGES.noStore, { cause: err });
  }
  const products = new Map(catalogue.products.map((p) => [storeKey(p), p] as const));
  const wanted = new Set(chosen.map(keyOf));
  if ([...wanted].some((key) => !products.has(key)))
    throw new AppError('unprocessable', LISTING_MESSAGES.unknownProduct);

  const integrationId = catalogue.store.integrationId;
  for (const listing of await listingsOf(deps, merchant.id)) {
    if (listing.integrationId === integrationId && wanted.has(keyOf(listing))) continue;
    if (listing.stripeProductId) {
      try {
        await stripeStorefront.unpublishProduct(platformContext(deps), account, listing.stripeProductId);
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        deps.engine.logger.warn(
          { err, listingId: listing.id },
          'could not take a storefront product off sale',
        );
      }
    }
    await deps.db
      .delete(storefrontListings)
      .where(and(eq(storefrontListings.id, listing.id), eq(storefrontListings.merchantId, merchant.id)));
  }
  for (const key of wanted) {
    const product = products.get(key)!;
    const [listing] = await deps.db
      .insert(storefrontListings)
      .values({
        merchantId: merchant.id,
        integrationId,
        productId: product.id,
        variantId: product.variantId,
        sku: product.sku,
        name: product.name,
      })
      .onConflictDoUpdate({
        target: [
          storefrontListings.merchantId,
          storefrontListings.integrationId,
          storefrontListings.productId,
          storefrontListings.variantId,
        ],
        set: { name: product.name, sku: product.sku },
      })
      .returning();
    await publish(deps, account, listing!, product);
  }
  return getStorefrontListings(deps, merchant);
}
