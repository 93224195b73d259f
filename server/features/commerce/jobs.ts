import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { checkouts, merchants, orders, payments } from '../../db/schema/index';
import { holderGone } from '../../jobs/instances';
import type { JobDefinition, JobQueue } from '../../jobs/queue';
import { CommerceError } from './commerce-error';
import { confirmBitcoin, STORE_ORDER_QUEUE, type EngineDeps } from './confirm-checkout';
import { merchantLightningAccount } from './merchant-accounts';
import { recoverStaleCardCheckouts } from './recover-stale-checkouts';
import { syncOrdersFromStores } from './refresh-order';
import { recordPaymentFailure } from './settlement';
import { writeStoreOrder } from './write-store-order';

const PAYLOAD_RETENTION_DAYS = 90;
const SETTLE_QUEUE = 'settle-open-checkouts';
const RECONCILE_QUEUE = 'reconcile-orders';

/**
 * Runs reconciliation and the settle job now rather than at their next scheduled time: at start-up and
 * whenever an instance is found dead, so what a dead process left (a claimed checkout, an unwritten
 * order, a paid invoice it never recorded) is repaired within seconds (docs/decisions/010).
 */
export async function queueRecovery(jobs: JobQueue) {
  for (const queue of [RECONCILE_QUEUE, SETTLE_QUEUE])
    await jobs.enqueue(queue, {}, { singletonKey: 'recovery' });
}

/**
 * Settles open Lightning checkouts with their provider (every 2 minutes, alongside webhooks and
 * agents' confirm polls, whichever comes first; settlement is exactly once), expires card checkouts that
 * were never confirmed, and makes a late payment on an expired invoice visible (needs_review).
 */
export async function settleOpenCheckouts(deps: EngineDeps) {
  const now = deps.clock.now();
  const open = await deps.db
    .select()
    .from(checkouts)
    .where(eq(checkouts.status, 'PENDING_PAYMENT'))
    .limit(500);
  for (const checkout of open) {
    const [merchant] = await deps.db.select().from(merchants).where(eq(merchants.id, checkout.merchantId));
    try {
      await confirmBitcoin(deps, merchant!, checkout, { fromAgent: false });
    } catch (err) {
      if (!(err instanceof CommerceError))
        deps.logger.warn({ err, checkoutId: checkout.id }, 'settlement check failed');
    }
  }
  const stale = await deps.db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(and(eq(checkouts.status, 'PENDING'), lt(checkouts.expiresAt, now)));
  for (const { id } of stale) {
    await recordPaymentFailure(deps, id, ['PENDING'], {
      checkoutStatus: 'EXPIRED',
      paymentStatus: 'expired',
      reason: 'checkout expired',
    });
  }
  await flagLatePayments(deps, new Date(now.getTime() - 24 * 60 * 60 * 1000));
}

async function flagLatePayments(deps: EngineDeps, since: Date) {
  const expired = await deps.db
    .select({ checkout: checkouts, payment: payments })
    .from(checkouts)
    .innerJoin(payments, eq(payments.checkoutId, checkouts.id))
    .where(
      and(
        eq(checkouts.status, 'EXPIRED'),
        eq(checkouts.method, 'btc'),
        gt(checkouts.expiresAt, since),
        eq(payments.status, 'expired'),
      ),
    )
    .limit(200);
  for (const { checkout, payment } of expired) {
    try {
      const [merchant] = await deps.db.select().from(merchants).where(eq(merchants.id, checkout.merchantId));
      const lightning = await merchantLightningAccount(deps, merchant!);
      const current = await lightning.provider.getPayment(lightning.ctx, payment.providerInvoiceId!);
      if (current.status === 'succeeded' || current.status === 'needs_review') {
        // The one move out of a terminal status, on purpose: money arrived for an invoice already
        // expired, so the checkout stays closed and a person decides what to do with the payment.
        await deps.db
          .update(payments)
          .set({
            status: 'needs_review',
            providerPayload: sql`${payments.providerPayload} || ${JSON.stringify({ late_payment: true, provider_status: current.providerStatus })}::jsonb`,
            updatedAt: deps.clock.now(),
          })
          .where(eq(payments.id, payment.id));
      }
    } catch (err) {
      deps.logger.warn({ err, checkoutId: checkout.id }, 'late payment check failed');
    }
  }
}

/**
 * Reconciliation: a card checkout whose confirm died mid-way is settled or released with its provider's
 * answer; a paid order not yet in the store (its job lost, or the process died between the payment and
 * the store write) is queued again; an accepted checkout without an order gets one; an order whose
 * payment is not succeeded is flagged for a person.
 */
