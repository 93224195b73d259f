import type { StoreProduct } from '../../integrations/stores/store-platform';
import type { MerchantStore } from './merchant-accounts';

/** Products asked of the store per page: the most every platform's listing gives in one call. */
const PAGE_SIZE = 100;

/**
 * The selling store's catalogue as sellable items, read page by page up to `limit` items: a product
 * with variants is its variants (each with its own SKU, price and stock), whether the platform lists
 * them as items (Shopify) or as a priceless container whose variants are asked for apart (WooCommerce).
 */
export async function readCatalogue(
  store: MerchantStore,
  opts: { limit: number; expandVariants?: boolean },
): Promise<StoreProduct[]> {
  const items: StoreProduct[] = [];
  const perPage = Math.min(PAGE_SIZE, opts.limit);
  for (let page = 1; items.length < opts.limit; page += 1) {
    const listed = await store.adapter.listProducts(store.ctx, { page, perPage });
    for (const product of listed.products) {
      if (opts.expandVariants && product.variantCount && store.adapter.listVariants) {
        items.push(...(await store.adapter.listVariants(store.ctx, product)));
      } else items.push(product);
    }
    if (!listed.hasMore || listed.products.length === 0) break;
  }
  return items.slice(0, opts.limit);
}
