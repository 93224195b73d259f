import { pathOf, ROUTES } from '#common/routes';
import type { Checkout, Order, Payment, Refund } from '../../../db/schema/index';

/**
 * What every ACP version's order events and order objects are built from. The engine knows: the order's
 * status (PENDING | IN_PROGRESS | ACCEPTED | FULFILLED | CANCELLED | REJECTED), tracking when the store
 * has it, and the payment's status (refunds included, when a provider reports them). It never knows
 * delivery, so no version is told an order was delivered.
 */
export type OrderFacts = Pick<Order, 'status' | 'tracking'>;
export type PaymentFacts =
  | (Pick<Payment, 'status'> &
      Partial<
        Pick<
          Payment,
          | 'disputeId'
          | 'disputeReason'
          | 'disputedAt'
          | 'disputeStatus'
          | 'disputeAmountMinor'
          | 'disputeClosedAt'
          | 'currency'
        >
      >)
  | null
  | undefined;

export interface OrderEventInput {
  eventType: 'order_create' | 'order_update';
  sessionId: string;
  permalinkUrl: string;
  order: Order;
  checkout: Checkout;
  payment: Payment | null;
  /** The order's refunds in the ledger (ADR 047), oldest first; none when omitted. */
  refunds?: RefundFacts[];
}

export type RefundFacts = Pick<
  Refund,
  'id' | 'amountMinor' | 'currency' | 'status' | 'reason' | 'lineItems' | 'createdAt' | 'updatedAt'
>;

/** Payment states under which a live order must be looked at by a person before it is fulfilled. */
const REVIEW_PAYMENT_STATUSES = new Set(['needs_review', 'failed', 'canceled', 'expired']);

/** Where an order stands, version-neutral; each version names `dispatched` in its own words. */
export type OrderProgress = 'created' | 'confirmed' | 'manual_review' | 'shipped' | 'dispatched' | 'canceled';

export function orderProgress(order: OrderFacts, payment?: PaymentFacts): OrderProgress {
  if (order.status === 'CANCELLED' || order.status === 'REJECTED') return 'canceled';
  if (payment && REVIEW_PAYMENT_STATUSES.has(payment.status)) return 'manual_review';
  if (order.status === 'FULFILLED') return 'dispatched';
  if (order.status === 'ACCEPTED') return order.tracking?.number ? 'shipped' : 'confirmed';
  // PENDING / IN_PROGRESS: paid, not yet accepted by the store.
  return 'created';
}

/**
 * Where the buyer (and the agent) can look at the order: the public order-status page, addressed by the
 * session's unguessable order-page token, so the link names no session, order or merchant.
 */
export function acpOrderPermalink(publicUrl: string, orderPageToken: string): string {
  return `${publicUrl}${pathOf(ROUTES.orderStatus, { token: orderPageToken })}`;
}

/**
 * Money given back to the buyer, in minor units: the ledger's succeeded refunds when it has any (ADR 047),
 * else all of it when the payment is refunded, else what the provider said.
 */
export function refundedMinor(order: Order, payment: Payment | null, refunds: RefundFacts[] = []): number {
  if (refunds.length) {
    const succeeded = refunds.filter((r) => r.status === 'succeeded');
    return Math.min(
      succeeded.reduce((sum, r) => sum + r.amountMinor, 0),
      order.totalMinor,
    );
  }
  if (!payment) return 0;
  if (payment.status === 'refunded') return order.totalMinor;
  const reported = payment.providerPayload?.amount_refunded;
  return payment.status === 'partially_refunded' && Number.isInteger(reported) && Number(reported) > 0
    ? Math.min(Number(reported), order.totalMinor)
    : 0;
}
