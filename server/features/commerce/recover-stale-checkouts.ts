import { and, eq, lt, or } from 'drizzle-orm';
import { checkouts, merchants, type Checkout } from '../../db/schema/index';
import { holderGone } from '../../jobs/instances';
import { settleWithEarlierCharge, type EngineDeps } from './confirm-checkout';
import { releaseClaim } from './settlement';

/**
 * Resolves card checkouts whose confirm died between the claim and the record: the provider is asked
 * for the PaymentIntent tagged with the checkout id. Paid -> settled through the same exactly-once path
 * as a confirm (the order goes to the outbox; the agent's next confirm answers ACCEPTED). Never charged,
 * or not paid -> released, so the agent can confirm again (the retry replays any earlier attempt, since
 * the checkout id is the charge's idempotency key). Still processing at the provider -> the next run.
 *
 * A claim is taken up once its instance has died (at once), or past its lease whoever holds it. Only
 * the lease releases: a charge made just before the crash may not show in the provider's search yet,
 * and the agent's own retry takes a dead instance's claim over without a release (confirm-checkout.ts).
 */
export async function recoverStaleCardCheckouts(deps: EngineDeps) {
  // How long a confirm may hold a card checkout in PROCESSING before it counts as abandoned (its
  // process died): 3 minutes by default (CONFIRM_LEASE_SECONDS). A live confirm is done in well under a
  // minute (store and provider calls time out at 10 s), and Stripe's search index shows a charge within
  // about a minute, so after this the provider's answer is the truth.
  const leaseStart = new Date(deps.clock.now().getTime() - deps.instance.leases.confirmLeaseMs);
  const stale = await deps.db
    .select()
    .from(checkouts)
    .where(
      and(
        eq(checkouts.status, 'PROCESSING'),
        or(lt(checkouts.updatedAt, leaseStart), holderGone(checkouts.claimedBy)),
      ),
    )
    .limit(200);
  for (const checkout of stale) {
    try {
      await recoverCheckout(deps, checkout, leaseStart);
    } catch (err) {
      deps.logger.warn({ err, checkoutId: checkout.id }, 'stale checkout recovery failed');
    }
  }
}

async function recoverCheckout(deps: EngineDeps, checkout: Checkout, leaseStart: Date) {
  const [merchant] = await deps.db.select().from(merchants).where(eq(merchants.id, checkout.merchantId));
  if ((await settleWithEarlierCharge(deps, merchant!, checkout)) !== 'unpaid') return;
  if (await releaseClaim(deps, checkout.id, { claimedBefore: leaseStart })) {
    deps.logger.info(
      { checkoutId: checkout.id },
      'released a card checkout whose confirm was interrupted before it was paid',
    );
  }
}
