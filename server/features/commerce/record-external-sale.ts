import { eq } from 'drizzle-orm';
import {
  checkouts,
  offers,
  orders,
  payments,
  type Buyer,
  type Merchant,
  type OfferItem,
  type Order,
} from '../../db/schema/index';
import type { ProviderPayment } from '../../integrations/payments/payment-provider';
import { deliverOrder, storeDeadline, type EngineDeps } from './confirm-checkout';
import { recordPaymentSuccess } from './settlement';

/** A sale paid somewhere other than the agent API (the storefront's Stripe Checkout), already paid. */
export interface ExternalSale {
  merchant: Merchant;
  /** The provider's id of the sale (a Checkout Session id): the same sale always has the same reference. */
  reference: string;
  /** The sales channel its offer, checkout and order carry (common/domain/sales-channel). */
  channel: string;
  /** The payments-history method and provider of its payment. */
  method: string;
  provider: string;
  /** The provider account the sale was paid on (Stripe acct_…): its refunds go there (ADR 059). */
  providerAccountId: string | null;
  items: OfferItem[];
  buyer: Buyer;
  /** The provider's succeeded payment: its amount and currency are the sale's total. */
  payment: ProviderPayment;
}

/** How long the recorded checkout stays open: only the settlement right after its insert moves it. */
const OPEN_FOR_MS = 24 * 60 * 60 * 1000;

/**
 * Records a sale paid outside the agent API as the merchant's offer, checkout, payment and order, exactly
 * once however often it is reported (a Stripe webhook and the buyer's return both do, and Stripe
 * redelivers): the rows' ids come from the sale's reference, so a second report inserts nothing, and the
 * order is created by the same compare-and-set settlement as an agent's confirm
 * (settlement.recordPaymentSuccess), then written to the store by the same delivery and store-write job.
 * The database's triggers count it in analytics and publish it as an engine event (webhooks,
 * notifications) like any order. Returns the sale's order.
 */
export async function recordExternalSale(deps: EngineDeps, sale: ExternalSale): Promise<Order> {
  const now = deps.clock.now();
  const offerId = `ofr_${sale.reference}`;
  const checkoutId = `chk_${sale.reference}`;
  const { amountMinor, currency } = sale.payment;
  const shippingOption = { id: 'none', label: 'Arranged by the store', priceMinor: 0, eta: '' };
  // Together or not at all; a report of a sale already recorded inserts nothing.
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(offers)
      .values({
        id: offerId,
        merchantId: sale.merchant.id,
        items: sale.items,
        currency,
        subtotalMinor: amountMinor,
        shippingOptions: [shippingOption],
        destination: { country: sale.buyer.address.country, postalCode: sale.buyer.address.postalCode },
        expiresAt: now,
        channel: sale.channel,
      })
      .onConflictDoNothing();
    await tx
      .insert(checkouts)
      .values({
        id: checkoutId,
        merchantId: sale.merchant.id,
        offerId,
        status: 'PENDING',
        method: 'card',
        provider: sale.provider,
        items: sale.items,
        shippingOption,
        buyer: sale.buyer,
        amountMinor,
        currency,
        expiresAt: new Date(now.getTime() + OPEN_FOR_MS),
      })
      .onConflictDoNothing();
    await tx
      .insert(payments)
      .values({
        checkoutId,
        merchantId: sale.merchant.id,
        method: sale.method,
        provider: sale.provider,
        providerAccountId: sale.providerAccountId,
        status: 'pending',
        amountMinor,
        currency,
      })
      .onConflictDoNothing();
  });

  const order = await recordPaymentSuccess(deps, checkoutId, ['PENDING'], sale.payment);
  if (order) {
    const [recorded] = await deps.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    return deliverOrder(
      deps,
      { order, checkout: recorded!, merchant: sale.merchant, transactionId: sale.payment.id },
      storeDeadline(deps),
    );
  }
  const [existing] = await deps.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
  return existing!;
}
