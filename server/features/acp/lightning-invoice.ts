import { eq } from 'drizzle-orm';
import {
  acpSessions,
  checkouts,
  type AcpSession,
  type Merchant,
  type Offer,
  type Order,
} from '../../db/schema/index';
import {
  CommerceError,
  confirmCheckout,
  createCheckout,
  recordPaymentFailure,
  paymentWebhookUrl,
} from '../commerce';
import type { AcpDeps } from './acp-deps';
import { toEngineBuyer } from './engine-buyer';
import { sessionTotals } from './session-pricing';

/** An invoice this close to expiry is replaced rather than handed to an agent that still has to pay it. */
const MIN_INVOICE_LIFE_MS = 2 * 60 * 1000;

/**
 * Makes sure a ready session of a Bitcoin-enabled merchant carries a payable Lightning invoice for its
 * current total (an engine checkout in PENDING_PAYMENT, so settlement is the engine's: webhook, agent
 * poll or background job, exactly once). A replaced invoice is withdrawn, so only the session's current
 * invoice can become an order.
 */
export async function refreshLightningInvoice(
  deps: AcpDeps,
  merchant: Merchant,
  session: AcpSession,
  offer: Offer,
) {
  if (!merchant.btcEnabled || !merchant.btcProvider) return;
  const buyer = toEngineBuyer(session);
  if (!buyer || !session.selectedOptionId) return;
  const { total } = sessionTotals(session.pricedItems, offer, session.selectedOptionId);
  const now = deps.clock.now();
  if (session.checkoutId) {
    const [current] = await deps.db.select().from(checkouts).where(eq(checkouts.id, session.checkoutId));
    const stillGood =
      current?.method === 'btc' &&
      current.status === 'PENDING_PAYMENT' &&
      current.amountMinor === total &&
      current.shippingOption.id === session.selectedOptionId &&
      current.expiresAt.getTime() - now.getTime() > MIN_INVOICE_LIFE_MS &&
      sameItems(current.items, session.pricedItems);
    if (stillGood) return;
  }
  try {
    const { checkout } = await createCheckout(deps, merchant, {
      offerId: offer.id,
      shippingOptionId: session.selectedOptionId,
      buyer,
      payment: { method: 'btc', amount: total, currency: offer.currency },
      callbackUrl: (provider) => paymentWebhookUrl(deps.publicUrl, provider, merchant.id),
    });
    await deps.db
      .update(acpSessions)
      .set({ checkoutId: checkout.id, updatedAt: now })
      .where(eq(acpSessions.id, session.id));
    if (session.checkoutId) await withdrawInvoice(deps, session.checkoutId, 'replaced by a new invoice');
  } catch (err) {
    // The card handler still works; the agent sees no invoice until the provider answers again.
    if (!(err instanceof CommerceError)) throw err;
    deps.logger.warn(
      { err, sessionId: session.id },
      'could not create a Lightning invoice for an ACP session',
    );
  }
}

const sameItems = (a: { sku: string; quantity: number }[], b: { sku: string; quantity: number }[]) =>
  a.length === b.length && a.every((item, i) => item.sku === b[i]!.sku && item.quantity === b[i]!.quantity);

/**
 * Ends an open Lightning checkout so it can no longer become an order. The provider's invoice cannot be
 * cancelled, so a buyer could still pay it: the engine's late-payment check then marks that payment
 * needs_review for the merchant to refund, as with any payment after expiry.
 */
export async function withdrawInvoice(deps: AcpDeps, checkoutId: string, reason: string) {
  await recordPaymentFailure(deps, checkoutId, ['PENDING_PAYMENT'], {
    checkoutStatus: 'EXPIRED',
    paymentStatus: 'expired',
    reason: `invoice withdrawn: ${reason}`,
  });
}

/**
 * Before a session is paid another way, its open invoice is settled if the buyer already paid it (so
 * the session completes with that payment and nothing is charged twice), and withdrawn otherwise.
 */
export async function settleOrWithdrawInvoice(
  deps: AcpDeps,
  merchant: Merchant,
  checkoutId: string,
): Promise<Order | null> {
  try {
    const result = await confirmCheckout(deps, merchant, checkoutId);
    if (result.status === 'ACCEPTED') return result.order;
  } catch (err) {
    if (!(err instanceof CommerceError)) throw err;
  }
  await withdrawInvoice(deps, checkoutId, 'the session is being paid by card');
  return null;
}
