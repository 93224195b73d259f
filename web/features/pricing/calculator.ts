import type { Currency } from '#common/domain/currencies';
import { MONTHLY_ORDER_LIMIT, OVERAGE_PER_ORDER_GBP_MINOR } from '#common/domain/limits';
import { monthlyCostByPlan, PLANS, type Plan, type PlanCost, type PlanId } from '#common/domain/plans';
import { formatMoney } from '#web/lib/money';

/** Upper bounds that keep the sums meaningful (and well inside safe integers once in minor units). */
export const MAX_MONTHLY_VOLUME = 100_000_000;
export const MAX_AVERAGE_ORDER_VALUE = 100_000;

export type AmountResult = { ok: true; minor: number } | { ok: false; error: string };

interface AmountRules {
  /** Sentence-case name, e.g. "Monthly volume". */
  label: string;
  /** Largest accepted amount in whole currency units. */
  max: number;
  example: string;
  currency: Currency;
}

/**
 * Reads what a person typed into an amount box. Thousands separators, spaces and a leading currency
 * symbol are forgiven; anything else gets a message that says how to fix it.
 */
export function parseAmount(raw: string, { label, max, example, currency }: AmountRules): AmountResult {
  const cleaned = raw
    .trim()
    .replace(/^[£€$]/, '')
    .replace(/[,\s]/g, '');
  if (cleaned === '') return { ok: false, error: `Enter your ${label.toLowerCase()}.` };
  if (/^-\d*\.?\d*$/.test(cleaned) && cleaned !== '-')
    return { ok: false, error: `${label} must be more than zero.` };
  if (!/^(\d+\.?\d*|\.\d+)$/.test(cleaned))
    return { ok: false, error: `${label} must be a number, like ${example}.` };
  const [, decimals = ''] = cleaned.split('.');
  if (decimals.length > 2) return { ok: false, error: `${label} can have at most 2 decimal places.` };
  const minor = Math.round(Number(cleaned) * 100);
  if (!Number.isFinite(minor) || minor <= 0) return { ok: false, error: `${label} must be more than zero.` };
  if (minor > max * 100) {
    return {
      ok: false,
      error: `${label} can be at most ${formatMoney(max * 100, currency, { display: 'symbol', whole: true })}.`,
    };
  }
  return { ok: true, minor };
}

export interface CalculatorErrors {
  volume?: string;
  averageOrder?: string;
}

export type CalculatorInput =
  { ok: true; volumeMinor: number; averageOrderMinor: number } | { ok: false; errors: CalculatorErrors };

export function validateCalculator(
  volume: string,
  averageOrder: string,
  currency: Currency,
): CalculatorInput {
  const v = parseAmount(volume, {
    label: 'Monthly volume',
    max: MAX_MONTHLY_VOLUME,
    example: '250000',
    currency,
  });
  const a = parseAmount(averageOrder, {
    label: 'Average order value',
    max: MAX_AVERAGE_ORDER_VALUE,
    example: '80',
    currency,
  });
  const errors: CalculatorErrors = {};
  if (!v.ok) errors.volume = v.error;
  if (!a.ok) errors.averageOrder = a.error;
  if (v.ok && a.ok && a.minor > v.minor) {
    errors.averageOrder = 'Average order value can’t be more than your monthly volume.';
  }
  if (errors.volume || errors.averageOrder || !v.ok || !a.ok) return { ok: false, errors };
  return { ok: true, volumeMinor: v.minor, averageOrderMinor: a.minor };
}

export interface PlanEstimate {
  plan: Plan;
  cost: PlanCost;
  /** Starter only: orders beyond the monthly allowance, and what they would add (the overage is set in GBP). */
  overageOrders: number;
  overageGbpMinor: number;
  /** Whether the plan's total is a real, complete monthly price that can be compared with the others. */
  comparable: boolean;
}

export interface CalculatorResult {
  orders: number;
  estimates: PlanEstimate[];
  cheapest: PlanId;
}

export function calculate(
  volumeMinor: number,
  averageOrderMinor: number,
  currency: Currency,
): CalculatorResult {
  const orders = Math.max(1, Math.round(volumeMinor / averageOrderMinor));
  const costs = monthlyCostByPlan(volumeMinor, currency);
  const estimates = PLANS.map((plan): PlanEstimate => {
    const cost = costs.find((c) => c.planId === plan.id)!;
    const overageOrders = plan.id === 'starter' ? Math.max(0, orders - MONTHLY_ORDER_LIMIT) : 0;
    return {
      plan,
      cost,
      overageOrders,
      overageGbpMinor: overageOrders * OVERAGE_PER_ORDER_GBP_MINOR,
      // Enterprise's subscription is agreed per contract, and Starter past its allowance adds overage.
      comparable: cost.subscriptionMinor !== null && overageOrders === 0,
    };
  });
  const cheapest = estimates
    .filter((e) => e.comparable)
    .reduce((best, e) => (e.cost.totalMinor < best.cost.totalMinor ? e : best));
  return { orders, estimates, cheapest: cheapest.plan.id };
}
