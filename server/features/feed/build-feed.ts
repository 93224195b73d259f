import type { FeedProblem, FeedProduct, FeedProductCheck, FeedStatus, FeedVariant } from '#common/api/feed';
import type { StoreProduct } from '../../integrations/stores/store-platform';

/** Agents index a description up to this length (the common feed limit); longer ones are cut. */
export const DESCRIPTION_LIMIT = 5000;
/** Products built between yields to the event loop, so a large catalogue never holds the server up. */
const PRODUCTS_PER_SLICE = 100;

export interface FeedSource {
  items: StoreProduct[];
  /** Written as every variant's seller. */
  sellerName: string;
  /** The currency of items whose store does not say one (the merchant's). */
  fallbackCurrency: string;
}

export interface BuiltProduct {
  check: FeedProductCheck;
  /** What an agent receives: the product with its variants that are not blocked, or null. */
  record: FeedProduct | null;
}

export interface BuiltFeed {
  currency: string | null;
  products: BuiltProduct[];
}

const RANK: Record<FeedStatus, number> = { ready: 0, warning: 1, blocked: 2 };
const worst = (statuses: FeedStatus[]): FeedStatus =>
  statuses.reduce<FeedStatus>((a, b) => (RANK[b] > RANK[a] ? b : a), 'ready');

const BLOCKING = new Set<FeedProblem['code']>([
  'no_price',
  'no_sku',
  'duplicate_variant_id',
  'currency_not_store',
]);

/**
 * An https address with only the characters a URI may hold, so that it passes the feed's `format: uri`.
 * A pattern, not `new URL`: it runs for every image of 10,000 variants, and parsing is the costlier half.
 */
