import { and, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import { merchants, orders, type Merchant, type Order } from '../../db/schema/index';
import type { EngineDeps } from './confirm-checkout';
import { merchantStore } from './merchant-accounts';
import { ORDER_STATUS_FROM_STORE } from './write-store-order';

/** Orders still moving in the store (fulfilment, cancellation) are re-read for this long. */
const SYNC_WINDOW_DAYS = 30;
const SYNC_BATCH = 200;

/**
 * Re-reads an order's status from the store (fulfilment and cancellation happen there) and records a
 * change (an engine event, so an ACP agent hears of it). An unreachable store leaves it as it was.
 */
export async function refreshOrderFromStore(
  deps: EngineDeps,
  merchant: Merchant,
  order: Order,
): Promise<Order> {
  if (!order.storeOrderId) return order;
  try {
    // The store it was written to: the merchant may sell from another store since.
    const store = await merchantStore(deps, merchant, order.platform ? { platform: order.platform } : {});
    const storeOrder = await store.adapter.getOrder(store.ctx, order.storeOrderId);
    const status = ORDER_STATUS_FROM_STORE[storeOrder.status] ?? order.status;
    // The merchant's own cancellation is not the store's to move (the store is told of it, ADR 056).
    if (status === order.status || order.cancelledBy === 'merchant') return order;
    const now = deps.clock.now();
    const [updated] = await deps.db
      .update(orders)
      .set({
        status,
        // The store cancelled it: the merchant's store-cancellation policy decides the refund (ADR 056).
        ...(status === 'CANCELLED' ? { cancelledAt: now, cancelledBy: 'store' } : {}),
        updatedAt: now,
      })
      .where(and(eq(orders.id, order.id), isNull(orders.cancelledBy)))
      .returning();
    return updated ?? order;
  } catch (err) {
    deps.logger.warn({ err, orderId: order.id }, 'could not refresh the order from the store');
    return order;
  }
}

/** Background twin of an agent's order read: recent accepted orders are re-read from their stores. */
export async function syncOrdersFromStores(deps: EngineDeps) {
  const since = new Date(deps.clock.now().getTime() - SYNC_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const open = await deps.db
    .select({ order: orders, merchant: merchants })
    .from(orders)
    .innerJoin(merchants, eq(merchants.id, orders.merchantId))
    .where(
      and(inArray(orders.status, ['ACCEPTED']), isNotNull(orders.storeOrderId), gt(orders.createdAt, since)),
    )
    .limit(SYNC_BATCH);
  for (const { order, merchant } of open) await refreshOrderFromStore(deps, merchant, order);
}
