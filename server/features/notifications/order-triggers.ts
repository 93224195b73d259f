import { and, eq } from 'drizzle-orm';
import { formatAmount } from '#common/domain/money';
import { orders, type Order } from '../../db/schema/index';
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

/** A new order, or one the store sync says is fulfilled: the order events a merchant is told about. */
const toldAbout = (event: EngineEvent) => event.change === 'created' || event.status === 'FULFILLED';

/**
 * new_order and order_fulfilled, from the engine's order events: a created order, and an order whose
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
      const [order] = await deps.db
        .select()
        .from(orders)
        .where(and(eq(orders.id, event.subjectId), eq(orders.merchantId, event.merchantId)));
      if (!order) return;
      if (event.change === 'created') await notify(deps, newOrderNotice(order));
      else if (order.status === 'FULFILLED') await notify(deps, fulfilledNotice(order));
    },
  };
}
