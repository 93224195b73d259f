import { sql } from 'drizzle-orm';

/**
 * A payment's refunds as two columns of its own row (ADR 047): what succeeded, and what pending refunds
 * hold. Each is one look at refunds_payment_idx per payment of the page. Written with qualified names:
 * drizzle leaves a single-table select's columns unqualified, where `id` would be the refund's.
 */
const refundSum = (status: string) =>
  sql<number>`(SELECT coalesce(sum(r.amount_minor), 0)::bigint FROM refunds r
    WHERE r.payment_id = "payments"."id" AND r.status = ${status})`.mapWith(Number);

/** The order the payment paid for, by the unique orders_checkout_idx (ADR 056): one look per payment. */
const paidOrder = sql<PaidOrder | null>`(SELECT json_build_object('id', o.id, 'status', o.status,
    'cancelled_by', o.cancelled_by, 'store_cancellation', o.store_cancellation)
    FROM orders o WHERE o.checkout_id = "payments"."checkout_id")`;

export interface PaidOrder {
  id: string;
  status: string;
  cancelled_by: 'merchant' | 'store' | null;
  store_cancellation: 'flagged' | 'refunded' | 'kept' | null;
}

export const refundTotals = {
  refundedMinor: refundSum('succeeded'),
  refundHeldMinor: refundSum('pending'),
  paidOrder,
};

export type RefundTotals = { refundedMinor: number; refundHeldMinor: number; paidOrder: PaidOrder | null };
