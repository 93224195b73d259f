import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import { billingAccounts, billingInvoiceItems, billingInvoices } from '../../db/schema/index';
import { isSubscribed, loadBillingAccount } from './plan';
import type { PlatformBilling } from './platform-stripe';

/**
 * How long a merchant has to pay a monthly invoice. Fourteen days is Stripe's own suggestion for
 * send_invoice, and it leaves the bill due before the next month's run.
 */
export const INVOICE_DAYS_UNTIL_DUE = 14;

/**
 * Collects the pending invoice items of every merchant without a subscription in good standing: nothing
 * else would ever invoice them (a subscribed merchant's items ride on its next subscription invoice). For
 * each such merchant with items pending on Stripe, one invoice for `month` (the month the run bills) is
 * created with the pending items, finalized and sent, so Stripe emails its hosted page.
 *
 * Idempotent per merchant and month: the billing_invoices row is written before Stripe is called, the
 * create carries an Idempotency-Key made of the merchant and month, and each later step reads Stripe's
 * status first, so a rerun (or a retry after a crash between steps) finishes the same invoice and never
 * creates a second one. A merchant that fails is retried by the next run, after the others are done.
 */
export async function invoiceUnsubscribedMerchants(
  db: Db,
  billing: PlatformBilling,
  month: string,
): Promise<void> {
  const candidates = await db
    .selectDistinct({
      merchantId: billingInvoiceItems.merchantId,
      customer: billingAccounts.stripeCustomerId,
    })
    .from(billingInvoiceItems)
    .innerJoin(billingAccounts, eq(billingAccounts.merchantId, billingInvoiceItems.merchantId))
    .where(
      and(
        isNotNull(billingInvoiceItems.stripeInvoiceItemId),
        isNull(billingInvoiceItems.stripeInvoiceId),
        isNotNull(billingAccounts.stripeCustomerId),
      ),
    );
  const failures: unknown[] = [];
  for (const { merchantId, customer } of candidates) {
    await invoiceMerchant(db, billing, { merchantId, customer: customer!, month }).catch((err: unknown) =>
      failures.push(err),
    );
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} merchants' monthly invoices did not finish`);
  }
}

async function invoiceMerchant(
  db: Db,
  billing: PlatformBilling,
  target: { merchantId: string; customer: string; month: string },
) {
  if (isSubscribed(await loadBillingAccount(db, target.merchantId))) return;
  const row = await claimInvoice(db, billing, target);
  if (!row) return;
  let invoiceId = row.stripeInvoiceId;
  if (!invoiceId) {
    const created = await billing.stripe.invoices.create(
      {
        customer: target.customer,
        pending_invoice_items_behavior: 'include',
        collection_method: 'send_invoice',
        days_until_due: INVOICE_DAYS_UNTIL_DUE,
        auto_advance: true,
        description: `AgentCart fees and usage for ${target.month.slice(0, 7)}`,
        metadata: { merchant_id: target.merchantId, month: target.month },
      },
      { idempotencyKey: `agentcart-invoice_${target.merchantId}_${target.month}` },
    );
    invoiceId = created.id;
    await storeInvoice(db, target, created);
  }
  let invoice = await billing.stripe.invoices.retrieve(invoiceId);
  if (invoice.status === 'draft') invoice = await billing.stripe.invoices.finalizeInvoice(invoiceId);
  if (!row.sentAt && invoice.status === 'open') {
    invoice = await billing.stripe.invoices.sendInvoice(invoiceId);
    await db
      .update(billingInvoices)
      .set({ sentAt: new Date() })
      .where(and(eq(billingInvoices.merchantId, target.merchantId), eq(billingInvoices.month, target.month)));
  }
  await storeInvoice(db, target, invoice);
  await markCollectedItems(db, billing, target.merchantId, invoiceId);
}

/**
 * The merchant's invoice row for the month: the existing one, or a new one when Stripe holds items
 * pending for the customer. None pending (a subscription invoice took them while the merchant was
 * subscribed) means there is nothing to invoice, and no row is written.
 */
async function claimInvoice(
  db: Db,
  billing: PlatformBilling,
  target: { merchantId: string; customer: string; month: string },
) {
  const where = and(
    eq(billingInvoices.merchantId, target.merchantId),
    eq(billingInvoices.month, target.month),
  );
  const [existing] = await db.select().from(billingInvoices).where(where);
  if (existing) return existing;
  const pending = await billing.stripe.invoiceItems.list({
    customer: target.customer,
    pending: true,
    limit: 1,
  });
  if (pending.data.length === 0) return null;
  await db
    .insert(billingInvoices)
    .values({ merchantId: target.merchantId, month: target.month })
    .onConflictDoNothing();
  const [claimed] = await db.select().from(billingInvoices).where(where);
  return claimed ?? null;
}

/** Stores what Stripe says of the invoice now. */
async function storeInvoice(db: Db, target: { merchantId: string; month: string }, invoice: Stripe.Invoice) {
  await db
    .update(billingInvoices)
    .set(invoiceColumns(invoice))
    .where(and(eq(billingInvoices.merchantId, target.merchantId), eq(billingInvoices.month, target.month)));
}

function invoiceColumns(invoice: Stripe.Invoice) {
  return {
    stripeInvoiceId: invoice.id,
    status: invoice.status,
    currency: invoice.currency.toUpperCase(),
    amountDueMinor: invoice.amount_due,
    amountPaidMinor: invoice.amount_paid,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    dueAt: invoice.due_date ? new Date(invoice.due_date * 1000) : null,
    updatedAt: new Date(),
  };
}

/** Ties the merchant's recorded items to the invoice that collected them (what the fees card reads). */
async function markCollectedItems(db: Db, billing: PlatformBilling, merchantId: string, invoiceId: string) {
  const collected: string[] = [];
  for await (const item of billing.stripe.invoiceItems.list({ invoice: invoiceId, limit: 100 })) {
    collected.push(item.id);
  }
  if (collected.length === 0) return;
  await db
    .update(billingInvoiceItems)
    .set({ stripeInvoiceId: invoiceId })
    .where(
      and(
        eq(billingInvoiceItems.merchantId, merchantId),
        inArray(billingInvoiceItems.stripeInvoiceItemId, collected),
      ),
    );
}

/**
 * Stores Stripe's current state of `invoiceId` when it is one of the monthly invoices; any other invoice
 * (a subscription's) is left alone. Re-reading instead of trusting the event keeps a late or repeated
 * event from rolling the status back.
 */
export async function syncMonthlyInvoice(db: Db, billing: PlatformBilling, invoiceId: string): Promise<void> {
  const [known] = await db
    .select({ merchantId: billingInvoices.merchantId, month: billingInvoices.month })
    .from(billingInvoices)
    .where(eq(billingInvoices.stripeInvoiceId, invoiceId));
  if (!known) return;
  await storeInvoice(db, known, await billing.stripe.invoices.retrieve(invoiceId));
}
