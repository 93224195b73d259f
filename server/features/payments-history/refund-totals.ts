import { sql } from 'drizzle-orm';

/**
 * A payment's refunds as two columns of its own row (ADR 047): what succeeded, and what pending refunds
 * hold. Each is one look at refunds_payment_idx per payment of the page. Written with qualified names:
 * drizzle leaves a single-table select's columns unqualified, where `id` would be the refund's.
 */
const refundSum = (status: string) =>
  sql<number>`(SELECT coalesce(sum(r.amount_minor), 0)::bigint FROM refunds r
    WHERE r.payment_id = "payments"."id" AND r.status = ${status})`.mapWith(Number);

export const refundTotals = {
  refundedMinor: refundSum('succeeded'),
  refundHeldMinor: refundSum('pending'),
};

export type RefundTotals = { refundedMinor: number; refundHeldMinor: number };
