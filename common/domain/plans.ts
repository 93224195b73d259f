import type { Currency } from './currencies';
import { MONTHLY_ORDER_LIMIT } from './limits';

/** The pricing plans. Prices are whole currency units per month; fees are in basis points. */
export type PlanId = 'starter' | 'growth' | 'scale' | 'enterprise';

export interface Plan {
  id: PlanId;
  name: string;
  /** null means the price is agreed per customer ("Custom"). */
  monthlyPrice: Record<Currency, number> | null;
  /** Transaction fee in basis points (1% = 100). For Enterprise this is the floor ("as low as"). */
  feeBasisPoints: number;
  feeIsFloor: boolean;
  /** Agent orders included each month before overage applies; null means no limit. */
  includedOrdersPerMonth: number | null;
  volumeGuidance: string;
  /**
   * What the pricing page lists for the plan: "Everything in …", the product features PLAN_FEATURES
   * gives it (refused below it), then what comes with the plan but is no product switch (support, terms).
   */
  features: string[];
  highlighted?: boolean;
}

/** Lowest to highest: a plan includes every feature of the plans before it. */
export const PLAN_ORDER: readonly PlanId[] = ['starter', 'growth', 'scale', 'enterprise'];

/** A product feature that some plans do not include: the server refuses it below its plan. */
export type PlanFeature =
  'application_bundle' | 'merchant_webhooks' | 'agent_request_signing' | 'ip_allowlist';

/**
 * The one table of what each plan includes. The pricing page lists these lines under the plan, the server
 * refuses the feature to a merchant below the plan (plan_upgrade_required, naming the plan), and every
 * upgrade prompt names the plan and the line from here. What is not in this table is on every plan.
 */
export const PLAN_FEATURES: Readonly<Record<PlanFeature, { plan: PlanId; label: string }>> = {
  application_bundle: { plan: 'growth', label: 'ChatGPT Instant Checkout application bundle' },
  merchant_webhooks: { plan: 'growth', label: 'Order webhooks and delivery log' },
  agent_request_signing: { plan: 'scale', label: 'Request signing for agents' },
  ip_allowlist: { plan: 'enterprise', label: 'IP allow-listing' },
};

/** The highest plan a merchant can buy itself: the one the free trial lets a merchant try. */
export const TRIAL_PLAN: PlanId = 'scale';

const rank = (plan: PlanId) => PLAN_ORDER.indexOf(plan);

/** Whether `plan` includes `feature` (it is the feature's plan or above). */
export function planIncludes(plan: PlanId, feature: PlanFeature): boolean {
  return rank(plan) >= rank(PLAN_FEATURES[feature].plan);
}

/** The higher of two plans. */
export function higherPlan(a: PlanId, b: PlanId): PlanId {
  return rank(a) >= rank(b) ? a : b;
}

const featureLines = (plan: PlanId) =>
  Object.values(PLAN_FEATURES)
    .filter((f) => f.plan === plan)
    .map((f) => f.label);

export const PLANS: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    monthlyPrice: { GBP: 0, EUR: 0, USD: 0 },
    feeBasisPoints: 200,
    feeIsFloor: false,
    includedOrdersPerMonth: MONTHLY_ORDER_LIMIT,
    volumeGuidance: 'For your first agent sales',
    features: [
      'WooCommerce or custom API store',
      'Card payments with Shared Payment Tokens',
      'Bitcoin Lightning via OpenNode or CoinCorner',
      'API key for your AI agents',
      ...featureLines('starter'),
      '25 agent orders per month included',
      'Email support',
    ],
  },
  {
    id: 'growth',
    name: 'Growth',
    monthlyPrice: { GBP: 99, EUR: 109, USD: 119 },
    feeBasisPoints: 100,
    feeIsFloor: false,
    includedOrdersPerMonth: null,
    volumeGuidance: '£5k–£50k monthly volume',
    features: [
      'Everything in Starter',
      'Unlimited agent orders',
      ...featureLines('growth'),
      'Priority support',
    ],
    highlighted: true,
  },
  {
    id: 'scale',
    name: 'Scale',
    monthlyPrice: { GBP: 499, EUR: 549, USD: 599 },
    feeBasisPoints: 50,
    feeIsFloor: false,
    includedOrdersPerMonth: null,
    volumeGuidance: '£50k–£500k monthly volume',
    features: ['Everything in Growth', ...featureLines('scale'), '24/7 support'],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyPrice: null,
    feeBasisPoints: 25,
    feeIsFloor: true,
    includedOrdersPerMonth: null,
    volumeGuidance: '£1m+ monthly volume',
    features: [
      'Everything in Scale',
      ...featureLines('enterprise'),
      'Custom contract and invoicing',
      'Dedicated success manager',
      '99.9% uptime SLA',
    ],
  },
];

export function findPlan(id: PlanId): Plan {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}

export function formatFee(plan: Plan): string {
  const percent = plan.feeBasisPoints / 100;
  const text = `${Number.isInteger(percent) ? percent.toFixed(0) : percent.toString()}%`;
  return plan.feeIsFloor ? `as low as ${text}` : text;
}

export interface PlanCost {
  planId: PlanId;
  /** Monthly subscription, in minor units. null for Enterprise (custom). */
  subscriptionMinor: number | null;
  /** Transaction fees on the volume, in minor units. */
  transactionFeesMinor: number;
  /** Subscription plus fees; for Enterprise, fees only (its subscription is agreed separately). */
  totalMinor: number;
}

/** Plans a merchant can buy at checkout; Starter is free and Enterprise is agreed by contract. */
export const PURCHASABLE_PLAN_IDS = ['growth', 'scale'] as const;
export type PurchasablePlanId = (typeof PURCHASABLE_PLAN_IDS)[number];

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && PLANS.some((p) => p.id === value);
}

/**
 * The platform's fee on one order, in the order's minor units. It rounds down, in the merchant's
 * favour: a fee is never more than the plan's rate of the amount.
 */
export function transactionFeeMinor(amountMinor: number, plan: Pick<Plan, 'feeBasisPoints'>): number {
  return Math.floor((amountMinor * plan.feeBasisPoints) / 10_000);
}

/**
 * What a month costs on each plan for a given card/Lightning volume. Volume is in minor units so the
 * arithmetic stays in integers; fees round down as each order's fee does.
 */
export function monthlyCostByPlan(monthlyVolumeMinor: number, currency: Currency): PlanCost[] {
  return PLANS.map((plan) => {
    const subscriptionMinor = plan.monthlyPrice ? plan.monthlyPrice[currency] * 100 : null;
    const transactionFeesMinor = transactionFeeMinor(monthlyVolumeMinor, plan);
    return {
      planId: plan.id,
      subscriptionMinor,
      transactionFeesMinor,
      totalMinor: (subscriptionMinor ?? 0) + transactionFeesMinor,
    };
  });
}
