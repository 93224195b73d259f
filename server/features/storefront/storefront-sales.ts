import { and, asc, eq } from 'drizzle-orm';
import { STOREFRONT_CHANNEL } from '#common/domain/sales-channel';
import { merchants, storefrontListings, type Merchant, type Order } from '../../db/schema/index';
import { paymentMethodName } from '../../integrations/payments/registry';
import { recordExternalSale, type EngineDeps } from '../commerce';

/** A paid Checkout Session on a merchant's connected account, as the storefront adapter reads it. */
export interface PaidSession {
  id: string;
  amountTotal: number | null;
  currency: string | null;
  priceId: string | null;
  productName: string | null;
  quantity: number;
  paymentIntentId: string | null;
  buyer: { email: string | null; name: string | null };
}

/**
 * The merchant a storefront sale on a connected Stripe account belongs to. More than one merchant can
 * connect the same account (the sandbox's one Stripe key; two AgentCart accounts of one business), so
 * the sold price decides first: the merchant who published it to the storefront. A price no merchant
 * published (a product made in Stripe itself) belongs to the account's longest-standing merchant: the
 * same one every time, never whichever row the database happens to return.
 */
export async function merchantOfSale(
  deps: Pick<EngineDeps, 'db'>,
  accountId: string,
  priceId: string | null,
): Promise<Merchant | null> {
  if (priceId) {
    const [publisher] = await deps.db
      .select({ merchant: merchants })
      .from(storefrontListings)
      .innerJoin(merchants, eq(merchants.id, storefrontListings.merchantId))
      .where(and(eq(storefrontListings.stripePriceId, priceId), eq(merchants.stripeAccountId, accountId)))
      .limit(1);
    if (publisher) return publisher.merchant;
  }
  const [first] = await deps.db
    .select()
    .from(merchants)
    .where(eq(merchants.stripeAccountId, accountId))
    .orderBy(asc(merchants.createdAt), asc(merchants.id))
    .limit(1);
  return first ?? null;
}

/**
 * The line the sale sold: the published listing's store product when the price is one the merchant
 * published (so the store gets its own product), else the Stripe product as the session named it.
 */
async function saleItem(deps: EngineDeps, merchant: Merchant, session: PaidSession, total: number) {
  const [listing] = session.priceId
    ? await deps.db
        .select()
        .from(storefrontListings)
        .where(
          and(
            eq(storefrontListings.merchantId, merchant.id),
            eq(storefrontListings.stripePriceId, session.priceId),
          ),
        )
        .limit(1)
    : [];
  return {
    sku: listing?.sku ?? '',
    productId: listing?.productId ?? session.priceId ?? session.id,
    variantId: listing?.variantId ?? null,
    name: listing?.name ?? session.productName ?? 'Storefront purchase',
    quantity: session.quantity,
    unitPriceMinor: Math.round(total / session.quantity),
  };
}

/**
 * Records a paid storefront session as the merchant's order and payment (channel "storefront"), exactly
 * once: the Connect webhook and the buyer's return both call this, and recordExternalSale keys the sale
 * on the session id.
 */
export async function recordStorefrontSale(
  deps: EngineDeps,
  merchant: Merchant,
  accountId: string,
  session: PaidSession,
): Promise<Order> {
  const total = session.amountTotal ?? 0;
  const currency = (session.currency ?? '').toUpperCase();
  const paymentId = session.paymentIntentId ?? session.id;
  return recordExternalSale(deps, {
    merchant,
    reference: session.id,
    channel: STOREFRONT_CHANNEL,
    method: paymentMethodName('stripe'),
    provider: 'stripe',
    providerAccountId: accountId,
    items: [await saleItem(deps, merchant, session, total)],
    buyer: {
      name: session.buyer.name ?? session.buyer.email ?? 'Storefront buyer',
      email: session.buyer.email ?? '',
      address: { line1: '', city: '', postalCode: '', country: '' },
    },
    payment: {
      id: paymentId,
      status: 'succeeded',
      providerStatus: 'paid',
      amountMinor: total,
      currency,
      lightning: null,
      failureMessage: null,
      raw: { checkout_session: session.id, payment_intent: session.paymentIntentId },
    },
  });
}

/**
 * What the buyer is told their order is: the store's order number (or id, for a store that numbers
 * orders by id) once written, else the start of ours until the store has it.
 */
export const orderNumberOf = (order: Order) =>
  order.storeOrderNumber ?? order.storeOrderId ?? order.id.slice(0, 8).toUpperCase();
