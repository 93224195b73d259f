import type {
  AcpFulfillment,
  AcpItemIssue,
  AcpRequestedItem,
  Merchant,
  Offer,
  OfferItem,
} from '../../db/schema/index';
import {
  saveOffer,
  merchantStore,
  type CommerceDeps,
  itemsSubtotal,
  priceBasket,
  type BasketProblem,
  type SalesOrigin,
} from '../commerce';
import { AcpError } from './acp-error';

export interface SessionPricing {
  currency: string;
  pricedItems: OfferItem[];
  itemIssues: AcpItemIssue[];
  /** Present once the basket is sellable and the address is known: prices plus shipping options. */
  offer: Offer | null;
  selectedOptionId: string | null;
}

const ISSUE_OF: Record<BasketProblem, AcpItemIssue['problem']> = {
  unknown_sku: 'unknown_item',
  not_for_sale: 'not_for_sale',
  out_of_stock: 'out_of_stock',
};

/**
 * Prices a session's items from the merchant's store (the store is the authority). Items that cannot be
 * sold become issues the agent sees as messages rather than failing the request; once everything can be
 * sold and the address is known, the prices and shipping options are kept as an engine offer, which is
 * what a completion later charges.
 */
export async function priceSession(
  deps: CommerceDeps,
  merchant: Merchant,
  input: {
    items: AcpRequestedItem[];
    fulfillment: AcpFulfillment | null;
    /** The option the agent picked (validated), or the one picked before (kept when still offered). */
    requestedOptionId: string | null;
    previousOptionId: string | null;
    requestedCurrency: string | null;
    /** The session's protocol version as channel, and the agent of the request that priced it. */
    origin: SalesOrigin;
  },
): Promise<SessionPricing> {
  const itemIssues: AcpItemIssue[] = [];
  const sellable: { sku: string; quantity: number }[] = [];
  input.items.forEach((item, index) => {
    if (Number.isInteger(item.quantity) && item.quantity >= 1)
      sellable.push({ sku: item.id, quantity: item.quantity });
    else itemIssues.push({ index, id: item.id, problem: 'invalid_quantity' });
  });
  const store = await merchantStore(deps, merchant);
  const basket = await priceBasket(store, sellable, merchant.defaultCurrency, deps.caches.catalogue);
  for (const { sku, problem } of basket.problems) {
    input.items.forEach((item, index) => {
      if (item.id === sku && !itemIssues.some((i) => i.index === index)) {
        itemIssues.push({ index, id: sku, problem: ISSUE_OF[problem] });
      }
    });
  }
  itemIssues.sort((a, b) => a.index - b.index);
  if (input.requestedCurrency && input.requestedCurrency.toUpperCase() !== basket.currency) {
    throw new AcpError(
      400,
      'unsupported_currency',
      `This store sells in ${basket.currency.toLowerCase()}; ${input.requestedCurrency} is not available`,
      { param: '$.currency' },
    );
  }

  const address = input.fulfillment?.address;
  if (!address || itemIssues.length > 0 || basket.items.length === 0) {
    if (input.requestedOptionId) {
      throw new AcpError(
        400,
        'invalid_request',
        'Shipping options are available once the address is known and every item can be sold',
        {
          param: '$.fulfillment_option_id',
        },
      );
    }
    return {
      currency: basket.currency,
      pricedItems: basket.items,
      itemIssues,
      offer: null,
      selectedOptionId: null,
    };
  }
  const offer = await saveOffer(deps, merchant, {
    items: basket.items,
    currency: basket.currency,
    destination: { country: address.country, postalCode: address.postalCode },
    origin: input.origin,
  });
  const offered = (id: string | null) => (id && offer.shippingOptions.some((o) => o.id === id) ? id : null);
  if (input.requestedOptionId && !offered(input.requestedOptionId)) {
    throw new AcpError(
      400,
      'invalid_fulfillment_option',
      `Unknown fulfillment option ${input.requestedOptionId}`,
      {
        param: '$.fulfillment_option_id',
      },
    );
  }
  return {
    currency: basket.currency,
    pricedItems: basket.items,
    itemIssues,
    offer,
    selectedOptionId:
      offered(input.requestedOptionId) ?? offered(input.previousOptionId) ?? offer.shippingOptions[0]!.id,
  };
}

/** What the buyer pays for a priced session: items plus the chosen shipping (tax is included in prices). */
export function sessionTotals(
  pricedItems: OfferItem[],
  offer: Offer | null,
  selectedOptionId: string | null,
) {
  const items = itemsSubtotal(pricedItems);
  const shipping = offer?.shippingOptions.find((o) => o.id === selectedOptionId)?.priceMinor ?? 0;
  return { items, subtotal: items, fulfillment: shipping, tax: 0, total: items + shipping };
}
