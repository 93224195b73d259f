import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { webhookDeliveries, type WebhookDelivery } from '../../db/schema/index';
import type { IntegrationRuntime } from '../../integrations/runtime';
import type { JobDefinition, JobQueue } from '../../jobs/queue';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { postWebhook } from './post-webhook';

/** Retries after the first attempt (pg-boss backoff from 5 s doubling: about 40 minutes to 1.5 hours in all). */
export const DELIVERY_RETRY_LIMIT = 8;
export const DELIVERY_RETRY_DELAY_SECONDS = 5;

export interface OutboundWebhookDeps {
  db: Db;
  jobs: JobQueue;
  runtime: Pick<IntegrationRuntime, 'mode' | 'context'>;
  clock: Clock;
}

/**
 * Who a delivery is for, and how it is signed: the agent platform's order events in the ACP version's
 * scheme, a UCP platform's order events under RFC 9421 (ucp/order-webhooks.ts), the merchant's own
 * webhooks under Standard Webhooks. Everything else (the log, the job, retries
 * and backoff, the safe POST) is shared.
 */
export interface WebhookChannel {
  /** The delivery rows' `channel`. */
  id: 'acp_agent' | 'ucp_platform' | 'merchant';
  /** Its delivery job queue; keep it stable, as queued deliveries wait under it across deploys. */
  queue: string;
  /** The receiving end as the merchant knows it, for failure messages ("The agent endpoint"). */
  endpoint: string;
  messages: { notFound: string; inProgress: string; noSecret: string };
  /** Headers that sign `row.payload` at `now`; null when the merchant has no secret (the delivery fails). */
  sign(row: WebhookDelivery, now: Date): Promise<Record<string, string> | null>;
  /** Where a redelivery goes: the merchant's endpoint for this channel now, or null to keep the row's. */
  currentUrl(merchantId: string): Promise<string | null>;
}

/**
 * A delivery job: `attemptsBefore` is the row's attempt count when queued, so the job knows its last try.
 * `receiver` (an ACP session) names deliveries that must arrive in the order they were queued (`queuedAt`):
 * an agent told "shipped" before "created" would be misled. Jobs queued before these existed have neither.
 */
export interface DeliveryJob {
  deliveryId: string;
  attemptsBefore: number;
  receiver?: string;
  queuedAt?: number;
}

/** Thrown to make the job queue try again later; what went wrong is already on the delivery row. */
class DeliveryFailed extends Error {}

/**
 * Hands a recorded delivery to its channel's job; not again while a job for it waits to run or retry, so
 * a caller unsure whether it queued one (it crashed in between) can simply queue it again.
 */
export function queueDelivery(
  deps: Pick<OutboundWebhookDeps, 'jobs'>,
  channel: WebhookChannel,
  deliveryId: string,
  opts: { attemptsBefore?: number; receiver?: string | null } = {},
): Promise<void> {
  return deps.jobs.enqueue<DeliveryJob>(
    channel.queue,
    {
      deliveryId,
      attemptsBefore: opts.attemptsBefore ?? 0,
      ...(opts.receiver ? { receiver: opts.receiver, queuedAt: Date.now() } : {}),
    },
    { singletonKey: deliveryId },
  );
}

interface Turn {
  /** Settles when the same receiver's delivery queued just before this one has been attempted. */
  previous: Promise<void>;
  finished(): void;
}

/**
 * The order a fetched batch's deliveries take: one receiver's one after another, oldest first (the
 * batch runs side by side, and two deliveries queued a moment apart are often fetched together);
 * different receivers, and deliveries with none, side by side as before.
 */
function turnsOf(items: readonly DeliveryJob[]): Map<DeliveryJob, Turn> {
  const turns = new Map<DeliveryJob, Turn>();
  const lastOf = new Map<string, Promise<void>>();
  const oldestFirst = [...items].sort((a, b) => (a.queuedAt ?? 0) - (b.queuedAt ?? 0));
  for (const job of oldestFirst) {
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    const previous = (job.receiver && lastOf.get(job.receiver)) || Promise.resolve();
    if (job.receiver) lastOf.set(job.receiver, done);
    turns.set(job, { previous, finished });
  }
  return turns;
}

/**
 * One attempt at a delivery: the stored body, signed now. 2xx is delivered; anything else is recorded on
 * the row and thrown so the queue retries with backoff, until the job's last try marks it failed. An
 * endpoint on a private network (live mode) or a missing secret fails at once: retrying cannot help.
 */
