import {
  findPlan,
  higherPlan,
  PLAN_FEATURES,
  planIncludes,
  TRIAL_PLAN,
  type PlanFeature,
  type PlanId,
} from '#common/domain/plans';
import { inFreeTrial } from '#common/domain/trial-and-usage';
import type { Db } from '../../db/client';
import type { BillingAccount, Merchant } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { loadBillingAccount, planOf } from './plan';

/**
 * The plan whose features the merchant has at `now`: a plan switched to in the sandbox is exactly that
 * plan (so a merchant can see what Starter refuses); otherwise its plan, raised to the top self-serve
 * plan during the free trial (docs/decisions/044).
 */
export function featurePlanOf(
  account: BillingAccount | undefined | null,
  merchant: Pick<Merchant, 'createdAt'>,
  now: Date,
): PlanId {
  const plan = planOf(account);
  if (account?.sandboxPlan || !inFreeTrial(merchant.createdAt, now)) return plan;
  return higherPlan(plan, TRIAL_PLAN);
}

export async function featurePlan(db: Db, merchant: Pick<Merchant, 'id' | 'createdAt'>, now: Date) {
  return featurePlanOf(await loadBillingAccount(db, merchant.id), merchant, now);
}

export async function hasPlanFeature(
  db: Db,
  merchant: Pick<Merchant, 'id' | 'createdAt'>,
  feature: PlanFeature,
  now: Date,
): Promise<boolean> {
  return planIncludes(await featurePlan(db, merchant, now), feature);
}

/** The refusal of a feature the merchant's plan does not include, naming the plan that does. */
export function upgradeRequired(feature: PlanFeature, message?: string): AppError {
  const { plan, label } = PLAN_FEATURES[feature];
  const name = findPlan(plan).name;
  return new AppError(
    'plan_upgrade_required',
    message ?? `${label} is part of the ${name} plan. Upgrade to ${name} to use it.`,
    {
      requiredPlan: plan,
    },
  );
}

/** Refuses (403 plan_upgrade_required) a feature the merchant's plan does not include. */
export async function requirePlanFeature(
  db: Db,
  merchant: Pick<Merchant, 'id' | 'createdAt'>,
  feature: PlanFeature,
  now: Date,
): Promise<void> {
  if (!(await hasPlanFeature(db, merchant, feature, now))) throw upgradeRequired(feature);
}
