import { REFUND_REASON_LABELS } from '#common/domain/labels';
import type { RefundReason } from '#common/domain/refunds';
import {
  acpOrderPermalink,
  lineItemId,
  orderProgress,
  refundedMinor,
  sessionTotals,
  type RefundFacts,
  type SessionState,
} from '../acp';
import { UCP_VERSION } from './protocol';

/** The line item status every line of an order has: the engine tracks the order whole, not per line. */
const LINE_STATUS = {
  created: 'processing',
  confirmed: 'processing',
  manual_review: 'processing',
  shipped: 'processing',
  dispatched: 'fulfilled',
  canceled: 'removed',
} as const;

type RenderedState = SessionState & {
  order: NonNullable<SessionState['order']>;
  /** The order's refunds in the ledger (ADR 047), oldest first. */
  refunds: RefundFacts[];
};

/** A ledger refund's status in the adjustment's words. */
const ADJUSTMENT_STATUS: Record<string, 'pending' | 'completed' | 'failed'> = {
  pending: 'pending',
  succeeded: 'completed',
  failed: 'failed',
};

/**
 * Money given back: one adjustment of type `refund` per refund of the ledger (append-only, as order.md
 * prefers; a pending refund turns completed or failed in place), its amount negative. An order refunded
 * before the ledger, or only at the provider, has the one adjustment its payment says.
 */
function refundAdjustments({ order, payment, refunds }: RenderedState) {
  if (refunds.length) {
    return refunds.map((refund) => ({
      id: `refund_${refund.id}`,
      type: 'refund',
      occurred_at: refund.createdAt.toISOString(),
      status: ADJUSTMENT_STATUS[refund.status] ?? 'pending',
      totals: [{ type: 'total', amount: -refund.amountMinor }],
      ...(refund.reason in REFUND_REASON_LABELS
        ? { description: REFUND_REASON_LABELS[refund.reason as RefundReason] }
        : {}),
    }));
  }
  const refunded = refundedMinor(order, payment);
  if (refunded <= 0 || !payment) return [];
  return [
    {
      id: `refund_${order.id}`,
      type: 'refund',
      occurred_at: payment.updatedAt.toISOString(),
      status: 'completed',
      totals: [{ type: 'total', amount: -refunded }],
    },
  ];
}

/**
 * The order was cancelled (ADR 056), by the merchant or by the store: an adjustment of type
 * `cancellation` (one of the types order.md names) taking every line back (signed quantities, negative
 * for a reduction), completed. No totals: the money goes back in the refund adjustment, so a platform
 * summing adjustment totals never counts it twice. The same news as ACP's cancellation Adjustment.
 */
function cancellationAdjustments({ order, session }: RenderedState) {
  if (order.status !== 'CANCELLED' || !order.cancelledAt) return [];
  const who =
    order.cancelledBy === 'store' ? 'The store cancelled the order' : 'The merchant cancelled the order';
  const reason = order.cancelReason ? REFUND_REASON_LABELS[order.cancelReason as RefundReason] : undefined;
  return [
    {
      id: `cancellation_${order.id}`,
      type: 'cancellation',
      occurred_at: order.cancelledAt.toISOString(),
      status: 'completed',
      line_items: session.pricedItems.map((item) => ({ id: lineItemId(item.sku), quantity: -item.quantity })),
      description: reason ? `${who}: ${reason}` : who,
    },
  ];
}

/**
 * A completed session's order as UCP's order entity (order.json): its lines, where it ships, what has
 * happened to it (a shipment once the store has tracking), its totals, and its refunds and cancellation
 * as adjustments.
 */
export function renderOrder(state: RenderedState, publicUrl: string) {
  const { session, offer, order, payment } = state;
  const progress = orderProgress(order, payment);
  const fulfilled = progress === 'dispatched' || progress === 'shipped';
  // A cancelled (or rejected) order has nothing left of its lines: `removed` is `quantity.total == 0`.
  const removed = progress === 'canceled';
  const quantities = session.pricedItems.map((item) => ({
    id: lineItemId(item.sku),
    quantity: item.quantity,
  }));
  const totals = sessionTotals(session.pricedItems, offer, session.selectedOptionId);
  const address = session.fulfillment?.address;
  const tracking = order.tracking;
  const adjustments = [...refundAdjustments(state), ...cancellationAdjustments(state)];
  return {
    ucp: {
      version: UCP_VERSION,
      status: 'success',
      capabilities: { 'dev.ucp.shopping.order': [{ version: UCP_VERSION }] },
    },
    id: order.id,
    // The store's own order number (its id where it has no separate number), as ACP's order_number.
    ...((order.storeOrderNumber ?? order.storeOrderId)
      ? { label: (order.storeOrderNumber ?? order.storeOrderId)! }
      : {}),
    checkout_id: session.id,
    permalink_url: acpOrderPermalink(publicUrl, session.orderPageToken),
    currency: order.currency.toUpperCase(),
    line_items: session.pricedItems.map((item) => ({
      id: lineItemId(item.sku),
      item: { id: item.sku, title: item.name, price: item.unitPriceMinor },
      quantity: {
        original: item.quantity,
        total: removed ? 0 : item.quantity,
        fulfilled: fulfilled ? item.quantity : 0,
      },
      totals: [
        { type: 'subtotal', amount: item.unitPriceMinor * item.quantity },
        { type: 'total', amount: item.unitPriceMinor * item.quantity },
      ],
      status: LINE_STATUS[progress],
    })),
    fulfillment: {
      expectations: address
        ? [
            {
              id: 'exp_1',
              line_items: quantities,
              method_type: 'shipping',
              destination: {
                street_address: address.line1,
                ...(address.line2 ? { extended_address: address.line2 } : {}),
                address_locality: address.city,
                ...(address.state ? { address_region: address.state } : {}),
                address_country: address.country,
                postal_code: address.postalCode,
              },
            },
          ]
        : [],
      events:
        fulfilled && tracking
          ? [
              {
                id: `shipment_${order.id}`,
                occurred_at: order.updatedAt.toISOString(),
                type: 'shipped',
                line_items: quantities,
                ...(tracking.number ? { tracking_number: tracking.number } : {}),
                ...(tracking.url ? { tracking_url: tracking.url } : {}),
                ...(tracking.carrier ? { carrier: tracking.carrier } : {}),
              },
            ]
          : [],
    },
    ...(adjustments.length ? { adjustments } : {}),
    totals: [
      { type: 'subtotal', display_text: 'Subtotal', amount: totals.subtotal },
      { type: 'fulfillment', display_text: 'Shipping', amount: totals.fulfillment },
      { type: 'total', display_text: 'Total', amount: order.totalMinor },
    ],
  };
}
