import { and, asc, eq, inArray, isNotNull, isNull, lt, not, like, or, sql } from 'drizzle-orm';
import { merchants, orders, refunds } from '../../db/schema/index';
import { ProviderError } from '../../integrations/http';
import { holderGone } from '../../jobs/instances';
import { CommerceError, merchantStore, type EngineDeps } from '../commerce';
import { REFUNDING_PLATFORMS, STORE_REFUSED_PREFIX } from './store-refund';

/** The queue that tells a store of one cancellation; its retries are the store-order write's (ADR 052). */
export const STORE_CANCEL_QUEUE = 'write-store-cancel';

/** Another writer holds the order's cancel lease; the job tries again shortly. */
export class StoreCancelInProgress extends Error {
  constructor(orderId: string) {
    super(`another writer is telling the store of the cancellation of order ${orderId}`);
    this.name = 'StoreCancelInProgress';
  }
}

/** The words a merchant reads in the store's admin. */
const REASON_WORDS: Record<string, string> = {
  duplicate: 'Duplicate payment',
  fraudulent: 'Fraudulent payment',
  requested_by_customer: 'Requested by the customer',
  other: 'Cancelled',
};

/**
 * A refund of the order that succeeded and is still on its way to the store: the cancel waits for it, so
 * the store ends cancelled (a full refund alone moves a WooCommerce order to `refunded`).
 */
const refundOnItsWay = sql`exists (select 1 from ${refunds} where ${refunds.orderId} = ${orders.id}
  and ${refunds.status} = 'succeeded' and ${refunds.storeRefundId} is null
  and ${inArray(orders.platform, REFUNDING_PLATFORMS)}
  and (${refunds.storeWriteError} is null or ${refunds.storeWriteError} not like ${`${STORE_REFUSED_PREFIX}%`}))`;

/** What is owed the store: a merchant's cancellation it has not confirmed, whose store order exists. */
const owedTheStore = and(
  eq(orders.status, 'CANCELLED'),
  eq(orders.cancelledBy, 'merchant'),
  isNull(orders.storeCancelledAt),
  isNotNull(orders.storeOrderId),
);

/**
 * Tells the store of the merchant's cancellation, once (ADR 056), as a refund is told (ADR 052): a lease
 * on the order's cancel write lets one writer at a time try, with no transaction held over the HTTP call,
 * a dead writer's lease is free at once, and the store's cancel is idempotent (WooCommerce's status
 * `cancelled`, the custom API's `POST /orders/{id}/cancel` keyed by our order id), so a retry after a lost
 * answer changes nothing. Throws when the store could not be reached (the queue tries again); a store
 * that refuses for good has its refusal recorded, prefixed `refused: `, for the merchant. Returns whether
 * the store was told now.
 */
export async function writeStoreCancel(deps: EngineDeps, orderId: string): Promise<boolean> {
  const now = deps.clock.now();
  const [order] = await deps.db
    .update(orders)
    .set({
      storeCancelLeaseUntil: new Date(now.getTime() + deps.instance.leases.storeWriteLeaseMs),
      storeCancelClaimedBy: deps.instance.id,
      storeCancelAttempts: sql`${orders.storeCancelAttempts} + 1`,
    })
    .where(
      and(
        eq(orders.id, orderId),
        owedTheStore,
        not(refundOnItsWay),
        or(
          isNull(orders.storeCancelLeaseUntil),
          lt(orders.storeCancelLeaseUntil, now),
          holderGone(orders.storeCancelClaimedBy),
        ),
      ),
    )
    .returning();
  if (!order) {
    const [current] = await deps.db
      .select({
        told: orders.storeCancelledAt,
        leaseUntil: orders.storeCancelLeaseUntil,
        waiting: sql<boolean>`${refundOnItsWay}`,
      })
      .from(orders)
      .where(and(eq(orders.id, orderId), owedTheStore));
    if (current && ((current.leaseUntil && current.leaseUntil > now) || current.waiting)) {
      throw new StoreCancelInProgress(orderId);
    }
    return false;
  }
  const [merchant] = await deps.db.select().from(merchants).where(eq(merchants.id, order.merchantId));
  const record = (changes: { storeCancelledAt?: Date; storeCancelError: string | null }) =>
    deps.db
      .update(orders)
      .set({ ...changes, storeCancelLeaseUntil: null })
      .where(and(eq(orders.id, order.id), eq(orders.storeCancelClaimedBy, deps.instance.id)));
  try {
    const store = await merchantStore(deps, merchant!, order.platform ? { platform: order.platform } : {});
    const storeOrderId = order.storeOrderId!;
    const reason = `${REASON_WORDS[order.cancelReason ?? 'other'] ?? 'Cancelled'} (cancelled in AgentCart)`;
    const { cancelOrder } = store.adapter;
    if (cancelOrder) {
      await cancelOrder.call(store.adapter, store.ctx, storeOrderId, { reference: order.id, reason });
    } else {
      await store.adapter.updateOrderStatus(store.ctx, storeOrderId, 'cancelled');
    }
    await record({ storeCancelledAt: deps.clock.now(), storeCancelError: null });
    return true;
  } catch (err) {
    const message =
      err instanceof ProviderError
        ? `${err.kind}: ${err.message}`
        : err instanceof Error
          ? err.message
          : String(err);
    if (err instanceof CommerceError || (err instanceof ProviderError && !err.retryable)) {
      await record({ storeCancelError: `${STORE_REFUSED_PREFIX}${message}`.slice(0, 500) });
      return false;
    }
    await record({ storeCancelError: message.slice(0, 500) });
    throw err;
  }
}

/** Queues the store write of an order's cancellation. */
export async function queueStoreCancel(deps: EngineDeps, orderId: string): Promise<void> {
  await deps.jobs.enqueue(STORE_CANCEL_QUEUE, { orderId }, { singletonKey: `cancel-${orderId}` });
}

/**
 * The sweep behind the queue: cancellations the store has not been told of whose store order exists
 * (written after the cancel, or its job lost or given up on), longest untouched first. A refusal is left
 * for the merchant.
 */
export async function sweepStoreCancels(deps: EngineDeps): Promise<number> {
  const now = deps.clock.now();
  const owed = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        owedTheStore,
        or(isNull(orders.storeCancelError), not(like(orders.storeCancelError, `${STORE_REFUSED_PREFIX}%`))),
        or(
          isNull(orders.storeCancelLeaseUntil),
          lt(orders.storeCancelLeaseUntil, now),
          holderGone(orders.storeCancelClaimedBy),
        ),
      ),
    )
    .orderBy(asc(orders.updatedAt))
    .limit(200);
  for (const { id } of owed) await queueStoreCancel(deps, id);
  return owed.length;
}
