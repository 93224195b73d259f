import { and, desc, eq, isNotNull, isNull, sql, sum } from 'drizzle-orm';
import { findPlan, transactionFeeMinor, type PlanId } from '#common/domain/plans';
import { monthStart } from '#common/domain/trial-and-usage';
import type { Db } from '../../db/client';
import { billingInvoiceItems, billingInvoices, billingOrderCharges } from '../../db/schema/index';
import { currentPlan } from './plan';

/** The platform's fee on an order of `amountMinor` by the merchant's current plan (rounded down). */
export async function orderFee(
  db: Db,
  merchantId: string,
  amountMinor: number,
): Promise<{ feeMinor: number; plan: PlanId }> {
  const plan = await currentPlan(db, merchantId);
  return { feeMinor: transactionFeeMinor(amountMinor, findPlan(plan)), plan };
}

export interface MonthlyFees {
  currency: string;
  /** Taken from the charge by Stripe Connect. */
  chargedMinor: number;
  /** Owed on orders paid elsewhere (a merchant's own Stripe key, Lightning), invoiced after the month. */
  accruedMinor: number;
  orders: number;
}

/** This month's (UTC) platform fees, per order currency, from the ledger. */
export async function monthlyFees(db: Db, merchantId: string, now: Date): Promise<MonthlyFees[]> {
  const rows = await db
    .select({
      currency: billingOrderCharges.currency,
      charged: sum(
        sql`CASE WHEN ${billingOrderCharges.feeCollection} = 'application_fee' THEN ${billingOrderCharges.feeMinor} ELSE 0 END`,
      ).mapWith(Number),
      accrued: sum(
        sql`CASE WHEN ${billingOrderCharges.feeCollection} = 'invoice' THEN ${billingOrderCharges.feeMinor} ELSE 0 END`,
      ).mapWith(Number),
      orders: sql<number>`count(*)::int`,
    })
    .from(billingOrderCharges)
    .where(
      and(
        eq(billingOrderCharges.merchantId, merchantId),
        eq(billingOrderCharges.month, monthStart(now).toISOString().slice(0, 10)),
      ),
    )
    .groupBy(billingOrderCharges.currency)
    .orderBy(billingOrderCharges.currency);
  return rows.map((r) => ({
    currency: r.currency,
    chargedMinor: r.charged,
    accruedMinor: r.accrued,
    orders: r.orders,
  }));
}

/** How many of the merchant's latest monthly invoices the dashboard lists. */
const RECENT_INVOICES = 3;

/** The statuses of a finalized invoice (a draft is not shown: it has no page and bills nothing yet). */
const FINALIZED = ['open', 'paid', 'void', 'uncollectible'] as const;
type FinalizedStatus = (typeof FINALIZED)[number];
const isFinalized = (status: string | null): status is FinalizedStatus =>
  (FINALIZED as readonly (string | null)[]).includes(status);

export interface FeeInvoice {
  id: string;
  /** 'YYYY-MM', the month it bills. */
  month: string;
  status: FinalizedStatus;
  currency: string;
  feesMinor: number;
  overageMinor: number;
  amountDueMinor: number;
  hostedInvoiceUrl: string | null;
  dueAt: Date | null;
}

/**
 * The merchant's latest monthly invoices (sent because it has no subscription), newest first, with the
 * transaction fees and the overage each one collected.
 */
export async function feeInvoices(db: Db, merchantId: string): Promise<FeeInvoice[]> {
  const invoices = await db
    .select()
    .from(billingInvoices)
    .where(and(eq(billingInvoices.merchantId, merchantId), isNotNull(billingInvoices.stripeInvoiceId)))
    .orderBy(desc(billingInvoices.month))
    .limit(RECENT_INVOICES);
  const items = await db
    .select({
      invoice: billingInvoiceItems.stripeInvoiceId,
      kind: billingInvoiceItems.kind,
      amount: billingInvoiceItems.amountMinor,
    })
    .from(billingInvoiceItems)
    .where(
      and(eq(billingInvoiceItems.merchantId, merchantId), isNotNull(billingInvoiceItems.stripeInvoiceId)),
    );
  const collected = (invoice: string, kind: string) =>
    items.filter((i) => i.invoice === invoice && i.kind === kind).reduce((total, i) => total + i.amount, 0);
  return invoices.flatMap((i) =>
    isFinalized(i.status)
      ? [
          {
            id: i.stripeInvoiceId!,
            month: i.month.slice(0, 7),
            status: i.status,
            currency: i.currency ?? '',
            feesMinor: collected(i.stripeInvoiceId!, 'fees'),
            overageMinor: collected(i.stripeInvoiceId!, 'overage'),
            amountDueMinor: i.amountDueMinor ?? 0,
            hostedInvoiceUrl: i.hostedInvoiceUrl,
            dueAt: i.dueAt,
          },
        ]
      : [],
  );
}

/**
 * Accrued fees the monthly run held back, per order currency, with why: 'currency' means they are in a
 * currency the merchant's Stripe customer is not billed in (ADR 027), so they wait uninvoiced.
 */
export async function heldFees(
  db: Db,
  merchantId: string,
): Promise<{ currency: string; amountMinor: number; reason: 'currency' }[]> {
  const rows = await db
    .select({
      currency: billingOrderCharges.currency,
      amount: sum(billingOrderCharges.feeMinor).mapWith(Number),
    })
    .from(billingOrderCharges)
    .where(
      and(
        eq(billingOrderCharges.merchantId, merchantId),
        eq(billingOrderCharges.feeHeldReason, 'currency'),
        isNull(billingOrderCharges.invoicedAt),
      ),
    )
    .groupBy(billingOrderCharges.currency)
    .orderBy(billingOrderCharges.currency);
  return rows.map((r) => ({ currency: r.currency, amountMinor: r.amount, reason: 'currency' as const }));
}
