import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SETTLED_DISPLAY_STATUS,
  toDisplayStatus,
  type listPaymentsQuery,
  type PaymentDisplayStatus,
  type PaymentView,
} from '#common/api/payments';
import type { Db } from '../../db/client';
import { payments, type Merchant, type Payment } from '../../db/schema/index';
import { recordCheckoutAccess } from './checkout-access';

function toPaymentView(payment: Payment): PaymentView {
  const payload = payment.providerPayload;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    id: payment.id,
    checkout_id: payment.checkoutId,
    method: payment.method,
    status: toDisplayStatus(payment.status),
    raw_status: payment.status,
    needs_review: payment.status === 'needs_review',
    amount: payment.amountMinor,
    currency: payment.currency,
    created_at: payment.createdAt.toISOString(),
    provider_invoice_id: payment.providerInvoiceId,
    // Gone once the payload is purged (after 90 days).
    payment_request: text(payload.payment_request),
    payment_url: text(payload.payment_url),
  };
}

/** Rows shown as `display`; PENDING is everything else, so an unknown status is never hidden. */
function statusIs(display: PaymentDisplayStatus) {
  const settled = Object.entries(SETTLED_DISPLAY_STATUS);
  if (display === 'PENDING')
    return notInArray(
      payments.status,
      settled.map(([raw]) => raw),
    );
  return inArray(
    payments.status,
    settled.filter(([, shown]) => shown === display).map(([raw]) => raw),
  );
}

/**
 * The merchant's payments history, newest first, filtered by method and displayed status. Reading it
 * shows checkout data, so each checkout in the answer is recorded as accessed.
 */
export async function listPayments(
  db: Db,
  merchant: Merchant,
  query: z.output<typeof listPaymentsQuery>,
  now: Date,
): Promise<PaymentView[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.merchantId, merchant.id),
        query.method ? eq(payments.method, query.method) : undefined,
        query.status === 'all' ? undefined : statusIs(query.status),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(query.limit);
  const shown = rows.map(toPaymentView);
  await recordCheckoutAccess(db, merchant, shown, now);
  return shown;
}
