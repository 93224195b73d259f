import { eq, sql } from 'drizzle-orm';
import { findPlan, isPlanId, type PlanId } from '#common/domain/plans';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared-query';
import { billingAccounts, type BillingAccount } from '../../db/schema/index';

/**
 * Subscription statuses under which the subscribed plan applies. past_due keeps it while Stripe retries
 * the payment (its dunning decides when the subscription becomes unpaid or canceled); incomplete, unpaid,
 * canceled and paused do not.
 */
const PLAN_GRANTING_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

export function isSubscribed(account: BillingAccount | undefined | null): boolean {
  return (
    !!account?.subscriptionStatus &&
    PLAN_GRANTING_STATUSES.has(account.subscriptionStatus) &&
    isPlanId(account.subscriptionPlan)
  );
}

/**
 * When the subscription's Stripe trial ends (its first charge), or null when it is not trialing. While a
 * subscription trials, its period is the trial, so the period end Stripe gave is the trial end.
 */
export function subscriptionTrialEnd(account: BillingAccount | undefined | null): Date | null {
  return account?.subscriptionStatus === 'trialing' ? (account.currentPeriodEnd ?? null) : null;
}

/**
 * The plan a billing account is on: the contract plan an operator set (Enterprise) first, then the plan
 * a sandbox merchant switched to (never set in live mode), then a subscription in good standing, else
 * Starter.
 */
export function planOf(account: BillingAccount | undefined | null): PlanId {
  if (account?.contractPlan && isPlanId(account.contractPlan)) return account.contractPlan;
  if (account?.sandboxPlan && isPlanId(account.sandboxPlan)) return account.sandboxPlan;
  if (isSubscribed(account)) return account!.subscriptionPlan as PlanId;
  return 'starter';
}

const billingAccountOf = preparedQuery((db) =>
  db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.merchantId, sql.placeholder('merchantId'))),
);

export async function loadBillingAccount(db: Db, merchantId: string): Promise<BillingAccount | undefined> {
  const [account] = await billingAccountOf(db).execute({ merchantId });
  return account;
}

/** The merchant's current plan ('starter' when it has no subscription or contract). */
export async function currentPlan(db: Db, merchantId: string): Promise<PlanId> {
  return planOf(await loadBillingAccount(db, merchantId));
}

/** The transaction fee rate of the merchant's current plan, in basis points. */
export async function currentFeeBasisPoints(db: Db, merchantId: string): Promise<number> {
  return findPlan(await currentPlan(db, merchantId)).feeBasisPoints;
}

/** Sandbox: the plan the merchant tries (null: back to its subscription and trial). */
export async function setSandboxPlan(db: Db, merchantId: string, plan: PlanId | null, now: Date) {
  await db
    .insert(billingAccounts)
    .values({ merchantId, sandboxPlan: plan, updatedAt: now })
    .onConflictDoUpdate({ target: billingAccounts.merchantId, set: { sandboxPlan: plan, updatedAt: now } });
}
