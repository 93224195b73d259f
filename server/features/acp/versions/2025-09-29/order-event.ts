import {
  orderProgress,
  refundedMinor,
  type OrderEventInput,
  type OrderFacts,
  type PaymentFacts,
} from '../order-facts';

export type AcpOrderStatus2025 =
  'created' | 'manual_review' | 'confirmed' | 'canceled' | 'shipped' | 'fulfilled';

/** Its order status: a dispatched order is `fulfilled` (the version has no later state). */
export function orderStatus2025(order: OrderFacts, payment?: PaymentFacts): AcpOrderStatus2025 {
  const progress = orderProgress(order, payment);
  return progress === 'dispatched' ? 'fulfilled' : progress;
}

/** The `data` of its order event (EventDataOrder, openapi.agentic_checkout_webhook.yaml). */
export function orderEventData2025(input: OrderEventInput) {
  const ledger = input.refunds ?? [];
  const refunded = refundedMinor(input.order, input.payment, ledger);
  // The version's Refund has no id or status: one entry per refund that went back to the buyer's payment.
  const succeeded = ledger.filter((r) => r.status === 'succeeded');
  return {
    type: 'order' as const,
    checkout_session_id: input.sessionId,
    permalink_url: input.permalinkUrl,
    status: orderStatus2025(input.order, input.payment),
    refunds: ledger.length
      ? succeeded.map((r) => ({ type: 'original_payment' as const, amount: r.amountMinor }))
      : refunded > 0
        ? [{ type: 'original_payment' as const, amount: refunded }]
        : [],
  };
}
