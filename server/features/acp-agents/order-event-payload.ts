import type { Checkout, Order, Payment } from '../../db/schema/index';

/**
 * What an order event says, per ACP version (openapi.agentic_checkout_webhook.yaml of each version).
 * The engine knows: the order's status (PENDING | IN_PROGRESS | ACCEPTED | FULFILLED | CANCELLED |
 * REJECTED), tracking when the store has it, and the payment's status (refunds included, when a
 * provider reports them). It never knows delivery, so 2026's `completed` (delivered to the buyer) is not
 * claimed: a fulfilled order is `shipped`, with its line items `fulfilled` (dispatched).
 */
export const ACP_WEBHOOK_VERSIONS = ['2025-09-29', '2026-04-17'] as const;
export type AcpWebhookVersion = (typeof ACP_WEBHOOK_VERSIONS)[number];

export const isAcpWebhookVersion = (v: string): v is AcpWebhookVersion =>
  (ACP_WEBHOOK_VERSIONS as readonly string[]).includes(v);

export type AcpOrderStatus2025 =
  'created' | 'manual_review' | 'confirmed' | 'canceled' | 'shipped' | 'fulfilled';
export type AcpOrderStatus2026 =
  'created' | 'confirmed' | 'manual_review' | 'processing' | 'shipped' | 'completed' | 'canceled';

type OrderFacts = Pick<Order, 'status' | 'tracking'>;
type PaymentFacts = Pick<Payment, 'status'> | null | undefined;

/** Payment states under which a live order must be looked at by a person before it is fulfilled. */
const REVIEW_PAYMENT_STATUSES = new Set(['needs_review', 'failed', 'canceled', 'expired']);

/** The ACP order status for `apiVersion` of an engine order (and its payment). */
export function acpOrderStatus(
  apiVersion: '2025-09-29',
  order: OrderFacts,
  payment?: PaymentFacts,
): AcpOrderStatus2025;
export function acpOrderStatus(
  apiVersion: '2026-04-17',
  order: OrderFacts,
  payment?: PaymentFacts,
): AcpOrderStatus2026;
export function acpOrderStatus(
  apiVersion: AcpWebhookVersion,
  order: OrderFacts,
  payment?: PaymentFacts,
): AcpOrderStatus2025 | AcpOrderStatus2026;
export function acpOrderStatus(
  apiVersion: AcpWebhookVersion,
  order: OrderFacts,
  payment?: PaymentFacts,
): AcpOrderStatus2025 | AcpOrderStatus2026 {
  const v2025 = apiVersion === '2025-09-29';
  if (order.status === 'CANCELLED' || order.status === 'REJECTED') return 'canceled';
  if (payment && REVIEW_PAYMENT_STATUSES.has(payment.status)) return 'manual_review';
  if (order.status === 'FULFILLED') return v2025 ? 'fulfilled' : 'shipped';
  if (order.status === 'ACCEPTED') return order.tracking?.number ? 'shipped' : 'confirmed';
  // PENDING / IN_PROGRESS: paid, not yet accepted by the store.
  return 'created';
}

/** Where the buyer (and the agent) can look at the order: the storefront's order confirmation page. */
export function acpOrderPermalink(publicUrl: string, merchantId: string, sessionId: string): string {
  return `${publicUrl}/storefront/${merchantId}/success?session_id=${encodeURIComponent(sessionId)}`;
}

/** Money given back to the buyer, in minor units: all of it when refunded, else what the provider said. */
function refundedMinor(order: Order, payment: Payment | null): number {
  if (!payment) return 0;
  if (payment.status === 'refunded') return order.totalMinor;
  const reported = payment.providerPayload?.amount_refunded;
  return payment.status === 'partially_refunded' && Number.isInteger(reported) && Number(reported) > 0
    ? Math.min(Number(reported), order.totalMinor)
    : 0;
}

export interface OrderEventInput {
  eventType: 'order_create' | 'order_update';
  sessionId: string;
  permalinkUrl: string;
  order: Order;
  checkout: Checkout;
  payment: Payment | null;
}

/** The `data` of a 2025-09-29 order event (EventDataOrder). */
function data2025(input: OrderEventInput) {
  const refunded = refundedMinor(input.order, input.payment);
  return {
    type: 'order' as const,
    checkout_session_id: input.sessionId,
    permalink_url: input.permalinkUrl,
    status: acpOrderStatus('2025-09-29', input.order, input.payment),
    refunds: refunded > 0 ? [{ type: 'original_payment' as const, amount: refunded }] : [],
  };
}

/** The `data` of a 2026-04-17 order event: the full Order (line items, fulfilment, adjustments, totals). */
function data2026(input: OrderEventInput) {
  const { order, checkout, payment } = input;
  const status = acpOrderStatus('2026-04-17', order, payment);
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
  const refunded = refundedMinor(order, payment);
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
    adjustments:
      refunded > 0
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
        : [],
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

/** The WebhookEvent body of `version` for this order, and the status it reports. */
export function orderEvent(version: AcpWebhookVersion, input: OrderEventInput) {
  const data = version === '2025-09-29' ? data2025(input) : data2026(input);
  return { body: { type: input.eventType, data }, status: data.status };
}
