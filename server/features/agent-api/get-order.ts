import { and, eq } from 'drizzle-orm';
import type { Merchant } from '../../db/schema/index';
import { orders } from '../../db/schema/index';
import { CommerceError } from '../commerce/commerce-error';
import { merchantStore, type CommerceDeps } from '../commerce/merchant-accounts';
import { ORDER_STATUS_FROM_STORE } from '../commerce/write-store-order';

/**
 * An order as the agent sees it, refreshed from the store when it has been written there (fulfilment
 * happens in the merchant's store). A store that cannot be reached leaves the last known status.
 */
export async function getOrderForAgent(deps: CommerceDeps, merchant: Merchant, orderId: string) {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(orderId);
  const [order] = isUuid
    ? await deps.db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.merchantId, merchant.id)))
    : [];
  if (!order) throw new CommerceError('not_found', 'Unknown order', { order_id: orderId });
  if (!order.storeOrderId) return order;
  try {
    const store = await merchantStore(deps, merchant);
    const storeOrder = await store.adapter.getOrder(store.ctx, order.storeOrderId);
    const status = ORDER_STATUS_FROM_STORE[storeOrder.status] ?? order.status;
    if (status === order.status) return order;
    const [updated] = await deps.db
      .update(orders)
      .set({ status, updatedAt: deps.runtime.clock.now() })
      .where(eq(orders.id, order.id))
      .returning();
    return updated!;
  } catch (err) {
    deps.runtime.logger.warn({ err, orderId }, 'could not refresh the order from the store');
    return order;
  }
}