export async function reconcileOrders(deps: EngineDeps) {
  await recoverStaleCardCheckouts(deps);
  const now = deps.clock.now();
  const unwritten = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        isNull(orders.storeOrderId),
        or(
          // The instance that owed the write died (before queueing it, or holding its lease).
          holderGone(orders.storeWriteClaimedBy),
          and(
            or(isNull(orders.storeWriteLeaseUntil), lt(orders.storeWriteLeaseUntil, now)),
            // Untouched for a write lease: a confirm's first attempt holds the lease, and a live
            // store-write job tries every few seconds and records each failure, so only an order whose
            // job was lost or gave up is queued again.
            lt(orders.updatedAt, new Date(now.getTime() - deps.instance.leases.storeWriteLeaseMs)),
          ),
        ),
      ),
    )
    // Longest untouched first: each failed attempt touches its order, so orders a store keeps refusing
    // go to the back, and more than a batch of them cannot starve an order whose job was lost.
    .orderBy(asc(orders.updatedAt))
    .limit(200);
  for (const { id } of unwritten)
    await deps.jobs.enqueue(STORE_ORDER_QUEUE, { orderId: id }, { singletonKey: id });

  const orphans = await deps.db
    .select({ checkout: checkouts })
    .from(checkouts)
    .leftJoin(orders, eq(orders.checkoutId, checkouts.id))
    .where(and(eq(checkouts.status, 'ACCEPTED'), isNull(orders.id)))
    .limit(200);
  for (const { checkout } of orphans) {
    const [order] = await deps.db
      .insert(orders)
      .values({
        merchantId: checkout.merchantId,
        checkoutId: checkout.id,
        status: 'IN_PROGRESS',
        totalMinor: checkout.amountMinor,
        currency: checkout.currency,
        storeWriteClaimedBy: deps.instance.id,
      })
      .onConflictDoNothing()
      .returning({ id: orders.id });
    if (!order) continue;
    await deps.jobs.enqueue(STORE_ORDER_QUEUE, { orderId: order.id }, { singletonKey: order.id });
  }

  const unpaid = await deps.db
    .select({ order: orders })
    .from(orders)
    .innerJoin(payments, eq(payments.checkoutId, orders.checkoutId))
    .where(
      and(
        inArray(payments.status, ['pending', 'failed', 'canceled', 'expired']),
        inArray(orders.status, ['IN_PROGRESS', 'ACCEPTED', 'PENDING']),
      ),
    )
    .limit(200);
  for (const { order } of unpaid) {
    deps.logger.error({ orderId: order.id }, 'reconciliation: order without a successful payment');
    await deps.db
      .update(orders)
      .set({
        storeWriteError: 'reconciliation: order has no successful payment; review before fulfilling',
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
  }
}

/** Provider payloads are purged after 90 days. */
export async function purgeOldPayloads(deps: EngineDeps) {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - PAYLOAD_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  await deps.db
    .update(payments)
    .set({ providerPayload: {}, payloadPurgedAt: now })
    .where(and(lt(payments.createdAt, cutoff), isNull(payments.payloadPurgedAt)));
}

export function commerceJobs(
  deps: EngineDeps,
  schedule: { reconcileIntervalSeconds: number | null; settleIntervalSeconds: number | null },
): JobDefinition<never>[] {
  return [
    {
      // A store back from an outage (or answering in time again) gets its orders within seconds: every
      // 5 s for 10 minutes, then reconciliation queues the order again. Orders are written side by side,
      // so a backlog drains at the store's pace rather than one order per polling interval.
      name: STORE_ORDER_QUEUE,
      retryLimit: 120,
      retryDelaySeconds: 5,
      retryBackoff: false,
      batchSize: 20,
      handler: async (data: { orderId: string }) => {
        await writeStoreOrder(deps, data.orderId);
      },
    },
    {
      name: SETTLE_QUEUE,
      retryLimit: 0,
      retryDelaySeconds: 30,
      cron: '*/2 * * * *',
      everySeconds: schedule.settleIntervalSeconds,
      handler: () => settleOpenCheckouts(deps),
    },
    {
      name: RECONCILE_QUEUE,
      retryLimit: 0,
      retryDelaySeconds: 60,
      cron: '*/5 * * * *',
      everySeconds: schedule.reconcileIntervalSeconds,
      handler: () => reconcileOrders(deps),
    },
    {
      name: 'sync-store-orders',
      retryLimit: 0,
      retryDelaySeconds: 60,
      cron: '*/10 * * * *',
      handler: () => syncOrdersFromStores(deps),
    },
    {
      name: 'purge-provider-payloads',
      retryLimit: 2,
      retryDelaySeconds: 300,
      cron: '17 3 * * *',
      handler: () => purgeOldPayloads(deps),
    },
  ] as JobDefinition<never>[];
}
