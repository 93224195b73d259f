import { and, eq, gt, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { monthStart } from '#common/domain/trial-and-usage';
import type { Db } from '../../db/client';
import {
  billingAccounts,
  billingInvoiceItems,
  billingOrderCharges,
  merchants,
  type BillingOrderCharge,
  type Merchant,
} from '../../db/schema/index';
import { ensureBillingCustomer } from './billing-customer';
import { invoiceUnsubscribedMerchants } from './invoice-unsubscribed';
import { loadBillingAccount } from './plan';
import type { PlatformBilling } from './platform-stripe';
import { billingCurrency } from './usage';

/**
 * Reports every metered overage line (a subscribed merchant's) not yet reported as one meter event on its
 * merchant's Stripe Billing customer, where the metered overage price on the subscription turns it into an
 * invoice line. The identifier is the
 * order's, so a report whose answer was lost and is sent again is counted once by Stripe. Merchants without
 * a billing customer are left alone: there is nothing to bill them on yet. Every line is tried; if any
 * failed, the run throws so the queue retries it with backoff.
 */
export async function reportOverageUsage(db: Db, billing: PlatformBilling): Promise<void> {
  const due = await db
    .select({ orderId: billingOrderCharges.orderId, customer: billingAccounts.stripeCustomerId })
    .from(billingOrderCharges)
    .innerJoin(billingAccounts, eq(billingAccounts.merchantId, billingOrderCharges.merchantId))
    .where(
      and(
        eq(billingOrderCharges.overageCollection, 'meter'),
        isNull(billingOrderCharges.meterReportedAt),
        isNotNull(billingAccounts.stripeCustomerId),
      ),
    );
  const failures: unknown[] = [];
  for (const line of due) {
    try {
      await billing.stripe.billing.meterEvents.create({
        event_name: billing.overageMeterEventName,
        // One overage order is one unit of the metered overage price.
        payload: { stripe_customer_id: line.customer!, value: '1' },
        identifier: `overage_${line.orderId}`,
      });
      await db
        .update(billingOrderCharges)
        .set({ meterReportedAt: new Date() })
        .where(eq(billingOrderCharges.orderId, line.orderId));
    } catch (err) {
      failures.push(err);
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} of ${due.length} overage reports failed`);
  }
}

/** What a month's invoice item bills: accrued transaction fees, or the overage of an unsubscribed merchant. */
type AccruedKind = 'fees' | 'overage';

/** For each kind: the ledger lines it bills, their amount and currency, and how a line is marked. */
const ACCRUED: Record<
  AccruedKind,
  {
    /** Lines of finished months (before `thisMonth`) whose amount of this kind is still to bill. */
    due(thisMonth: string): SQL;
    amount: typeof billingOrderCharges.feeMinor | typeof billingOrderCharges.overageMinor;
    currency: typeof billingOrderCharges.currency | typeof billingOrderCharges.overageCurrency;
    invoiced(at: Date): Partial<BillingOrderCharge>;
    held: Partial<BillingOrderCharge>;
    description(month: string): string;
  }
> = {
  fees: {
    due: (thisMonth) =>
      and(
        eq(billingOrderCharges.feeCollection, 'invoice'),
        // A zero fee (a plan without one) is nothing to bill.
        gt(billingOrderCharges.feeMinor, 0),
        isNull(billingOrderCharges.invoicedAt),
        lt(billingOrderCharges.month, thisMonth),
      )!,
    amount: billingOrderCharges.feeMinor,
    currency: billingOrderCharges.currency,
    invoiced: (at) => ({ invoicedAt: at, feeHeldReason: null }),
    held: { feeHeldReason: 'currency' },
    description: (month) => `Transaction fees for ${month}`,
  },
  overage: {
    due: (thisMonth) =>
      and(
        eq(billingOrderCharges.overageCollection, 'invoice'),
        gt(billingOrderCharges.overageMinor, 0),
        isNull(billingOrderCharges.overageInvoicedAt),
        lt(billingOrderCharges.month, thisMonth),
      )!,
    amount: billingOrderCharges.overageMinor,
    currency: billingOrderCharges.overageCurrency,
    invoiced: (at) => ({ overageInvoicedAt: at, overageHeldReason: null }),
    held: { overageHeldReason: 'currency' },
    description: (month) => `Agent orders beyond the monthly allowance, ${month}`,
  },
};
const KINDS = Object.keys(ACCRUED) as AccruedKind[];

/**
 * Bills what finished months accrued: transaction fees of orders not paid through Stripe Connect, and the
 * overage of merchants without a subscription (nothing meters it for them). One invoice item per merchant,
 * month, kind and currency goes on the merchant's Stripe Billing customer (created when it has none). A
 * subscribed merchant's next subscription invoice picks the items up; every other merchant is sent an
 * invoice for them (invoiceUnsubscribedMerchants).
 *
 * Stripe bills a customer in one currency and refuses invoice items in another; nothing here converts. So
 * only amounts in the currency the customer is billed in are invoiced; the rest stay accrued, marked held
 * ('currency'), and are invoiced by a later run if that currency becomes theirs.
 *
 * Two steps, so a rerun never bills twice: the month's item is first recorded (and its ledger lines marked
 * invoiced) in one transaction, then every recorded item Stripe has not confirmed is sent with an
 * idempotency key made of its primary key and its stored amount, so a send whose answer was lost returns
 * the same item. A merchant that fails is retried by the next run, after the others are done.
 */
export async function invoiceAccruedCharges(db: Db, billing: PlatformBilling, now: Date): Promise<void> {
  const thisMonth = monthStart(now).toISOString().slice(0, 10);
  const due = await db
    .selectDistinct({ merchantId: billingOrderCharges.merchantId })
    .from(billingOrderCharges)
    .where(or(...KINDS.map((kind) => ACCRUED[kind].due(thisMonth))));
  const failures: unknown[] = [];
  for (const { merchantId } of due) {
    await recordMerchantItems(db, billing, merchantId, thisMonth).catch((err: unknown) => failures.push(err));
  }
  await sendRecordedItems(db, billing).catch((err: unknown) => failures.push(err));
  await invoiceUnsubscribedMerchants(db, billing, previousMonth(thisMonth)).catch((err: unknown) =>
    failures.push(err),
  );
  if (failures.length > 0) throw new AggregateError(failures, 'monthly invoicing did not finish');
}

/** The first day of the month before `month` (both 'YYYY-MM-DD'): what a run in `month` bills. */
function previousMonth(month: string): string {
  const first = new Date(`${month}T00:00:00Z`);
  first.setUTCMonth(first.getUTCMonth() - 1);
  return first.toISOString().slice(0, 10);
}

/** Records the merchant's due items in the currency its customer is billed in, and holds the rest. */
async function recordMerchantItems(db: Db, billing: PlatformBilling, merchantId: string, thisMonth: string) {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.id, merchantId));
  if (!merchant) return;
  const customer = await ensureBillingCustomer(db, billing, merchant);
  const currency = await invoiceableCurrency(db, billing, customer, merchant);
  for (const kind of KINDS) {
    const { due, currency: currencyColumn, held } = ACCRUED[kind];
    const groups = await db
      .select({ month: billingOrderCharges.month, currency: currencyColumn })
      .from(billingOrderCharges)
      .where(and(eq(billingOrderCharges.merchantId, merchantId), due(thisMonth)))
      .groupBy(billingOrderCharges.month, currencyColumn);
    for (const group of groups) {
      const lines = and(
        eq(billingOrderCharges.merchantId, merchantId),
        eq(billingOrderCharges.month, group.month),
        eq(currencyColumn, group.currency!),
        due(thisMonth),
      )!;
      if (group.currency === currency) {
        await recordItem(db, { merchantId, month: group.month, currency, kind }, lines);
      } else {
        await db.update(billingOrderCharges).set(held).where(lines);
      }
    }
  }
}

/**
 * The one currency the customer's invoice items may be in: the customer's own once Stripe has tied it to
 * one, else the merchant's billing currency, so a first item never ties the customer to a currency its
 * subscription would not be in.
 */
async function invoiceableCurrency(
  db: Db,
  billing: PlatformBilling,
  customerId: string,
  merchant: Merchant,
): Promise<string> {
  const customer = await billing.stripe.customers.retrieve(customerId);
  if (!customer.deleted && customer.currency) return customer.currency.toUpperCase();
  return billingCurrency(await loadBillingAccount(db, merchant.id), merchant.defaultCurrency);
}

/**
 * Sums one merchant-month-kind-currency's `lines` into its invoice item row and marks them invoiced,
 * atomically. Lines that arrive after the row exists stay accrued (the row, and so the bill, is final).
 */
async function recordItem(
  db: Db,
  item: { merchantId: string; month: string; currency: string; kind: AccruedKind },
  lines: SQL,
) {
  const { amount, invoiced } = ACCRUED[item.kind];
  await db.transaction(async (tx) => {
    const [sum] = await tx
      .select({ total: sql<string>`coalesce(sum(${amount}), 0)` })
      .from(billingOrderCharges)
      .where(lines);
    const inserted = await tx
      .insert(billingInvoiceItems)
      .values({ ...item, amountMinor: Number(sum!.total) })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) return;
    await tx.update(billingOrderCharges).set(invoiced(new Date())).where(lines);
  });
}

/** Sends every recorded item Stripe has not confirmed, and stores the id Stripe gave it. */
async function sendRecordedItems(db: Db, billing: PlatformBilling) {
  const unsent = await db
    .select({ item: billingInvoiceItems, customer: billingAccounts.stripeCustomerId })
    .from(billingInvoiceItems)
    .innerJoin(billingAccounts, eq(billingAccounts.merchantId, billingInvoiceItems.merchantId))
    .where(and(isNull(billingInvoiceItems.stripeInvoiceItemId), isNotNull(billingAccounts.stripeCustomerId)));
  for (const { item, customer } of unsent) {
    const kind = item.kind as AccruedKind;
    const sent = await billing.stripe.invoiceItems.create(
      {
        customer: customer!,
        amount: item.amountMinor,
        currency: item.currency.toLowerCase(),
        description: ACCRUED[kind].description(item.month.slice(0, 7)),
        metadata: { merchant_id: item.merchantId, month: item.month, kind },
      },
      {
        idempotencyKey: `invoice-item_${item.merchantId}_${item.month}_${kind}_${item.currency}_${item.amountMinor}`,
      },
    );
    await db
      .update(billingInvoiceItems)
      .set({ stripeInvoiceItemId: sent.id })
      .where(
        and(
          eq(billingInvoiceItems.merchantId, item.merchantId),
          eq(billingInvoiceItems.month, item.month),
          eq(billingInvoiceItems.kind, item.kind),
          eq(billingInvoiceItems.currency, item.currency),
        ),
      );
  }
}