const HTTPS_URI = /^https:\/\/[^\s"<>\\^`{|}]+$/i;
const isHttps = (url: string) => HTTPS_URI.test(url);

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The currency most of the store's priced items are in: the one an agent's checkout will charge. */
function storeCurrencyOf(source: FeedSource): string | null {
  const tally = new Map<string, number>();
  for (const item of source.items) {
    if (item.priceMinor === null) continue;
    const currency = (item.currency ?? source.fallbackCurrency).toUpperCase();
    tally.set(currency, (tally.get(currency) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [currency, count] of tally) if (best === null || count > tally.get(best)!) best = currency;
  return best;
}

/** Every problem of one sellable item, in the words the Product feed screen shows. */
function problemsOf(
  item: StoreProduct,
  ctx: { storeCurrency: string | null; duplicateSkus: Set<string>; fallbackCurrency: string },
): FeedProblem[] {
  const problems: FeedProblem[] = [];
  const add = (code: FeedProblem['code'], message: string) => problems.push({ code, message });
  const currency = (item.currency ?? ctx.fallbackCurrency).toUpperCase();
  if (item.priceMinor === null)
    add('no_price', 'No price in your store, so agents cannot sell it. Set a price to include it.');
  else if (ctx.storeCurrency && currency !== ctx.storeCurrency)
    add(
      'currency_not_store',
      `Priced in ${currency}, but your store sells in ${ctx.storeCurrency}. Agents can only buy in ${ctx.storeCurrency}.`,
    );
  if (!item.sku) add('no_sku', 'No SKU. Agents buy by SKU, so give it one in your store to include it.');
  else if (ctx.duplicateSkus.has(item.sku))
    add(
      'duplicate_variant_id',
      `SKU ${item.sku} is used by more than one product, so agents cannot tell them apart. Give each its own SKU.`,
    );
  if (item.imageUrls.length === 0)
    add('no_image', 'No image. Agents show products with a picture first; add one in your store.');
  else if (!item.imageUrls.some(isHttps))
    add(
      'image_not_https',
      'Its images are not on a secure (https) address, so agents will not show them. Serve them over https.',
    );
  if ((item.description?.length ?? 0) > DESCRIPTION_LIMIT)
    add(
      'description_too_long',
      `The description is longer than ${DESCRIPTION_LIMIT.toLocaleString('en-GB')} characters; agents see only the first ${DESCRIPTION_LIMIT.toLocaleString('en-GB')}.`,
    );
  if (item.inStock && item.stockQuantity !== null && item.stockQuantity <= 0)
    add(
      'out_of_stock_marked_available',
      'Your store marks it in stock with 0 left. The feed shows it out of stock, as checkout would refuse it.',
    );
  return problems;
}

const statusOf = (problems: FeedProblem[]): FeedStatus =>
  problems.some((p) => BLOCKING.has(p.code)) ? 'blocked' : problems.length ? 'warning' : 'ready';

const description = (text: string | null) =>
  text ? { description: { plain: text.slice(0, DESCRIPTION_LIMIT) } } : {};
const mediaOf = (urls: string[]) => {
  const secure = urls.filter(isHttps);
  return secure.length ? { media: secure.map((url) => ({ type: 'image' as const, url })) } : {};
};
const urlOf = (url: string | null) => (url && isHttps(url) ? { url } : {});

/** A sellable item as an ACP feed Variant. No buyer data exists at this point, so none can enter. */
function toVariant(item: StoreProduct, source: FeedSource): FeedVariant {
  const available = item.inStock && (item.stockQuantity === null || item.stockQuantity > 0);
  return {
    id: item.sku!,
    title: item.name,
    ...description(item.description),
    ...urlOf(item.url),
    ...(item.barcode ? { barcodes: [{ type: 'GTIN', value: item.barcode }] } : {}),
    price: {
      amount: item.priceMinor!,
      currency: (item.currency ?? source.fallbackCurrency).toUpperCase(),
    },
    availability: { available, status: available ? 'in_stock' : 'out_of_stock' },
    ...(item.categories?.length
      ? { categories: [{ value: item.categories.join(' > '), taxonomy: 'merchant' as const }] }
      : {}),
    ...(item.options?.length ? { variant_options: item.options } : {}),
    ...mediaOf(item.imageUrls),
    seller: { name: source.sellerName },
  };
}

function buildProduct(items: StoreProduct[], source: FeedSource, ctx: Parameters<typeof problemsOf>[1]) {
  const first = items[0]!;
  const title = first.productName ?? first.name;
  const variants = items.map((item) => {
    const problems = problemsOf(item, ctx);
    return { item, problems, status: statusOf(problems) };
  });
  const sent = variants.filter((v) => v.status !== 'blocked');
  const productProblems = [
    ...new Map(variants.flatMap((v) => v.problems).map((p) => [p.code, p] as const)).values(),
  ];
  const check: FeedProductCheck = {
    productId: first.id,
    title,
    status: sent.length === 0 ? 'blocked' : worst(variants.map((v) => v.status)),
    problems: productProblems,
    storeUrl: first.url,
    variants: variants.map((v) => ({
      storeVariantId: v.item.variantId,
      sku: v.item.sku,
      title: v.item.name,
      status: v.status,
      problems: v.problems,
    })),
  };
  const record: FeedProduct | null = sent.length
    ? {
        id: first.id,
        title,
        ...description(first.description),
        ...urlOf(first.url),
        ...mediaOf(first.imageUrls),
        variants: sent.map((v) => toVariant(v.item, source)),
      }
    : null;
  return { check, record };
}

/**
 * The merchant's feed from the selling store's catalogue: one ACP Product per store product, its
 * variants keyed by SKU (the id checkout accepts, so no mapping is needed), each checked. Blocked
 * variants stay out of the record; warned ones go out as the store has them. Builds a slice of products
 * at a time and yields between slices, so 10,000 variants never hold the event loop for long.
 */
export async function buildFeed(source: FeedSource): Promise<BuiltFeed> {
  const bySku = new Map<string, number>();
  for (const item of source.items) if (item.sku) bySku.set(item.sku, (bySku.get(item.sku) ?? 0) + 1);
  const ctx = {
    storeCurrency: storeCurrencyOf(source),
    duplicateSkus: new Set([...bySku].filter(([, n]) => n > 1).map(([sku]) => sku)),
    fallbackCurrency: source.fallbackCurrency,
  };
  const groups = new Map<string, StoreProduct[]>();
  for (const item of source.items) {
    const group = groups.get(item.id);
    if (group) group.push(item);
    else groups.set(item.id, [item]);
  }
  const products: BuiltProduct[] = [];
  let built = 0;
  for (const items of groups.values()) {
    products.push(buildProduct(items, source, ctx));
    if (++built % PRODUCTS_PER_SLICE === 0) await yieldToEventLoop();
  }
  return { currency: ctx.storeCurrency, products };
}
