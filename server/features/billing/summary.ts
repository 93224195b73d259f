import type { BillingSummary, SubscriptionState } from '#common/api/billing';
import { isPlanId } from '#common/domain/plans';
import { eq } from 'drizzle-orm';
import { merchants, type BillingAccount } from '../../db/schema/index';
import { featurePlanOf } from './plan-features';
import type { Db } from '../../db/client';
import { feeInvoices, heldFees, monthlyFees } from './fees';
import { isSubscribed, loadBillingAccount, planOf } from './plan';
import { merchantTrial } from './trial';
import { monthlyUsage, OVERAGE_PER_ORDER_MINOR } from './usage';

/** check-subscription's answer for a billing account (a contract plan counts as subscribed). */
export function subscriptionStateOf(account: BillingAccount | undefined): SubscriptionState {
  const subscribed = isSubscribed(account);
  if (account?.contractPlan) {
    return { subscribed: true, tier: planOf(account), subscription_end: null };
  }
  return subscribed
    ? {
        subscribed,
        tier: planOf(account),
        subscription_end: account!.currentPeriodEnd?.toISOString() ?? null,
      }
    : { subscribed: false, tier: null, subscription_end: null };
}

export async function subscriptionState(db: Db, merchantId: string): Promise<SubscriptionState> {
  return subscriptionStateOf(await loadBillingAccount(db, merchantId));
}

/** Everything the dashboard's billing cards show, for the merchant at `now`. */
export async function billingSummary(db: Db, merchantId: string, now: Date): Promise<BillingSummary> {
  const [merchant, account, trial, usage, fees, invoices, held] = await Promise.all([
    db.select({ createdAt: merchants.createdAt }).from(merchants).where(eq(merchants.id, merchantId)),
    loadBillingAccount(db, merchantId),
    merchantTrial(db, merchantId, now),
    monthlyUsage(db, merchantId, now),
    monthlyFees(db, merchantId, now),
    feeInvoices(db, merchantId),
    heldFees(db, merchantId),
  ]);
  return {
    plan: planOf(account),
    feature_plan: featurePlanOf(account, merchant[0]!, now),
    sandbox_plan: isPlanId(account?.sandboxPlan) ? account.sandboxPlan : null,
    subscription: {
      ...subscriptionStateOf(account),
      status: account?.subscriptionStatus ?? null,
      cancel_at_period_end: account?.cancelAtPeriodEnd ?? false,
      scheduled_plan: isPlanId(account?.scheduledPlan) ? account.scheduledPlan : null,
      scheduled_change_at: account?.scheduledPlanAt?.toISOString() ?? null,
      currency: usage!.currency,
    },
    trial: {
      state: trial!.state,
      days_used: trial!.daysUsed,
      days_left: trial!.daysLeft,
      ends_at: trial!.endsAt.toISOString(),
      warning: trial!.warning,
    },
    usage: {
      count: usage!.count,
      limit: usage!.limit,
      level: usage!.level,
      overage_orders: usage!.overageOrders,
      overage_amount: usage!.overageMinor,
      overage_unit_amount: OVERAGE_PER_ORDER_MINOR,
      currency: usage!.currency,
    },
    fees: fees.map((f) => ({
      currency: f.currency,
      charged: f.chargedMinor,
      accrued: f.accruedMinor,
      orders: f.orders,
    })),
    fee_invoices: invoices.map((i) => ({
      id: i.id,
      month: i.month,
      status: i.status,
      currency: i.currency,
      fees: i.feesMinor,
      overage: i.overageMinor,
      amount_due: i.amountDueMinor,
      hosted_invoice_url: i.hostedInvoiceUrl,
      due_at: i.dueAt?.toISOString() ?? null,
    })),
    held_fees: held.map((h) => ({ currency: h.currency, amount: h.amountMinor, reason: h.reason })),
  };
}
