import { and, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { engineEvents } from '../db/schema/index';
import type { JobBatch, JobDefinition, JobQueue } from '../jobs/queue';
import type { Logger } from '../lib/logger';
import {
  engineEvent,
  subscriberQueue,
  subscribes,
  type EngineEvent,
  type EngineEventSubscriber,
} from './engine-event';
import { countOffers } from './count-offers';

/** Events one round hands over, in one transaction and one queue insert. */
const ROUND = 500;
/**
 * Events a subscriber takes per fetch (per instance). A full fetch is followed by the next at once
 * (jobs/queue.ts), so this is what one fetch and its reads shared by the batch are spread over, not a pace.
 * A batch runs in event order, so orders take their places in the month as they came.
 */
const SUBSCRIBER_BATCH = 100;
const RETENTION_DAYS = 7;

interface RelayDeps {
  db: Db;
  jobs: JobQueue;
}

/**
 * Not yet relayed, and not leased by a relay of an earlier version (which claimed rows with a lease, then
 * queued, then marked them) that may still be queueing them.
 */
const unrelayed = and(
  isNull(engineEvents.relayedAt),
  or(isNull(engineEvents.relayLeaseUntil), lt(engineEvents.relayLeaseUntil, sql`now()`)),
);

/**
 * Hands every event not yet relayed to the job queue of each subscriber that wants it, exactly once:
 * each round marks up to ROUND events relayed and queues their jobs in one transaction, so the jobs
 * exist exactly when the mark commits. Rows are claimed with SKIP LOCKED, so instances relaying at once
 * share the work and never hand an event over twice. Returns how many it relayed.
 */
export async function relayEngineEvents(
  deps: RelayDeps,
  subscribers: readonly EngineEventSubscriber[],
): Promise<number> {
  // Offers get their events here rather than in their insert: counted first, they go out this round.
  await countOffers(deps.db);
  // An indexed look first: an idle instance's round opens no transaction.
  const [pending] = await deps.db
    .select({ id: engineEvents.id })
    .from(engineEvents)
    .where(unrelayed)
    .limit(1);
  if (!pending) return 0;
  let relayed = 0;
  for (;;) {
    const round = await deps.db.transaction(async (tx) => {
      const claimable = tx
        .select({ id: engineEvents.id })
        .from(engineEvents)
        .where(unrelayed)
        .orderBy(engineEvents.id)
        .limit(ROUND)
        .for('update', { skipLocked: true });
      const rows = await tx
        .update(engineEvents)
        .set({ relayedAt: sql`now()`, relayLeaseUntil: null })
        .where(inArray(engineEvents.id, claimable))
        .returning();
      const events = rows.map((row) => engineEvent.parse(row)).sort((a, b) => a.id - b.id);
      const jobs = events.flatMap((event) =>
        subscribers
          .filter((subscriber) => subscribes(subscriber, event))
          .map((subscriber) => ({ name: subscriberQueue(subscriber), data: event })),
      );
      await deps.jobs.enqueueWithin(tx, jobs);
      return { events: events.length, queues: new Set(jobs.map((job) => job.name)) };
    });
    // After the commit: a worker woken before it would find nothing.
    deps.jobs.wake(round.queues);
    relayed += round.events;
    if (round.events < ROUND) return relayed;
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
      handler: (event: EngineEvent, batch: JobBatch<EngineEvent>) =>
        subscriber.handle(engineEvent.parse(event), batch),
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
