import { and, asc, eq, inArray, isNotNull, isNull, lt, not, like, or, sql } from 'drizzle-orm';
import { merchants, orders, refunds, type Refund } from '../../db/schema/index';
import { ProviderError } from '../../integrations/http';
import { STORE_PLATFORM_IDS, storePlatform } from '../../integrations/stores/registry';
import { holderGone } from '../../jobs/instances';
import { CommerceError, merchantStore, type EngineDeps } from '../commerce';

/** The queue that tells a store of one refund; its retries are the store-order write's (every 5 s, 10 min). */
export const STORE_REFUND_QUEUE = 'write-store-refund';

/**
 * A refund the store refused for good (an order line it does not have, an API without the refund
 * endpoint): recorded for the merchant to see and not sent again by the sweep, as sending the same
 * would be refused the same way.
 */
export const STORE_REFUSED_PREFIX = 'refused: ';

/** Platforms whose adapter can record a refund on its order. */
export const REFUNDING_PLATFORMS = STORE_PLATFORM_IDS.filter((id) => storePlatform(id).refundOrder);

/** Another writer holds the refund's store-write lease; the job tries again shortly. */
export class StoreRefundInProgress extends Error {
  constructor(refundId: string) {
    super(`another writer is telling the store of refund ${refundId}`);
    this.name = 'StoreRefundInProgress';
  }
}

/** The words a merchant reads in the store's admin for each of our reasons. */
const REASON_WORDS: Record<string, string> = {
  duplicate: 'Duplicate payment',
  fraudulent: 'Fraudulent payment',
  requested_by_customer: 'Requested by the customer',
  other: 'Refunded',
};

const storeReason = (refund: Refund) =>
  `${REASON_WORDS[refund.reason] ?? 'Refunded'} (AgentCart refund ${refund.id})`;

/**
 * Tells the store of a refund that succeeded, once (ADR 052): the refund's store-write lease lets one
 * writer at a time try (as an order's does, ADR 021), a retry after an attempt whose answer was lost
 * first asks the store for a refund carrying our id, and the store's id is recorded so it is never sent
 * again. Throws when the store could not be reached (the job queue tries again); a store that refuses
 * for good gets its refusal recorded instead. Returns the store's refund id, or null when there is
 * nothing to send (not succeeded, already sent, no store order yet, a platform without refunds).
 */
export async function writeStoreRefund(deps: EngineDeps, refundId: string): Promise<string | null> {
  const now = deps.clock.now();
  const [refund] = await deps.db
    .update(refunds)
    .set({
      storeWriteLeaseUntil: new Date(now.getTime() + deps.instance.leases.storeWriteLeaseMs),
      storeWriteClaimedBy: deps.instance.id,
      storeWriteAttempts: sql`${refunds.storeWriteAttempts} + 1`,
    })
    .where(
      and(
        eq(refunds.id, refundId),
        eq(refunds.status, 'succeeded'),
        isNull(refunds.storeRefundId),
        isNotNull(refunds.orderId),
        or(
          isNull(refunds.storeWriteLeaseUntil),
          lt(refunds.storeWriteLeaseUntil, now),
          holderGone(refunds.storeWriteClaimedBy),
        ),
        sql`exists (select 1 from ${orders} where ${orders.id} = ${refunds.orderId} and ${orders.storeOrderId} is not null)`,
      ),
    )
    .returning();
  if (!refund) {
    const [current] = await deps.db
      .select({ storeRefundId: refunds.storeRefundId, leaseUntil: refunds.storeWriteLeaseUntil })
      .from(refunds)
      .where(eq(refunds.id, refundId));
    if (current && current.storeRefundId === null && current.leaseUntil && current.leaseUntil > now) {
      throw new StoreRefundInProgress(refundId);
    }
    return null;
  }
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, refund.orderId!));
  const [merchant] = await deps.db.select().from(merchants).where(eq(merchants.id, refund.merchantId));
  const record = (changes: Partial<Refund>) =>
    deps.db
      .update(refunds)
      .set({ ...changes, storeWriteLeaseUntil: null, updatedAt: deps.clock.now() })
      .where(and(eq(refunds.id, refund.id), eq(refunds.storeWriteClaimedBy, deps.instance.id)));
  try {
    const store = await merchantStore(deps, merchant!, order!.platform ? { platform: order!.platform } : {});
    const { refundOrder, findRefund } = store.adapter;
    if (!refundOrder) {
      await record({ storeWriteError: `${STORE_REFUSED_PREFIX}this store platform is not told of refunds` });
      return null;
    }
    const storeOrderId = order!.storeOrderId!;
    const earlier =
      refund.storeWriteAttempts > 1 && findRefund
        ? await findRefund.call(store.adapter, store.ctx, storeOrderId, refund.id)
        : null;
    const written =
      earlier ??
      (await refundOrder.call(store.adapter, store.ctx, storeOrderId, {
        reference: refund.id,
        amountMinor: refund.amountMinor,
        currency: refund.currency,
        reason: storeReason(refund),
        lines: (refund.lineItems ?? []).map((line) => ({
          sku: line.sku,
          quantity: line.quantity,
          amountMinor: line.amountMinor,
        })),
        restock: refund.restock,
      }));
    await record({ storeRefundId: written.id, storeWriteError: null });
    return written.id;
  } catch (err) {
    const message =
      err instanceof ProviderError
        ? `${err.kind}: ${err.message}`
        : err instanceof Error
          ? err.message
          : String(err);
    if (err instanceof CommerceError || (err instanceof ProviderError && !err.retryable)) {
      // The store answered no (or is no longer connected): sending the same again would get the same.
      await record({ storeWriteError: `${STORE_REFUSED_PREFIX}${message}`.slice(0, 500) });
      return null;
    }
    await record({ storeWriteError: message.slice(0, 500) });
    throw err;
  }
}

/** Queues the store write of a payment's succeeded refunds the store has not been told of. */
export async function queueStoreRefunds(deps: EngineDeps, paymentId: string): Promise<void> {
  const owed = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(eq(refunds.paymentId, paymentId), eq(refunds.status, 'succeeded'), isNull(refunds.storeRefundId)),
    );
  for (const { id } of owed)
    await deps.jobs.enqueue(STORE_REFUND_QUEUE, { refundId: id }, { singletonKey: id });
}

/**
 * The sweep behind the queue: succeeded refunds whose store order exists (written after the refund, or
 * its job lost or given up on) and that the store has not been told of, longest untouched first. A
 * refusal recorded for good is left for the merchant.
 */
export async function sweepStoreRefunds(deps: EngineDeps): Promise<number> {
  if (REFUNDING_PLATFORMS.length === 0) return 0;
  const now = deps.clock.now();
  const owed = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(
      and(
        eq(refunds.status, 'succeeded'),
        isNull(refunds.storeRefundId),
        isNotNull(orders.storeOrderId),
        inArray(orders.platform, REFUNDING_PLATFORMS),
        or(isNull(refunds.storeWriteError), not(like(refunds.storeWriteError, `${STORE_REFUSED_PREFIX}%`))),
        or(
          isNull(refunds.storeWriteLeaseUntil),
          lt(refunds.storeWriteLeaseUntil, now),
          holderGone(refunds.storeWriteClaimedBy),
        ),
      ),
    )
    .orderBy(asc(refunds.updatedAt))
    .limit(200);
  for (const { id } of owed)
    await deps.jobs.enqueue(STORE_REFUND_QUEUE, { refundId: id }, { singletonKey: id });
  return owed.length;
}
