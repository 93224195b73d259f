import { getTableColumns, sql } from 'drizzle-orm';
import { isDomestic, shippingQuotes } from '#common/domain/shipping';
import type { Currency } from '#common/domain/currencies';
import type { Db } from '../../db/client';
import { param, preparedQuery } from '../../db/prepared-query';
import { offers, type Destination, type Merchant, type Offer, type OfferItem } from '../../db/schema/index';
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
    countedAt: null,
  });
}

const OFFER_COLUMNS = Object.entries(getTableColumns(offers));

/**
 * Any number of offers in one statement built once per connection: the rows travel as one JSON array
 * named by column, in the order Drizzle names the insert's columns. Drizzle would build a multi-row
 * insert's SQL value by value on every run (5 % of the offer's CPU in the bench's profile), and a new
 * text for every group size. Every column is given, so the row stored is the row sent: nothing comes back.
 */
const insertOffersStatement = preparedQuery((db) =>
  db.insert(offers).select(
    sql`select ${sql.join(
      OFFER_COLUMNS.map(([, column]) => sql.identifier(column.name)),
      sql`, `,
    )} from json_populate_recordset(null::offers, ${param('rows')}::json)`,
  ),
);

const asColumns = (offer: Offer) =>
  Object.fromEntries(OFFER_COLUMNS.map(([key, column]) => [column.name, offer[key as keyof Offer]]));

/** Offers are written in groups (lib/group-insert): a burst of agents costs one insert, not one each. */
const writers = new WeakMap<Db, (row: Offer) => Promise<Offer>>();
function offerWriter(db: Db) {
  let write = writers.get(db);
  if (!write) {
    write = groupInsert<Offer, Offer>(async (rows) => {
      await insertOffersStatement(db).execute({ rows: JSON.stringify(rows.map(asColumns)) });
      return rows;
    });
    writers.set(db, write);
  }
  return write;
}
