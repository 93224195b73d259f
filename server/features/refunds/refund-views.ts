import type { RefundableView, RefundView } from '#common/api/refunds';
import type { RefundOrigin, RefundRail, RefundReason, RefundStatus } from '#common/domain/refunds';
import type { Payment, Refund } from '../../db/schema/index';

export function toRefundView(refund: Refund): RefundView {
  return {
    id: refund.id,
    payment_id: refund.paymentId,
    order_id: refund.orderId,
    rail: refund.rail as RefundRail,
    amount: refund.amountMinor,
    currency: refund.currency,
    reason: refund.reason as RefundReason,
    line_items:
      refund.lineItems?.map((line) => ({
        sku: line.sku,
        quantity: line.quantity,
        amount: line.amountMinor,
      })) ?? null,
    restock: refund.restock,
    status: refund.status as RefundStatus,
    failure_reason: refund.failureReason,
    provider_refund_id: refund.providerRefundId,
    origin: refund.origin as RefundOrigin,
    test: refund.test,
    amount_sats: refund.amountSats,
    awaiting_invoice: refund.rail === 'lightning' && refund.status === 'pending' && !refund.paymentRequest,
    settled_outside: refund.settledOutside,
    created_at: refund.createdAt.toISOString(),
  };
}

/**
 * What is left to refund on a payment: what it paid less every refund that has not failed. A pending
 * refund holds its amount until it settles, so two refunds in flight can never together exceed the
 * payment; a failed one gives its amount back.
 */
export function refundableOf(
  payment: Pick<Payment, 'amountMinor' | 'currency' | 'status'>,
  refunds: Pick<Refund, 'amountMinor' | 'status'>[],
): RefundableView {
  const sum = (status: RefundStatus) =>
    refunds.filter((r) => r.status === status).reduce((total, r) => total + r.amountMinor, 0);
  const paid = payment.status === 'succeeded' ? payment.amountMinor : 0;
  const refunded = sum('succeeded');
  const pending = sum('pending');
  return {
    paid,
    refunded,
    pending,
    remaining: Math.max(0, paid - refunded - pending),
    currency: payment.currency,
  };
}
