import { isDomestic, shippingQuotes } from '#common/domain/shipping';
import type { Currency } from '#common/domain/currencies';
import { offers, type Destination, type Merchant, type Offer, type OfferItem } from '../../db/schema/index';

type NewOffer = typeof offers.$inferInsert & { id: string };
import type { Db } from '../../db/client';
import { groupInsert } from '../../lib/group-insert';
import { publicId } from '../../lib/ids';
import { CommerceError } from './commerce-error';
import { merchantStore, type CommerceDeps } from './merchant-accounts';
import { itemsSubtotal, priceFromStore } from './pricing';

export const OFFER_TTL_MS = 15 * 60 * 1000;

/**
 * Where the agent asked (common/domain/sales-channel) and which agent, as the caller's surface knows
 * it. The engine only stores it on the offer; a trigger copies it to the checkout and the order.
 */
export interface SalesOrigin {
  channel: string;
  agent: string | null;
  /** Set only by the merchant's own test tools: the sale is a test, kept apart from business (ADR 043). */
  test?: boolean;
}

/** Prices the basket from the store, adds the shipping options for the destination, and keeps it 15 minutes. */
export async function createOffer(
  deps: CommerceDeps,
  merchant: Merchant,
  input: {
    items: { sku: string; quantity: number }[];
    destination: { country: string; postalCode: string };
    currency: string | null;
    origin: SalesOrigin;
  },
): Promise<Offer> {
  const store = await merchantStore(deps, merchant);
  const { items, currency } = await priceFromStore(
    store,
    input.items,
    merchant.defaultCurrency,
    deps.caches.catalogue,
  );
  if (input.currency && input.currency !== currency) {
    throw new CommerceError(
      'invalid_request',
      `This store sells in ${currency}; currency ${input.currency} is not available`,
      {
        currency: input.currency,
      },
    );
  }
  return saveOffer(deps, merchant, { items, currency, destination: input.destination, origin: input.origin });
}

/** Stores priced items as an offer with the shipping options for the destination, valid 15 minutes. */
export async function saveOffer(
  deps: CommerceDeps,
  merchant: Merchant,
  input: { items: OfferItem[]; currency: string; destination: Destination; origin: SalesOrigin },
): Promise<Offer> {
  const { items, currency } = input;
  const now = deps.clock.now();
  const shippingOptions = shippingQuotes(
    currency as Currency,
    isDomestic(merchant.region, input.destination.country),
  );
  return offerWriter(deps.db)({
    id: publicId('ofr'),
    merchantId: merchant.id,
    items,
    currency,
    subtotalMinor: itemsSubtotal(items),
    shippingOptions,
    destination: input.destination,
    expiresAt: new Date(now.getTime() + OFFER_TTL_MS),
    channel: input.origin.channel,
    agent: input.origin.agent,
    test: input.origin.test ?? false,
    createdAt: now,
  });
}

/** Offers are written in groups (lib/group-insert): a burst of agents costs one insert, not one each. */
const writers = new WeakMap<Db, (row: NewOffer) => Promise<Offer>>();
function offerWriter(db: Db) {
  let write = writers.get(db);
  if (!write) {
    write = groupInsert<NewOffer, Offer>((rows) => db.insert(offers).values(rows).returning());
    writers.set(db, write);
  }
  return write;
}
