import { and, eq, sql } from 'drizzle-orm';
import { formatAmount } from '#common/domain/money';
import { preparedQuery } from '../../db/prepared-query';
import { orders, payments, refunds, type Order, type Payment, type Refund } from '../../db/schema/index';
import type { EngineEvent, EngineEventSubscriber } from '../../events/engine-event';
import { notify, type Notice, type NotifyDeps } from './notify';

const shortId = (order: Order) => order.id.slice(0, 8);

/** The engine creates an order only once its checkout is paid (settlement), so a new order is a paid one. */
const newOrderNotice = (order: Order): Notice => ({
  merchantId: order.merchantId,
  event: 'new_order',
  title: 'New order',
  body: `Order #${shortId(order)} for ${order.currency.toUpperCase()} ${formatAmount(order.totalMinor, order.currency)} was paid${order.agent ? ` by ${order.agent}` : ''}.`,
  link: '/dashboard',
  occurrenceKey: `new_order:${order.id}`,
});

const fulfilledNotice = (order: Order): Notice => ({
  merchantId: order.merchantId,
  event: 'order_fulfilled',
  title: 'Order fulfilled',
  body: `Your store fulfilled order #${shortId(order)}${order.storeOrderNumber ? ` (store order ${order.storeOrderNumber})` : ''}.`,
  link: '/dashboard',
  occurrenceKey: `order_fulfilled:${order.id}`,
});

const refundNotice = (refund: Refund): Notice => {
  const money = `${refund.currency.toUpperCase()} ${formatAmount(refund.amountMinor, refund.currency)}`;
  return refund.status === 'succeeded'
    ? {
        merchantId: refund.merchantId,
        event: 'order_refunded',
        title: 'Order refunded',
        body: `${money} was given back on order #${refund.orderId!.slice(0, 8)}.`,
        link: '/payments',
        occurrenceKey: `order_refunded:${refund.id}`,
      }
    : {
        merchantId: refund.merchantId,
        event: 'refund_failed',
        title: 'Refund failed',
        body: `A refund of ${money} on order #${refund.orderId!.slice(0, 8)} could not be made${refund.failureReason ? `: ${refund.failureReason}` : ''}. Its amount is refundable again.`,
        link: '/payments',
        occurrenceKey: `refund_failed:${refund.id}`,
      };
};

/** The buyer's bank disputed the order's card payment (ADR 053): told once per dispute. */
const disputeNotice = (payment: Payment, orderId: string): Notice => ({
  merchantId: payment.merchantId,
  event: 'payment_disputed',
  title: 'Payment disputed',
  body: `The buyer disputed the ${payment.currency.toUpperCase()} ${formatAmount(payment.amountMinor, payment.currency)} payment for order #${orderId.slice(0, 8)} with their bank${payment.disputeReason ? ` (${payment.disputeReason.replaceAll('_', ' ')})` : ''}. Respond in your Stripe dashboard before the deadline.`,
  link: '/payments',
  occurrenceKey: `payment_disputed:${payment.disputeId}`,
});

/**
 * The bank decided the order's dispute (ADR 058): told once per dispute, under the same switch as the
 * dispute's opening (one preference follows a dispute from start to end).
 */
const disputeClosedNotice = (payment: Payment, orderId: string): Notice => {
  const money = `${payment.currency.toUpperCase()} ${formatAmount(payment.disputeAmountMinor ?? payment.amountMinor, payment.currency)}`;
  const order = `order #${orderId.slice(0, 8)}`;
  const outcome =
    payment.disputeStatus === 'lost'
      ? {
          title: 'Dispute lost',
          body: `The bank decided the dispute on ${order} for the buyer: ${money} was taken back.`,
        }
      : payment.disputeStatus === 'won'
        ? {
            title: 'Dispute won',
            body: `The bank decided the dispute on ${order} for you: the ${money} stays yours.`,
          }
        : {
            title: 'Dispute closed',
            body: `The buyer's bank closed its inquiry on ${order} without a chargeback.`,
          };
  return {
    merchantId: payment.merchantId,
    event: 'payment_disputed',
    ...outcome,
    link: '/payments',
    occurrenceKey: `payment_dispute_closed:${payment.disputeId}`,
  };
};

/** The engine statuses of an order whose refund settled (migration 0036's trigger). */
const REFUND_SETTLED: Record<string, 'succeeded' | 'failed'> = {
  REFUND_SUCCEEDED: 'succeeded',
  REFUND_FAILED: 'failed',
};

/**
 * A new order, one the store sync says is fulfilled, or one whose refund settled: the order events a
 * merchant is told about.
 */
const toldAbout = (event: EngineEvent) =>
  event.change === 'created' ||
  event.status === 'FULFILLED' ||
  event.status === 'DISPUTED' ||
  event.status === 'DISPUTE_CLOSED' ||
  Object.hasOwn(REFUND_SETTLED, event.status ?? '');

const merchantOrder = preparedQuery((db) =>
  db
    .select()
    .from(orders)
    .where(and(eq(orders.id, sql.placeholder('id')), eq(orders.merchantId, sql.placeholder('merchantId')))),
);

/**
 * new_order, order_fulfilled, order_refunded and refund_failed, from the engine's order events: a created order, and an order whose
 * status the store sync moved to FULFILLED (commerce/refresh-order.ts). The order is read as it stands,
 * so a late or repeated event acts on the truth, and each order is told about once (its occurrence key).
 */
export function notificationOrderSubscriber(deps: NotifyDeps): EngineEventSubscriber {
  return {
    name: 'notifications',
    topics: ['order'],
    retryLimit: 5,
    retryDelaySeconds: 5,
    wants: toldAbout,
    async handle(event) {
      if (!toldAbout(event)) return;
      if (event.status === 'DISPUTED' || event.status === 'DISPUTE_CLOSED') {
        const [row] = await deps.db
          .select({ payment: payments })
          .from(orders)
          .innerJoin(payments, eq(payments.checkoutId, orders.checkoutId))
          .where(and(eq(orders.id, event.subjectId), eq(orders.merchantId, event.merchantId)));
        if (!row?.payment.disputeId) return;
        if (event.status === 'DISPUTED') await notify(deps, disputeNotice(row.payment, event.subjectId));
        else if (row.payment.disputeClosedAt)
          await notify(deps, disputeClosedNotice(row.payment, event.subjectId));
        return;
      }
      const settled = Object.hasOwn(REFUND_SETTLED, event.status ?? '')
        ? REFUND_SETTLED[event.status!]
        : undefined;
      if (settled) {
        // Each refund of the order in that status, once each (its occurrence key).
        const rows = await deps.db
          .select()
          .from(refunds)
          .where(
            and(
              eq(refunds.orderId, event.subjectId),
              eq(refunds.merchantId, event.merchantId),
              eq(refunds.status, settled),
            ),
          );
        for (const refund of rows) await notify(deps, refundNotice(refund));
        return;
      }
      const [order] = await merchantOrder(deps.db).execute({
        id: event.subjectId,
        merchantId: event.merchantId,
      });
      if (!order) return;
      if (event.change === 'created') await notify(deps, newOrderNotice(order));
      else if (order.status === 'FULFILLED') await notify(deps, fulfilledNotice(order));
    },
  };
}
