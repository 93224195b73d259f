import { and, eq, lt } from 'drizzle-orm';
import { checkouts, merchants, type Checkout } from '../../db/schema/index';
import { deliverOrder, storeDeadline, type EngineDeps } from './confirm-checkout';
import { merchantCardAccount } from './merchant-accounts';
import { recordPaymentSuccess, releaseClaim } from './settlement';

/**
 * Resolves card checkouts whose confirm died between the claim and the record: the provider is asked
 * for the PaymentIntent tagged with the checkout id. Paid -> settled through the same exactly-once path
 * as a confirm (the order goes to the outbox; the agent's next confirm answers ACCEPTED). Never charged,
 * or not paid -> released, so the agent can confirm again (the retry replays any earlier attempt, since
 * the checkout id is the charge's idempotency key). Still processing at the provider -> the next run.
 */
export async function recoverStaleCardCheckouts(deps: EngineDeps) {
  // How long a confirm may hold a card checkout in PROCESSING before it counts as abandoned (its
  // process died): 3 minutes by default (CONFIRM_LEASE_SECONDS). A live confirm is done in well under a
  // minute (store and provider calls time out at 10 s), and Stripe's search index shows a charge within
  // about a minute, so after this the provider's answer is the truth.
  const leaseStart = new Date(deps.runtime.clock.now().getTime() - deps.runtime.leases.confirmLeaseMs);
  const stale = await deps.db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.status, 'PROCESSING'), lt(checkouts.updatedAt, leaseStart)))
    .limit(200);
  for (const checkout of stale) {
    try {
      await recoverCheckout(deps, checkout, leaseStart);
    } catch (err) {
      deps.runtime.logger.warn({ err, checkoutId: checkout.id }, 'stale checkout recovery failed');
    }
  }
}

async function recoverCheckout(deps: EngineDeps, checkout: Checkout, leaseStart: Date) {
  const [merchant] = await deps.db.select().from(merchants).where(eq(merchants.id, checkout.merchantId));
  const card = await merchantCardAccount(deps, merchant!);
  const payment = await card.provider.findPaymentByMetadata(card.ctx, 'checkout_id', checkout.id);
  if (payment?.status === 'processing') return;
  if (payment?.status !== 'succeeded') {
    deps.runtime.logger.info(
      { checkoutId: checkout.id, providerStatus: payment?.providerStatus ?? null },
      'released a card checkout whose confirm was interrupted before it was paid',
    );
    return releaseClaim(deps, checkout.id, leaseStart);
  }
  if (payment.amountMinor !== checkout.amountMinor || payment.currency !== checkout.currency) {
    deps.runtime.logger.error(
      { checkoutId: checkout.id, paymentId: payment.id },
      'a payment tagged with this checkout does not match its total; left for review',
    );
    return;
  }
  const order = await recordPaymentSuccess(deps, checkout.id, ['PROCESSING'], payment);
  if (order) await deliverOrder(deps, order, storeDeadline(deps));
}
