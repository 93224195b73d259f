import { isCurrency } from '#common/domain/currencies';
import { ProviderError } from '../../integrations/http';
import type { OfferItem } from '../../db/schema/index';
import type { StoreProduct } from '../../integrations/stores/store-platform';
import type { TtlCache } from '../../lib/ttl-cache';
import { CommerceError } from './commerce-error';
import type { MerchantStore } from './merchant-accounts';

export type BasketProblem = 'unknown_sku' | 'not_for_sale' | 'out_of_stock';

export interface PricedBasket {
  items: OfferItem[];
  /** SKUs that cannot be sold, with the reason; the other items are still priced. */
  problems: { sku: string; problem: BasketProblem }[];
  currency: string;
}

/**
 * Prices a basket from the store's own catalogue (the store is the authority on price and stock). All
 * SKUs are looked up in parallel; any that cannot be sold is reported together in `details.items`.
 */
export async function priceFromStore(
  store: MerchantStore,
  requested: { sku: string; quantity: number }[],
  fallbackCurrency: string,
  /** Offers may use recently read products; a confirm passes none and asks the store afresh. */
  catalogue?: TtlCache<StoreProduct | null>,
): Promise<{ items: OfferItem[]; currency: string }> {
  const { items, problems, currency } = await priceBasket(store, requested, fallbackCurrency, catalogue);
  if (problems.length > 0) {
    throw new CommerceError('invalid_request', 'Some items cannot be sold', { items: problems });
  }
  return { items, currency };
}

/** Like priceFromStore, but items that cannot be sold are listed instead of failing the whole basket. */
export async function priceBasket(
  store: MerchantStore,
  requested: { sku: string; quantity: number }[],
  fallbackCurrency: string,
  catalogue?: TtlCache<StoreProduct | null>,
): Promise<PricedBasket> {
  // Agents asking for the same SKU at once share one call to the store (getOrLoad).
  const lookup = (sku: string) => {
    const find = () => store.adapter.findProductBySku(store.ctx, sku);
    return catalogue ? catalogue.getOrLoad(`${store.integrationId}:${sku}`, find) : find();
  };
  const merged = new Map<string, number>();
  for (const { sku, quantity } of requested) merged.set(sku, (merged.get(sku) ?? 0) + quantity);
  const lookups = await Promise.all(
    [...merged].map(async ([sku, quantity]) => {
      try {
        return { sku, quantity, product: await lookup(sku) };
      } catch (err) {
        if (
          err instanceof ProviderError &&
          (err.kind === 'unavailable' || err.kind === 'malformed_response' || err.kind === 'rate_limited')
        ) {
          throw new CommerceError(
            'store_unavailable',
            'The store is not answering right now. Please try again shortly.',
          );
        }
        throw err;
      }
    }),
  );
  const problems: PricedBasket['problems'] = [];
  const items: OfferItem[] = [];
  const currencies = new Set<string>();
  for (const { sku, quantity, product } of lookups) {
    if (!product) problems.push({ sku, problem: 'unknown_sku' });
    else if (product.priceMinor === null) problems.push({ sku, problem: 'not_for_sale' });
    else if (!product.inStock || (product.stockQuantity !== null && product.stockQuantity < quantity)) {
      problems.push({ sku, problem: 'out_of_stock' });
    } else {
      if (product.currency) currencies.add(product.currency.toUpperCase());
      items.push({
        sku,
        productId: product.id,
        variantId: product.variantId,
        name: product.name,
        quantity,
        unitPriceMinor: product.priceMinor,
      });
    }
  }
  const currency = currencies.size === 1 ? [...currencies][0]! : fallbackCurrency;
  if (currencies.size > 1 || !isCurrency(currency)) {
    throw new CommerceError(
      'invalid_request',
      `The store prices in ${[...currencies].join(', ') || currency}, which is not supported`,
    );
  }
  return { items, problems, currency };
}

export const itemsSubtotal = (items: OfferItem[]) =>
  items.reduce((sum, i) => sum + i.unitPriceMinor * i.quantity, 0);
