import PgBoss from 'pg-boss';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import type { Logger } from '../lib/logger';

/**
 * The durable job queue (pg-boss, in the app's own PostgreSQL), behind three verbs so features do not
 * depend on the library: `enqueue`, `schedule` and `work`. Jobs survive restarts; a failed job is retried
 * with exponential backoff; every instance can work, and pg-boss hands each job to one of them.
 */
export interface JobDefinition<Data> {
  name: string;
  /** Attempts after the first failure; delays grow 2^n from `retryDelaySeconds` unless `retryBackoff` is false. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** false: every retry waits `retryDelaySeconds`, so work resumes within seconds of an outage ending. */
  retryBackoff?: boolean;
  /**
   * Jobs an instance fetches at once (default 1); each one succeeds or fails on its own. A worker waits a
   * polling interval after every fetch, even a full one, so this is also the queue's pace: at most
   * `batchSize` jobs per interval per instance.
   */
  batchSize?: number;
  /** Run a batch's jobs one after another in this order, instead of side by side. */
  batchOrder?: (a: Data, b: Data) => number;
  /** Cron (UTC) for recurring jobs. */
  cron?: string;
  /** Instead of the cron: every this many seconds (crash drills; cron cannot go below a minute). */
  everySeconds?: number | null;
  handler(data: Data): Promise<void>;
}

/** How often a worker asks for new jobs of each queue, unless `start` is told otherwise. */
export const DEFAULT_POLLING_SECONDS = 2;

export interface JobQueue {
  enqueue<Data extends object>(
    name: string,
    data: Data,
    /** singletonKey: not sent while a job with the same key waits to run or to retry. */
    opts?: { singletonKey?: string; startAfterSeconds?: number },
  ): Promise<void>;
  start(
    definitions: JobDefinition<never>[],
    opts?: { work: boolean; pollingIntervalSeconds?: number },
  ): Promise<void>;
  stop(): Promise<void>;
}

/** How long `stop` waits, beyond pg-boss's own graceful stop, for running handlers and queue queries. */
const DRAIN_TIMEOUT_MS = 30_000;

