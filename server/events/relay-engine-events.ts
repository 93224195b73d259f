import { and, asc, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { engineEvents } from '../db/schema/index';
import type { JobDefinition, JobQueue } from '../jobs/queue';
import type { Logger } from '../lib/logger';
import { engineEvent, subscriberQueue, type EngineEvent, type EngineEventSubscriber } from './engine-event';

const BATCH = 100;
/**
 * Events a subscriber takes per polling interval (per instance). The queue waits an interval after every
 * fetch, so one at a time was half an event a second: a busy merchant's webhooks and fees fell minutes
 * behind its orders. A batch runs in event order, so orders take their places in the month as they came.
 */
const SUBSCRIBER_BATCH = 50;
/** Longer than handing a batch to the queue takes; a relay that died holding rows lets them go after it. */
const LEASE = sql`now() + interval '1 minute'`;
const RETENTION_DAYS = 7;

interface RelayDeps {
  db: Db;
  jobs: JobQueue;
}

/**
 * Hands every event not yet relayed to the job queue of each subscriber to its topic, then marks it
 * relayed. Rows are claimed with a lease (SKIP LOCKED), so instances relaying at once share the work. A
 * crash between queueing and marking queues those events again: delivery is at least once, and
 * subscribers read their subject's current state, so a repeat is harmless. Returns how many it relayed.
 */
export async function relayEngineEvents(
  deps: RelayDeps,
  subscribers: readonly EngineEventSubscriber[],
): Promise<number> {
  let relayed = 0;
  for (;;) {
    const claimable = deps.db
      .select({ id: engineEvents.id })
      .from(engineEvents)
      .where(
        and(
          isNull(engineEvents.relayedAt),
          or(isNull(engineEvents.relayLeaseUntil), lt(engineEvents.relayLeaseUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(engineEvents.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const rows = await deps.db
      .update(engineEvents)
      .set({ relayLeaseUntil: LEASE })
      .where(inArray(engineEvents.id, claimable))
      .returning();
    if (rows.length === 0) return relayed;
    rows.sort((a, b) => a.id - b.id);
    for (const row of rows) {
      const event: EngineEvent = engineEvent.parse(row);
      for (const subscriber of subscribers) {
        if (subscriber.topics.includes(event.topic))
          await deps.jobs.enqueue<EngineEvent>(subscriberQueue(subscriber), event);
      }
    }
    await deps.db
      .update(engineEvents)
      .set({ relayedAt: sql`now()`, relayLeaseUntil: null })
      .where(
        inArray(
          engineEvents.id,
          rows.map((row) => row.id),
        ),
      );
    relayed += rows.length;
  }
}

/**
 * Relays as events arrive: every `intervalMs` in each instance that works jobs (an indexed look at the
 * unrelayed rows when there are none). Failures are logged and the next round tries again.
 */
export function startEngineEventRelay(
  deps: RelayDeps & { logger: Logger },
  subscribers: readonly EngineEventSubscriber[],
  opts: { intervalMs: number },
): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  const next = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      round = relayEngineEvents(deps, subscribers)
        .then(() => undefined)
        .catch((err: unknown) => deps.logger.warn({ err }, 'engine events not relayed; trying again'))
        .finally(next);
    }, opts.intervalMs);
    timer.unref();
  };
  next();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}

/** Each subscriber's queue, with its own retries; and the relayed events' clean-up after a week. */
export function engineEventJobs(
  deps: RelayDeps,
  subscribers: readonly EngineEventSubscriber[],
): JobDefinition<never>[] {
  return [
    ...subscribers.map((subscriber) => ({
      name: subscriberQueue(subscriber),
      retryLimit: subscriber.retryLimit,
      retryDelaySeconds: subscriber.retryDelaySeconds,
      batchSize: SUBSCRIBER_BATCH,
      batchOrder: (a: EngineEvent, b: EngineEvent) => a.id - b.id,
      handler: (event: EngineEvent) => subscriber.handle(engineEvent.parse(event)),
    })),
    {
      name: 'purge-engine-events',
      retryLimit: 2,
      retryDelaySeconds: 300,
      cron: '41 3 * * *',
      handler: async () => {
        await deps.db
          .delete(engineEvents)
          .where(
            and(
              lt(engineEvents.occurredAt, sql`now() - make_interval(days => ${RETENTION_DAYS})`),
              sql`${engineEvents.relayedAt} IS NOT NULL`,
            ),
          );
      },
    },
  ] as JobDefinition<never>[];
}
