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
  const refunded = refundedMinor(input.order, input.payment);
  return {
    type: 'order' as const,
    checkout_session_id: input.sessionId,
    permalink_url: input.permalinkUrl,
    status: orderStatus2025(input.order, input.payment),
    refunds: refunded > 0 ? [{ type: 'original_payment' as const, amount: refunded }] : [],
  };
}