export function createJobQueue(
  pool: pg.Pool,
  logger: Logger,
  /** How long a graceful stop lets running handlers finish before pg-boss fails their jobs. */
  opts: { gracefulStopMs?: number } = {},
): JobQueue {
  // pg-boss completes or fails a finished job without awaiting the query, and its graceful stop gives up
  // on a handler after its timeout while the handler runs on. Either query landing after the app closed
  // its pool is an unhandled rejection (CI caught one on PostgreSQL), so `stop` waits for both to settle.
  const queriesInFlight = new Set<Promise<unknown>>();
  let handlersRunning = 0;
  function tracked<T>(query: Promise<T>): Promise<T> {
    queriesInFlight.add(query);
    const settle = () => queriesInFlight.delete(query);
    query.then(settle, settle);
    return query;
  }

  const boss = new PgBoss({
    // Use the app's pool: one driver and one connection budget (and the only way to share PGlite).
    db: { executeSql: (text: string, values?: unknown[]) => tracked(pool.query(text, values as never[])) },
    schema: 'pgboss',
    supervise: true,
    schedule: true,
    migrate: true,
  } as ConstructorParameters<typeof PgBoss>[0]);
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  const definitions = new Map<string, JobDefinition<never>>();
  const timers: NodeJS.Timeout[] = [];

  // pg-boss de-duplicates a singletonKey only on queues made with a 'short', 'singleton' or 'stately'
  // policy, and a queue keeps the policy it was created with; ours are standard. Without this, a caller
  // that re-sends a key every few seconds (reconciliation during a store outage, found by the crash
  // drills) piles up jobs that starve the queue. Active jobs do not count: one whose process died stays
  // active until pg-boss expires it, and its work must be re-sent sooner (the caller's own guard, such as
  // the store write's lease, keeps a second run safe). Check-then-send may race; a spare job is harmless.
  async function hasWaitingJob(name: string, singletonKey: string): Promise<boolean> {
    const { rows } = await pool.query(
      `SELECT 1 FROM pgboss.job WHERE name = $1 AND singleton_key = $2 AND state IN ('created', 'retry') LIMIT 1`,
      [name, singletonKey],
    );
    return rows.length > 0;
  }

  return {
    async enqueue(name, data, opts = {}) {
      if (opts.singletonKey && (await hasWaitingJob(name, opts.singletonKey))) return;
      const definition = definitions.get(name);
      await boss.send(name, data, {
        retryLimit: definition?.retryLimit ?? 5,
        retryDelay: definition?.retryDelaySeconds ?? 5,
        retryBackoff: definition?.retryBackoff ?? true,
        ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
        ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
      });
    },

    async start(defs, opts = { work: true }) {
      await boss.start();
      for (const def of defs) {
        definitions.set(def.name, def);
        await boss.createQueue(def.name, {
          name: def.name,
          retryLimit: def.retryLimit,
          retryDelay: def.retryDelaySeconds,
          retryBackoff: def.retryBackoff ?? true,
        });
        if (def.everySeconds) {
          const seconds = def.everySeconds;
          // One run per period whichever instance sends it first (singletonSeconds is a unique slot).
          const tick = () =>
            boss
              .send(def.name, {}, { singletonSeconds: seconds })
              .catch((err: unknown) => logger.warn({ err, job: def.name }, 'could not schedule job'));
          timers.push(setInterval(tick, seconds * 1000));
          await boss.unschedule(def.name); // a cron this database kept from an earlier start
        } else if (def.cron) {
          await boss.schedule(def.name, def.cron, {}, { tz: 'UTC' });
        }
        if (opts.work) {
          await boss.work<never>(
            def.name,
            {
              pollingIntervalSeconds: opts.pollingIntervalSeconds ?? DEFAULT_POLLING_SECONDS,
              batchSize: def.batchSize ?? 1,
            },
            async (jobs) => {
              handlersRunning++;
              try {
                await runBatch(def, jobs);
              } finally {
                handlersRunning--;
              }
            },
          );
        }
      }
    },

    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      await boss.stop({ graceful: true, wait: true, timeout: opts.gracefulStopMs ?? 10_000 });
      const deadline = Date.now() + DRAIN_TIMEOUT_MS;
      while ((handlersRunning > 0 || queriesInFlight.size > 0) && Date.now() < deadline) {
        await sleep(25);
      }
      if (handlersRunning > 0)
        logger.warn({ handlersRunning }, 'job queue stopped with handlers still running');
    },
  };

  async function runBatch(def: JobDefinition<never>, jobs: { id: string; data: never }[]) {
    const run = async (job: { id: string; data: never }) => {
      try {
        await def.handler(job.data);
        return null;
      } catch (err) {
        logger.warn({ err, job: def.name, jobId: job.id }, 'job failed; it will be retried');
        return { id: job.id, err: err instanceof Error ? err : new Error(String(err)) };
      }
    };
    const outcomes = [];
    const order = def.batchOrder;
    if (order) {
      // The fetch takes the oldest jobs, but its rows come back in no set order.
      const sorted = [...jobs].sort((a, b) => order(a.data, b.data));
      for (const job of sorted) outcomes.push(await run(job));
    } else outcomes.push(...(await Promise.all(jobs.map(run))));
    // Failed one by one: pg-boss would fail the whole batch with a thrown error, costing the jobs
    // that succeeded an attempt. It completes the rest when this returns.
    for (const failed of outcomes) {
      if (!failed) continue;
      // Never thrown on to pg-boss: it would fail the whole batch, unawaited.
      await boss
        .fail(def.name, failed.id, failed.err)
        .catch((err: unknown) =>
          logger.warn(
            { err, job: def.name, jobId: failed.id },
            'could not record a failed job; it will expire and run again',
          ),
        );
    }
  }
}
