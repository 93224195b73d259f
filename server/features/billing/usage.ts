import { and, eq, sum } from 'drizzle-orm';
import { toCurrency, type Currency } from '#common/domain/currencies';
import { OVERAGE_PER_ORDER_GBP_MINOR } from '#common/domain/limits';
import { findPlan } from '#common/domain/plans';
import { monthStart, orderUsage, type OrderUsage } from '#common/domain/trial-and-usage';
import type { Db } from '../../db/client';
import { billingOrderCharges, merchants, type BillingAccount } from '../../db/schema/index';
import { monthOrderCount } from './month-order-count';
import { loadBillingAccount, planOf } from './plan';

/**
 * The price of one order beyond the allowance, in minor units of the merchant's billing currency: the
 * same 2.50 in pounds, euros or dollars, as the plans themselves are priced per currency, not converted.
 */
export const OVERAGE_PER_ORDER_MINOR = OVERAGE_PER_ORDER_GBP_MINOR;

export interface MonthlyUsage extends OrderUsage {
  /** Overage recorded so far this month, in minor units of `currency`. */
  overageMinor: number;
  currency: Currency;
}

/** The currency the platform bills the merchant in: its subscription's, else its default currency. */
export function billingCurrency(account: BillingAccount | undefined, defaultCurrency: string): Currency {
  return toCurrency(account?.currency ?? defaultCurrency);
}

/**
 * This month's (UTC) orders against the plan's allowance, and the overage the ledger has recorded. The
 * count is kept in the order's own transaction (order_months), so it moves the moment an order exists;
 * the overage follows once the order's charge is recorded.
 */
export async function monthlyUsage(db: Db, merchantId: string, now: Date): Promise<MonthlyUsage | null> {
  const [merchant] = await db
    .select({ defaultCurrency: merchants.defaultCurrency })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  if (!merchant) return null;
  const start = monthStart(now);
  const [account, orderCount, [overage]] = await Promise.all([
    loadBillingAccount(db, merchantId),
    monthOrderCount(db, merchantId, now),
    db
      .select({ total: sum(billingOrderCharges.overageMinor).mapWith(Number) })
      .from(billingOrderCharges)
      .where(
        and(
          eq(billingOrderCharges.merchantId, merchantId),
          eq(billingOrderCharges.month, start.toISOString().slice(0, 10)),
        ),
      ),
  ]);
  const plan = findPlan(planOf(account));
  return {
    ...orderUsage(orderCount, plan.includedOrdersPerMonth),
    overageMinor: overage?.total ?? 0,
    currency: billingCurrency(account, merchant.defaultCurrency),
  };
}