export async function attemptDelivery(
  deps: OutboundWebhookDeps,
  channel: WebhookChannel,
  job: DeliveryJob,
): Promise<void> {
  const [row] = await deps.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, job.deliveryId), eq(webhookDeliveries.channel, channel.id)));
  if (!row || row.status !== 'pending') return;
  const now = deps.clock.now();
  const attempt = row.attempts + 1;
  const lastTry = attempt - job.attemptsBefore > DELIVERY_RETRY_LIMIT;
  const record = (outcome: Partial<WebhookDelivery>) =>
    deps.db
      .update(webhookDeliveries)
      .set({ attempts: attempt, lastAttemptAt: now, updatedAt: now, ...outcome })
      .where(eq(webhookDeliveries.id, row.id));

  const headers = await channel.sign(row, now);
  if (!headers) {
    await record({
      status: 'failed',
      lastResponseStatus: null,
      lastResponseBody: null,
      lastError: channel.messages.noSecret,
    });
    return;
  }
  const answer = await postWebhook(deps.runtime, channel.endpoint, {
    url: row.url,
    body: row.payload,
    headers,
  });
  const final = answer.delivered || !answer.retryable || lastTry;
  await record({
    status: answer.delivered ? 'delivered' : final ? 'failed' : 'pending',
    ...(answer.delivered ? { deliveredAt: now } : {}),
    lastResponseStatus: answer.status,
    lastResponseBody: answer.body,
    lastError: answer.error,
  });
  if (!final) throw new DeliveryFailed(`${channel.id} webhook ${row.id} not delivered: ${answer.error}`);
}

/** The merchant's deliveries on one channel, newest first. */
export function listDeliveries(
  db: Db,
  channel: WebhookChannel,
  merchantId: string,
  limit: number,
): Promise<WebhookDelivery[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.merchantId, merchantId), eq(webhookDeliveries.channel, channel.id)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

/**
 * Sends one of the merchant's deliveries again (same body, fresh signature and timestamp) to the
 * channel's current endpoint, with a fresh set of retries. Not while it is still being attempted: two
 * jobs for one row would send it twice. Another merchant's delivery is simply not found.
 */
export async function redeliver(
  deps: OutboundWebhookDeps,
  channel: WebhookChannel,
  merchantId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const [row] = isUuid(deliveryId)
    ? await deps.db
        .select()
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.id, deliveryId),
            eq(webhookDeliveries.merchantId, merchantId),
            eq(webhookDeliveries.channel, channel.id),
          ),
        )
    : [];
  if (!row) throw new AppError('not_found', channel.messages.notFound);
  if (row.status === 'pending') throw new AppError('conflict', channel.messages.inProgress);
  if (!(await channel.sign(row, deps.clock.now())))
    throw new AppError('invalid_request', channel.messages.noSecret);
  const url = (await channel.currentUrl(merchantId)) ?? row.url;
  const [updated] = await deps.db
    .update(webhookDeliveries)
    .set({ status: 'pending', url, updatedAt: deps.clock.now() })
    .where(and(eq(webhookDeliveries.id, row.id), sql`${webhookDeliveries.status} <> 'pending'`))
    .returning();
  if (!updated) throw new AppError('conflict', channel.messages.inProgress);
  await queueDelivery(deps, channel, row.id, {
    attemptsBefore: updated.attempts,
    receiver: row.sessionId,
  });
  return updated;
}

/**
 * Deliveries one instance attempts side by side per polling interval: each is bounded by the POST's
 * timeout, and one at a time would pace every merchant's webhooks at one per interval.
 */
const DELIVERY_BATCH = 20;

/** The channel's delivery job, with the shared retry policy. */
export function deliveryJob(deps: OutboundWebhookDeps, channel: WebhookChannel): JobDefinition<DeliveryJob> {
  return {
    name: channel.queue,
    retryLimit: DELIVERY_RETRY_LIMIT,
    retryDelaySeconds: DELIVERY_RETRY_DELAY_SECONDS,
    batchSize: DELIVERY_BATCH,
    handler: async (job, batch) => {
      const turn = (await batch.once('turns', async () => turnsOf(batch.items))).get(job)!;
      await turn.previous;
      try {
        await attemptDelivery(deps, channel, job);
      } finally {
        turn.finished();
      }
    },
  };
}
