import {
  orderProgress,
  refundedMinor,
  type OrderEventInput,
  type OrderFacts,
  type PaymentFacts,
  type RefundFacts,
} from '../order-facts';

/** A ledger refund's status in the Adjustment's defined words. */
const ADJUSTMENT_STATUS: Record<string, string> = {
  pending: 'pending',
  succeeded: 'completed',
  failed: 'failed',
};

/** One Adjustment (type refund) per refund of the ledger, with the lines it gave back and why. */
function refundAdjustment(refund: RefundFacts) {
  return {
    id: `adj_${refund.id}`,
    type: 'refund',
    occurred_at: refund.createdAt.toISOString(),
    status: ADJUSTMENT_STATUS[refund.status] ?? 'pending',
    ...(refund.lineItems?.length
      ? { line_items: refund.lineItems.map((line) => ({ id: line.sku, quantity: line.quantity })) }
      : {}),
    amount: refund.amountMinor,
    currency: refund.currency.toLowerCase(),
    reason: refund.reason,
  };
}

/**
 * The buyer's bank disputed the payment (a chargeback, ADR 053): an Adjustment of type dispute, pending
 * while the bank decides, with no amount (nothing is credited to the buyer yet). Once decided (ADR 058):
 * lost is `completed` with the amount the bank took back for the buyer; won (or an inquiry closed without
 * a chargeback) is `failed`, nothing credited, so it carries no amount either.
 */
function disputeAdjustments(payment: PaymentFacts) {
  if (!payment?.disputeId || !payment.disputedAt) return [];
  const decided = payment.disputeClosedAt ? payment.disputeStatus : null;
  const lost = decided === 'lost' && payment.disputeAmountMinor != null && payment.currency;
  return [
    {
      id: `adj_${payment.disputeId}`,
      type: 'dispute',
      occurred_at: (payment.disputeClosedAt ?? payment.disputedAt).toISOString(),
      status: decided === null ? 'pending' : decided === 'lost' ? 'completed' : 'failed',
      ...(lost ? { amount: payment.disputeAmountMinor!, currency: payment.currency!.toLowerCase() } : {}),
      ...(payment.disputeReason ? { reason: payment.disputeReason } : {}),
      description:
        decided === null
          ? 'The buyer disputed the payment with their bank'
          : decided === 'lost'
            ? 'The bank decided the dispute for the buyer'
            : decided === 'won'
              ? 'The bank decided the dispute for the merchant'
              : 'The bank closed its inquiry without a chargeback',
    },
  ];
}

/**
 * The order was cancelled (ADR 056), by the merchant in AgentCart or by the store: an Adjustment of type
 * cancellation over every line, completed. No amount: the money goes back in the refund Adjustment(s),
 * so an agent summing amounts never counts it twice.
 */
function cancellationAdjustments(input: OrderEventInput) {
  const { order, checkout } = input;
  if (order.status !== 'CANCELLED' || !order.cancelledAt) return [];
  return [
    {
      id: `adj_cancel_${order.id}`,
      type: 'cancellation',
      occurred_at: order.cancelledAt.toISOString(),
      status: 'completed',
      line_items: checkout.items.map((item) => ({ id: item.sku, quantity: item.quantity })),
      ...(order.cancelReason ? { reason: order.cancelReason } : {}),
      description:
        order.cancelledBy === 'store' ? 'The store cancelled the order' : 'The merchant cancelled the order',
    },
  ];
}

export type AcpOrderStatus2026 =
  'created' | 'confirmed' | 'manual_review' | 'processing' | 'shipped' | 'completed' | 'canceled';

/**
 * Its order status. `completed` means delivered to the buyer, which the engine never knows, so it is not
 * claimed: a dispatched order is `shipped`, with its line items `fulfilled`.
 */
export function orderStatus2026(order: OrderFacts, payment?: PaymentFacts): AcpOrderStatus2026 {
  const progress = orderProgress(order, payment);
  return progress === 'dispatched' ? 'shipped' : progress;
}

/** The `data` of its order event: the full Order (line items, fulfilment, adjustments, totals). */
export function orderEventData2026(input: OrderEventInput) {
  const { order, checkout, payment } = input;
  const status = orderStatus2026(order, payment);
  const canceled = status === 'canceled';
  const dispatched = order.status === 'FULFILLED';
  const lineItems = checkout.items.map((item) => ({
    id: item.sku,
    title: item.name,
    product_id: item.productId,
    quantity: {
      ordered: item.quantity,
      current: canceled ? 0 : item.quantity,
      fulfilled: dispatched ? item.quantity : 0,
    },
    unit_price: item.unitPriceMinor,
    subtotal: item.unitPriceMinor * item.quantity,
    status: canceled ? 'removed' : dispatched ? 'fulfilled' : 'processing',
  }));
  const tracking = order.tracking;
  const fulfillment = {
    id: `ful_${order.id}`,
    type: 'shipping' as const,
    status: canceled
      ? 'canceled'
      : dispatched || tracking?.number
        ? 'shipped'
        : status === 'created'
          ? 'pending'
          : 'processing',
    line_items: checkout.items.map((item) => ({ id: item.sku, quantity: item.quantity })),
    ...(tracking?.carrier ? { carrier: tracking.carrier } : {}),
    ...(tracking?.number ? { tracking_number: tracking.number } : {}),
    ...(tracking?.url ? { tracking_url: tracking.url } : {}),
  };
  const ledger = input.refunds ?? [];
  const refunded = refundedMinor(order, payment, ledger);
  const subtotal = lineItems.reduce((sum, l) => sum + l.subtotal, 0);
  return {
    type: 'order' as const,
    id: order.id,
    checkout_session_id: input.sessionId,
    ...(order.storeOrderNumber || order.storeOrderId
      ? { order_number: (order.storeOrderNumber ?? order.storeOrderId)! }
      : {}),
    permalink_url: input.permalinkUrl,
    status,
    line_items: lineItems,
    fulfillments: [fulfillment],
    adjustments: [
      ...(ledger.length
        ? ledger.map(refundAdjustment)
        : refunded > 0
          ? [
              {
                id: `adj_refund_${payment!.id}`,
                type: 'refund',
                occurred_at: payment!.updatedAt.toISOString(),
                status: 'completed',
                amount: refunded,
                currency: order.currency.toLowerCase(),
              },
            ]
          : []),
      ...disputeAdjustments(payment),
      ...cancellationAdjustments(input),
    ],
    totals: [
      { type: 'subtotal' as const, display_text: 'Subtotal', amount: subtotal },
      { type: 'fulfillment' as const, display_text: 'Shipping', amount: checkout.shippingOption.priceMinor },
      { type: 'tax' as const, display_text: 'Tax', amount: 0 },
      { type: 'total' as const, display_text: 'Total', amount: order.totalMinor },
      ...(refunded > 0
        ? [{ type: 'amount_refunded' as const, display_text: 'Refunded', amount: refunded }]
        : []),
    ],
  };
}
