import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import { billingAccounts, type BillingAccount } from '../../db/schema/index';
import type { PlatformBilling } from './platform-stripe';

/** Which of a customer's subscriptions decides its plan: a live one before an ended one, newest first. */
const STATUS_RANK: Record<string, number> = {
  active: 0,
  trialing: 0,
  past_due: 1,
  unpaid: 2,
  incomplete: 3,
  paused: 3,
  canceled: 4,
  incomplete_expired: 5,
};

function decisive(subscriptions: Stripe.Subscription[]): Stripe.Subscription | null {
  return (
    [...subscriptions].sort(
      (a, b) => (STATUS_RANK[a.status] ?? 9) - (STATUS_RANK[b.status] ?? 9) || b.created - a.created,
    )[0] ?? null
  );
}

/**
 * The plan a subscription schedule moves the subscription to next (a downgrade the portal scheduled for
 * the period end), and when; null when its next phase sells no plan of ours.
 */
async function scheduledChange(
  billing: PlatformBilling,
  sub: Stripe.Subscription,
  now: Date,
): Promise<{ plan: string; at: Date } | null> {
  const id = typeof sub.schedule === 'string' ? sub.schedule : sub.schedule!.id;
  const schedule = await billing.stripe.subscriptionSchedules.retrieve(id);
  const nowSeconds = now.getTime() / 1000;
  const next = schedule.phases.find((phase) => phase.start_date > nowSeconds);
  const price = next?.items.map((item) => (typeof item.price === 'string' ? item.price : item.price.id));
  const sold = price?.map((p) => billing.planOfPrice(p)).find((s) => s !== null);
  return next && sold ? { plan: sold.plan, at: new Date(next.start_date * 1000) } : null;
}

/**
 * Reads the customer's subscriptions from Stripe and stores what they say. Every webhook, the return from
 * checkout or the portal, and a stale check-subscription end here: the state is always Stripe's current
 * one, never what an event carried, so events arriving late, twice or out of order cannot roll it back.
 * A sync only overwrites one that started before it (`now` is when it started). Returns the account, or
 * null when no merchant has this customer or a newer sync won.
 */
export async function syncCustomer(
  db: Db,
  billing: PlatformBilling,
  customerId: string,
  now: Date,
): Promise<BillingAccount | null> {
  const [known] = await db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.stripeCustomerId, customerId));
  if (!known) return null;
  const list = await billing.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 10 });
  const sub = decisive(list.data);
  const planItem = sub?.items.data.find((item) => billing.planOfPrice(item.price.id));
  const sold = planItem ? billing.planOfPrice(planItem.price.id) : null;
  const scheduled = sub?.schedule ? await scheduledChange(billing, sub, now) : null;
  const [updated] = await db
    .update(billingAccounts)
    .set({
      stripeSubscriptionId: sub?.id ?? null,
      subscriptionStatus: sub?.status ?? null,
      subscriptionPlan: sold?.plan ?? null,
      subscriptionPriceId: planItem?.price.id ?? null,
      currentPeriodEnd: planItem ? new Date(planItem.current_period_end * 1000) : null,
      cancelAtPeriodEnd: sub?.cancel_at_period_end ?? false,
      scheduledPlan: scheduled?.plan ?? null,
      scheduledPlanAt: scheduled?.at ?? null,
      currency: sold?.currency ?? known.currency,
      subscriptionSyncedAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(billingAccounts.merchantId, known.merchantId),
        or(isNull(billingAccounts.subscriptionSyncedAt), lte(billingAccounts.subscriptionSyncedAt, now)),
      ),
    )
    .returning();
  return updated ?? null;
}
