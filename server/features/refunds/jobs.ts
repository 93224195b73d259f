import { and, eq, isNull, lt } from 'drizzle-orm';
import { merchants, refunds } from '../../db/schema/index';
import type { JobDefinition } from '../../jobs/queue';
import type { EngineDeps } from '../commerce';
import { applyStoreCancellations } from './cancel-order';
import { settlePendingPayouts } from './lightning-refund';
import { STORE_CANCEL_QUEUE, sweepStoreCancels, writeStoreCancel } from './store-cancel';
import { sendCardRefund } from './send-refund';
import { queueStoreRefunds, STORE_REFUND_QUEUE, sweepStoreRefunds, writeStoreRefund } from './store-refund';

/** A refund's first call runs in its request; only one left unsent this long is the job's to send. */
const UNSENT_AFTER_MS = 60_000;
const BATCH = 50;

/**
 * Sends again the card refunds the provider could not be reached for: reserved in the ledger, pending,
 * with no provider id. The same idempotency key goes with every try, so a refund whose first answer was
 * lost (the provider made it) is answered, not made again.
 */
export async function sendUnsentRefunds(deps: EngineDeps): Promise<number> {
  const unsent = await deps.db
    .select({ refund: refunds, merchant: merchants })
    .from(refunds)
    .innerJoin(merchants, eq(merchants.id, refunds.merchantId))
    .where(
      and(
        eq(refunds.status, 'pending'),
        eq(refunds.rail, 'card'),
        eq(refunds.origin, 'merchant_app'),
        isNull(refunds.providerRefundId),
        lt(refunds.updatedAt, new Date(deps.clock.now().getTime() - UNSENT_AFTER_MS)),
      ),
    )
    .limit(BATCH);
  for (const { refund, merchant } of unsent) {
    await sendCardRefund(deps, merchant, refund);
    await queueStoreRefunds(deps, refund.paymentId);
  }
  return unsent.length;
}

export function refundJobs(deps: EngineDeps): JobDefinition<never>[] {
  return [
    {
      name: 'send-unsent-refunds',
      retryLimit: 0,
      retryDelaySeconds: 60,
      cron: '* * * * *',
      handler: () => sendUnsentRefunds(deps).then(() => undefined),
    },
    {
      // As the store-order write: every 5 s for 10 minutes, then the sweep queues it again (ADR 052).
      name: STORE_REFUND_QUEUE,
      retryLimit: 120,
      retryDelaySeconds: 5,
      retryBackoff: false,
      batchSize: 20,
      handler: async (data: { refundId: string }) => {
        await writeStoreRefund(deps, data.refundId);
      },
    },
    {
      // A Lightning refund's payout the provider answered pending (ADR 053).
      name: 'settle-lightning-payouts',
      retryLimit: 0,
      retryDelaySeconds: 60,
      cron: '* * * * *',
      handler: () => settlePendingPayouts(deps).then(() => undefined),
    },
    {
      // The merchant's cancellation, told to the store once (ADR 056): as the store-refund write.
      name: STORE_CANCEL_QUEUE,
      retryLimit: 120,
      retryDelaySeconds: 5,
      retryBackoff: false,
      batchSize: 20,
      handler: async (data: { orderId: string }) => {
        await writeStoreCancel(deps, data.orderId);
      },
    },
    {
      name: 'sweep-store-cancels',
      retryLimit: 0,
      retryDelaySeconds: 60,
      cron: '*/5 * * * *',
      handler: () => sweepStoreCancels(deps).then(() => undefined),
    },
    {
      // Orders the store cancelled, under the merchant's store-cancellation policy (ADR 056).
      name: 'apply-store-cancellations',
      retryLimit: 0,
      retryDelaySeconds: 60,
      cron: '* * * * *',
      handler: () => applyStoreCancellations(deps).then(() => undefined),
    },
    {
      name: 'sweep-store-refunds',
      retryLimit: 0,
      retryDelaySeconds: 60,
      cron: '*/5 * * * *',
      handler: () => sweepStoreRefunds(deps).then(() => undefined),
    },
  ] as JobDefinition<never>[];
}
