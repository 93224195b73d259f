import { and, eq, sql } from 'drizzle-orm';
import { findPlan, isPlanId, transactionFeeMinor } from '#common/domain/plans';
import { monthStart } from '#common/domain/trial-and-usage';
import type { Db } from '../../db/client';
import {
  billingAccounts,
  billingOrderCharges,
  billingUsageMonths,
  checkouts,
  merchants,
  orders,
  payments,
  type BillingAccount,
  type BillingOrderCharge,
} from '../../db/schema/index';
import { isSubscribed, planOf } from './plan';
import { billingCurrency, OVERAGE_PER_ORDER_MINOR } from './usage';

/** The application fee Stripe took from the order's charge, when it was a Connect charge that carried one. */
function applicationFeeTaken(providerPayload: Record<string, unknown> | undefined): number | null {
  const raw = providerPayload?.raw as { application_fee_amount?: unknown } | undefined;
  return typeof raw?.application_fee_amount === 'number' ? raw.application_fee_amount : null;
}

/**
 * How an order beyond the allowance is billed: as metered usage on the merchant's subscription (which
 * carries the metered overage price), or, for a merchant without one (Starter, a trial, a subscription
 * that ended), as an invoice item on its Stripe Billing customer with the month's accrued fees. A meter
 * event on a customer without the metered price would be counted by the meter and billed by nothing.
 */
function overageCollectionOf(account: BillingAccount | undefined): 'meter' | 'invoice' {
  return isSubscribed(account) && account!.stripeSubscriptionId ? 'meter' : 'invoice';
}

/**
 * Writes the order's line in the platform's ledger, once however often it is called: its place in the
 * month's count, the transaction fee its merchant's plan owes (what Stripe Connect took at the charge,
 * else the fee the checkout fixed at its first charge attempt, else the plan's rate; accrued for the
 * monthly invoice when not taken), and the overage when the order is beyond the plan's monthly allowance. An order beyond the allowance is never refused: it has been paid already.
 *
 * The month's counter row is locked before the ledger is checked, so two deliveries of one order, or two
 * orders of one merchant, take their places one at a time. Returns the ledger row (new or existing), or
 * null when the order no longer exists.
 */
export async function recordOrderCharge(db: Db, orderId: string): Promise<BillingOrderCharge | null> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        order: orders,
        payload: payments.providerPayload,
        defaultCurrency: merchants.defaultCurrency,
        fixedFee: { minor: checkouts.platformFeeMinor, plan: checkouts.platformFeePlan },
      })
      .from(orders)
      .innerJoin(merchants, eq(merchants.id, orders.merchantId))
      .leftJoin(checkouts, eq(checkouts.id, orders.checkoutId))
      .leftJoin(payments, eq(payments.checkoutId, orders.checkoutId))
      .where(eq(orders.id, orderId));
    if (!found) return null;
    const { order } = found;
    const month = monthStart(order.createdAt).toISOString().slice(0, 10);

    await tx.insert(billingUsageMonths).values({ merchantId: order.merchantId, month }).onConflictDoNothing();
    await tx
      .select()
      .from(billingUsageMonths)
      .where(and(eq(billingUsageMonths.merchantId, order.merchantId), eq(billingUsageMonths.month, month)))
      .for('update');
    const [existing] = await tx
      .select()
      .from(billingOrderCharges)
      .where(eq(billingOrderCharges.orderId, orderId));
    if (existing) return existing;

    const [counted] = await tx
      .update(billingUsageMonths)
      .set({ orderCount: sql`${billingUsageMonths.orderCount} + 1` })
      .where(and(eq(billingUsageMonths.merchantId, order.merchantId), eq(billingUsageMonths.month, month)))
      .returning({ n: billingUsageMonths.orderCount });
    const [account] = await tx
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.merchantId, order.merchantId));
    // The plan the charge was first attempted under, when the engine fixed it; else the plan now.
    const { fixedFee } = found;
    const plan = findPlan(isPlanId(fixedFee?.plan) ? fixedFee.plan : planOf(account));
    const taken = applicationFeeTaken(found.payload ?? undefined);
    const beyondAllowance = plan.includedOrdersPerMonth !== null && counted!.n > plan.includedOrdersPerMonth;

    const [charge] = await tx
      .insert(billingOrderCharges)
      .values({
        orderId,
        merchantId: order.merchantId,
        month,
        orderNumberInMonth: counted!.n,
        planId: plan.id,
        orderTotalMinor: order.totalMinor,
        currency: order.currency,
        feeBasisPoints: plan.feeBasisPoints,
        feeMinor: taken ?? fixedFee?.minor ?? transactionFeeMinor(order.totalMinor, plan),
        feeCollection: taken === null ? 'invoice' : 'application_fee',
        overageMinor: beyondAllowance ? OVERAGE_PER_ORDER_MINOR : 0,
        overageCurrency: beyondAllowance ? billingCurrency(account, found.defaultCurrency) : null,
        overageCollection: beyondAllowance ? overageCollectionOf(account) : null,
      })
      .returning();
    return charge!;
  });
}
