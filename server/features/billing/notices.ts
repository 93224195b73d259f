import { and, count, eq, gt, gte, isNull, lte, or } from 'drizzle-orm';
import { ORDER_LIMIT_WARNING_RATIO, TRIAL_DAYS } from '#common/domain/limits';
import { findPlan, PLANS, type PlanId } from '#common/domain/plans';
import { monthStart, orderUsage, TRIAL_WARNING_DAYS, trialStatus } from '#common/domain/trial-and-usage';
import type { Db } from '../../db/client';
import { billingAccounts, merchants, orders } from '../../db/schema/index';
import { isSubscribed, planOf, subscriptionTrialEnd } from './plan';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The fewest orders that can reach a usage notice on any plan. */
const FEWEST_ORDERS_NOTICED = Math.ceil(
  Math.min(...PLANS.flatMap((p) => (p.includedOrdersPerMonth === null ? [] : [p.includedOrdersPerMonth]))) *
    ORDER_LIMIT_WARNING_RATIO,
);

/**
 * Something a merchant should be told about its billing, for the notifications feature to deliver as
 * its trial_ending and usage_limit events. `key` names the occurrence: the same notice is listed on
 * every call while it holds, so the deliverer sends each key once.
 */
export type BillingNotice =
  | {
      kind: 'trial_ending';
      merchantId: string;
      /** The plan subscribed to during the trial, first charged when it ends; null: none chosen yet. */
      subscribedPlan: PlanId | null;
      daysLeft: number;
      endsAt: Date;
      key: string;
    }
  | {
      kind: 'usage_limit';
      merchantId: string;
      /** 80: this month's orders reached 80% of the allowance; 100: they reached it. */
      threshold: 80 | 100;
      count: number;
      limit: number;
      /** YYYY-MM (UTC). */
      month: string;
      key: string;
    };

/**
 * Every billing notice that holds at `now`: trials with TRIAL_WARNING_DAYS days or fewer left, and
 * merchants whose month's orders crossed 80% or 100% of their plan's allowance.
 */
export async function dueBillingNotices(db: Db, now: Date): Promise<BillingNotice[]> {
  const [trials, usage] = await Promise.all([trialNotices(db, now), usageNotices(db, now)]);
  return [...trials, ...usage];
}

async function trialNotices(db: Db, now: Date): Promise<BillingNotice[]> {
  // Merchants signed up within the trial whose last TRIAL_WARNING_DAYS days have begun, and subscriptions
  // whose Stripe trial is in its last TRIAL_WARNING_DAYS days (Stripe's trial_will_end, 3 days before).
  const warnFrom = new Date(now.getTime() + TRIAL_WARNING_DAYS * DAY_MS);
  const rows = await db
    .select({ merchant: merchants, account: billingAccounts })
    .from(merchants)
    .leftJoin(billingAccounts, eq(billingAccounts.merchantId, merchants.id))
    .where(
      or(
        and(
          isNull(merchants.stripeAccountId),
          gt(merchants.createdAt, new Date(now.getTime() - TRIAL_DAYS * DAY_MS)),
          lte(merchants.createdAt, new Date(now.getTime() - (TRIAL_DAYS - TRIAL_WARNING_DAYS) * DAY_MS)),
        ),
        and(
          eq(billingAccounts.subscriptionStatus, 'trialing'),
          gt(billingAccounts.currentPeriodEnd, now),
          lte(billingAccounts.currentPeriodEnd, warnFrom),
        ),
      ),
    );
  return rows.flatMap(({ merchant, account }) => {
    const trial = trialStatus({
      merchantCreatedAt: merchant.createdAt,
      stripeAccountId: merchant.stripeAccountId,
      subscribed: isSubscribed(account),
      subscriptionTrialEnd: subscriptionTrialEnd(account),
      now,
    });
    if (trial.state !== 'trialing' || !trial.warning) return [];
    return [
      {
        kind: 'trial_ending' as const,
        merchantId: merchant.id,
        subscribedPlan: subscriptionTrialEnd(account) ? planOf(account) : null,
        daysLeft: trial.daysLeft,
        endsAt: trial.endsAt,
        key: `trial_ending:${merchant.id}`,
      },
    ];
  });
}

async function usageNotices(db: Db, now: Date): Promise<BillingNotice[]> {
  const start = monthStart(now);
  const month = start.toISOString().slice(0, 7);
  const rows = await db
    .select({ merchantId: orders.merchantId, n: count(), account: billingAccounts })
    .from(orders)
    .leftJoin(billingAccounts, eq(billingAccounts.merchantId, orders.merchantId))
    // Tests use up no allowance (ADR 043).
    .where(and(gte(orders.createdAt, start), eq(orders.test, false)))
    .groupBy(orders.merchantId, billingAccounts.merchantId)
    .having(({ n }) => gte(n, FEWEST_ORDERS_NOTICED));
  return rows.flatMap(({ merchantId, n, account }) => {
    const usage = orderUsage(n, findPlan(planOf(account)).includedOrdersPerMonth);
    if (usage.level === 'ok' || usage.limit === null) return [];
    const threshold = usage.level === 'at_limit' ? 100 : 80;
    return [
      {
        kind: 'usage_limit' as const,
        merchantId,
        threshold,
        count: n,
        limit: usage.limit,
        month,
        key: `usage_limit:${merchantId}:${month}:${threshold}`,
      },
    ];
  });
}
