import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { buildFeed } from '../../server/features/feed/build-feed';
import type { StoreProduct } from '../../server/integrations/stores/store-platform';

/** Products × variants: the 10,000-variant catalogue issue 26 asks the feed to build without freezing. */
const PRODUCTS = 2_500;
const VARIANTS_PER_PRODUCT = 4;

export interface FeedBenchResult {
  variants: number;
  buildMs: number;
  heapUsedMb: number;
  /** The longest the event loop waited during the build: what every other request waited at worst. */
  eventLoopMaxMs: number;
  jsonlMb: number;
}

/** A catalogue as a store platform adapter lists it, with the odd problem a real store has. */
function catalogue(): StoreProduct[] {
  const items: StoreProduct[] = [];
  for (let p = 0; p < PRODUCTS; p += 1) {
    for (let v = 0; v < VARIANTS_PER_PRODUCT; v += 1) {
      items.push({
        id: String(10_000 + p),
        variantId: String(100_000 + p * VARIANTS_PER_PRODUCT + v),
        sku: p % 97 === 0 && v === 0 ? null : `SKU-${p}-${v}`,
        name: `Product ${p} – Size ${v}`,
        productName: `Product ${p}`,
        description: `A well made product number ${p}. `.repeat(8),
        priceMinor: p % 53 === 0 ? null : 1000 + p,
        currency: 'GBP',
        stockQuantity: (p + v) % 11,
        inStock: true,
        imageUrls: p % 7 === 0 ? [] : [`https://cdn.example/products/${p}/${v}.jpg`],
        url: `https://shop.example/products/${p}?variant=${v}`,
        categories: ['Outdoor', `Range ${p % 20}`],
        options: [{ name: 'Size', value: String(v) }],
        barcode: `50${String(p * 10 + v).padStart(11, '0')}`,
      });
    }
  }
  return items;
}

/** A full collection on demand, so the heap figure is what the built feed holds, not garbage. */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

async function measure(items: StoreProduct[]): Promise<FeedBenchResult> {
  collectGarbage();
  const heapBefore = process.memoryUsage().heapUsed;
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const started = performance.now();
  const feed = await buildFeed({ items, sellerName: 'Bench Outfitters', fallbackCurrency: 'GBP' });
  const buildMs = performance.now() - started;
  delay.disable();
  collectGarbage();
  const heapAfter = process.memoryUsage().heapUsed;
  const jsonl = feed.products
    .filter((p) => p.record)
    .map((p) => JSON.stringify(p.record))
    .join('\n');
  return {
    variants: items.length,
    buildMs: Math.round(buildMs),
    heapUsedMb: Math.round(((heapAfter - heapBefore) / 1024 / 1024) * 10) / 10,
    eventLoopMaxMs: Math.round(delay.max / 1e6),
    jsonlMb: Math.round((Buffer.byteLength(jsonl) / 1024 / 1024) * 10) / 10,
  };
}

/**
 * `npm run bench -- --feed`: builds a 10,000-variant feed five times and reports the first build (a
 * freshly started server: code not yet optimised) and the median of the rest (a server that has built
 * feeds before). Heap is what the built feed holds, measured between full collections.
 */
export async function runFeedBench(): Promise<{ first: FeedBenchResult; warm: FeedBenchResult }> {
  const items = catalogue();
  const runs: FeedBenchResult[] = [];
  for (let i = 0; i < 5; i += 1) runs.push(await measure(items));
  const rest = runs.slice(1).sort((a, b) => a.buildMs - b.buildMs);
  return { first: runs[0]!, warm: rest[Math.floor(rest.length / 2)]! };
}
