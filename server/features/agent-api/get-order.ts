import { and, eq } from 'drizzle-orm';
import type { Merchant } from '../../db/schema/index';
import { orders } from '../../db/schema/index';
import { isUuid } from '../../lib/ids';
import { CommerceError, type EngineDeps, refreshOrderFromStore } from '../commerce';

/**
 * An order as the agent sees it, refreshed from the store when it has been written there (fulfilment
 * happens in the merchant's store). A store that cannot be reached leaves the last known status.
 */
export async function getOrderForAgent(deps: EngineDeps, merchant: Merchant, orderId: string) {
  const [order] = isUuid(orderId)
    ? await deps.db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.merchantId, merchant.id)))
    : [];
  if (!order) throw new CommerceError('not_found', 'Unknown order', { order_id: orderId });
  return refreshOrderFromStore(deps, merchant, order);
}
