import type { FeedPreview, FeedStatus } from '#common/api/feed';
import { FEED_PAGE_SIZE } from '#common/api/feed';
import type { Merchant } from '../../db/schema/index';
import { ProviderError } from '../../integrations/http';
import { AppError } from '../../lib/app-error';
import { TtlCache } from '../../lib/ttl-cache';
import { CommerceError, merchantStore, readCatalogue, type EngineDeps } from '../commerce';
import { buildFeed, type BuiltFeed } from './build-feed';

/** The largest catalogue a feed is built from: far past the 10,000 variants the bench measures. */
export const FEED_ITEM_LIMIT = 50_000;
/** A built feed is reused this long: paging and searching the preview must not re-read the store. */
const BUILT_FEED_TTL_MS = 60_000;

export const FEED_MESSAGES = {
  noStore: 'Connect your store to build your product feed.',
  productNotFound: 'This product is not in your feed. Refresh the list.',
} as const;

export interface FeedDeps {
  engine: EngineDeps;
  /** Built feeds per merchant, one cache per app. */
  built: TtlCache<{ feed: BuiltFeed; at: Date }>;
}

export const createFeedDeps = (engine: EngineDeps): FeedDeps => ({
  engine,
  built: new TtlCache({ ttlMs: BUILT_FEED_TTL_MS, max: 200 }),
});

/** Builds the merchant's feed from its selling store now, whatever the cache holds. */
export async function buildMerchantFeed(
  deps: Pick<FeedDeps, 'engine'>,
  merchant: Merchant,
): Promise<BuiltFeed> {
  const store = await merchantStore(deps.engine, merchant);
  const items = await readCatalogue(store, { limit: FEED_ITEM_LIMIT, expandVariants: true });
  return buildFeed({ items, sellerName: merchant.name, fallbackCurrency: merchant.defaultCurrency });
}

/** The merchant's feed, built at most once a minute; `fresh` rebuilds it (Refresh, Push now). */
export async function merchantFeed(
  deps: FeedDeps,
  merchant: Merchant,
  opts: { fresh?: boolean } = {},
): Promise<{ feed: BuiltFeed; at: Date }> {
  if (opts.fresh) deps.built.invalidate(merchant.id);
  return deps.built.getOrLoad(merchant.id, async () => ({
    feed: await buildMerchantFeed(deps, merchant),
    at: deps.engine.clock.now(),
  }));
}

/** Why a feed cannot be built, as the merchant reads it; anything else is not ours to word. */
export function storeProblemOf(err: unknown): string | null {
  if (err instanceof ProviderError) return err.message;
  if (err instanceof CommerceError && err.code === 'not_configured') return FEED_MESSAGES.noStore;
  return null;
}

const emptyCounts = () => ({ ready: 0, warning: 0, blocked: 0 });

/** The Product feed screen: counts per status, then one page of products filtered and searched. */
export async function previewFeed(
  deps: FeedDeps,
  merchant: Merchant,
  query: { status?: FeedStatus; q?: string; page: number; fresh?: boolean },
): Promise<FeedPreview> {
  let built: { feed: BuiltFeed; at: Date };
  try {
    built = await merchantFeed(deps, merchant, { fresh: query.fresh });
  } catch (err) {
    const storeProblem = storeProblemOf(err);
    if (!storeProblem) throw err;
    const counts = { products: emptyCounts(), variants: emptyCounts() };
    return {
      storeProblem,
      currency: null,
      counts,
      builtAt: null,
      products: [],
      page: 1,
      pageCount: 0,
      total: 0,
    };
  }
  const counts = { products: emptyCounts(), variants: emptyCounts() };
  for (const { check } of built.feed.products) {
    counts.products[check.status]++;
    for (const variant of check.variants) counts.variants[variant.status]++;
  }
  const needle = query.q?.toLowerCase();
  const matching = built.feed.products.filter(
    ({ check }) =>
      (!query.status ||
        check.status === query.status ||
        check.variants.some((v) => v.status === query.status)) &&
      (!needle ||
        check.title.toLowerCase().includes(needle) ||
        check.productId.toLowerCase() === needle ||
        check.variants.some((v) => v.sku?.toLowerCase().includes(needle))),
  );
  const pageCount = Math.ceil(matching.length / FEED_PAGE_SIZE);
  const page = Math.min(query.page, Math.max(pageCount, 1));
  return {
    storeProblem: null,
    currency: built.feed.currency,
    counts,
    builtAt: built.at.toISOString(),
    products: matching.slice((page - 1) * FEED_PAGE_SIZE, page * FEED_PAGE_SIZE).map((p) => p.check),
    page,
    pageCount,
    total: matching.length,
  };
}

/** One product as the preview shows it, with the exact JSON an agent receives. */
export async function feedProductView(deps: FeedDeps, merchant: Merchant, productId: string) {
  let built: { feed: BuiltFeed };
  try {
    built = await merchantFeed(deps, merchant);
  } catch (err) {
    const storeProblem = storeProblemOf(err);
    if (storeProblem) throw new AppError('unprocessable', storeProblem, { cause: err });
    throw err;
  }
  const product = built.feed.products.find((p) => p.check.productId === productId);
  if (!product) throw new AppError('not_found', FEED_MESSAGES.productNotFound);
  return product;
}
