import {
  acpOrderPermalink,
  lineItemId,
  orderProgress,
  refundedMinor,
  sessionTotals,
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

/**
 * A completed session's order as UCP's order entity (order.json): its lines, where it ships, what has
 * happened to it (a shipment once the store has tracking), its totals, and a refund as an adjustment.
 */
export function renderOrder(
  state: SessionState & { order: NonNullable<SessionState['order']> },
  publicUrl: string,
) {
  const { session, offer, order, payment } = state;
  const progress = orderProgress(order, payment);
  const fulfilled = progress === 'dispatched' || progress === 'shipped';
  const quantities = session.pricedItems.map((item) => ({
    id: lineItemId(item.sku),
    quantity: item.quantity,
  }));
  const totals = sessionTotals(session.pricedItems, offer, session.selectedOptionId);
  const address = session.fulfillment?.address;
  const refunded = refundedMinor(order, payment);
  const tracking = order.tracking;
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
      quantity: { original: item.quantity, total: item.quantity, fulfilled: fulfilled ? item.quantity : 0 },
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
    ...(refunded > 0 && payment
      ? {
          adjustments: [
            {
              id: `refund_${order.id}`,
              type: 'refund',
              occurred_at: payment.updatedAt.toISOString(),
              status: 'completed',
              totals: [{ type: 'total', amount: -refunded }],
            },
          ],
        }
      : {}),
    totals: [
      { type: 'subtotal', display_text: 'Subtotal', amount: totals.subtotal },
      { type: 'fulfillment', display_text: 'Shipping', amount: totals.fulfillment },
      { type: 'total', display_text: 'Total', amount: order.totalMinor },
    ],
  };
}
