import { and, desc, getTableColumns } from 'drizzle-orm';
import type { z } from 'zod';
import {
  toDisplayStatus,
  type ListPaymentsOutput,
  type listPaymentsFields,
  type PaymentView,
} from '#common/api/payments';
import type { Db } from '../../db/client';
import { payments, type Merchant, type Payment } from '../../db/schema/index';
import { cursorAt, encodeCursor, olderThan, paymentsWhere, type paymentCursor } from './payment-filter';
import { refundTotals, type RefundTotals } from './refund-totals';

export function toPaymentView(payment: Payment & RefundTotals): PaymentView {
  const payload = payment.providerPayload;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    id: payment.id,
    checkout_id: payment.checkoutId,
    method: payment.method,
    status: toDisplayStatus(payment.status),
    raw_status: payment.status,
    needs_review: payment.status === 'needs_review',
    disputed: payment.disputeId !== null,
    amount: payment.amountMinor,
    currency: payment.currency,
    created_at: payment.createdAt.toISOString(),
    provider_invoice_id: payment.providerInvoiceId,
    // Gone once the payload is purged (after 90 days).
    payment_request: text(payload.payment_request),
    payment_url: text(payload.payment_url),
    test: payment.test,
    refunded: payment.refundedMinor,
    refundable:
      payment.status === 'succeeded'
        ? Math.max(0, payment.amountMinor - payment.refundedMinor - payment.refundHeldMinor)
        : 0,
    order: payment.paidOrder ?? null,
  };
}

export type PaymentsPageQuery = Omit<z.output<typeof listPaymentsFields>, 'cursor'> & {
  cursor?: z.output<typeof paymentCursor>;
};

/**
 * One page of the merchant's payments, newest first, and the cursor of the next. Served by the
 * (merchant_id, created_at, id) index whatever the page's depth.
 */
export async function readPaymentsPage(
  db: Db,
  merchantId: string,
  query: PaymentsPageQuery,
): Promise<{ rows: (Payment & RefundTotals)[]; nextCursor: string | null }> {
  // One row more than the page says whether another page follows, without a count.
  const rows = await db
    .select({ ...getTableColumns(payments), ...refundTotals, cursorAt })
    .from(payments)
    .where(and(paymentsWhere(merchantId, query), olderThan(query.cursor)))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
  };
}

/**
 * The merchant's payments history page by page. The rows carry no buyer data, so reading them is not
 * a checkout access (security monitoring counts views of buyer data: payment-details.ts).
 */
export async function listPayments(
  db: Db,
  merchant: Merchant,
  query: PaymentsPageQuery,
): Promise<ListPaymentsOutput> {
  const { rows, nextCursor } = await readPaymentsPage(db, merchant.id, query);
  return { payments: rows.map(toPaymentView), next_cursor: nextCursor };
}
