import PgBoss from 'pg-boss';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../db/client';
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
   * polling interval after every fetch, so a single-job queue takes at most one job per interval per
   * instance; a larger batch that came back full is followed by the next fetch at once.
   */
  batchSize?: number;
  /** Run a batch's jobs one after another in this order, instead of side by side. */
  batchOrder?: (a: Data, b: Data) => number;
  /** Cron (UTC) for recurring jobs. */
  cron?: string;
  /** Instead of the cron: every this many seconds (crash drills; cron cannot go below a minute). */
  everySeconds?: number | null;
  handler(data: Data, batch: JobBatch<Data>): Promise<void>;
}

/** The batch a job was fetched in: what its jobs share can be read once for all of them. */
export interface JobBatch<Data> {
  items: readonly Data[];
  /** `load`'s result, loaded by the first job of the batch that asks for `key`; a failed load fails each job that asked. */
  once<T>(key: string, load: () => Promise<T>): Promise<T>;
}

/** A job for `enqueueWithin`. */
export interface NewJob {
  name: string;
  data: object;
}

/** How often a worker asks for new jobs of each queue, unless `start` is told otherwise. */
export const DEFAULT_POLLING_SECONDS = 2;
/**
 * How often a worker asks for a scheduled queue's jobs. Its schedule is in minutes, and every job sent
 * in this process wakes the worker at once, so asking every 2 s only cost a fetch (about 3 ms of the
 * embedded engine's time, planned over every queue's partition) 15 times a second on an idle instance.
 */
export const SCHEDULED_POLLING_SECONDS = 30;

/**
 * A queue's polling interval: its schedule's pace for a scheduled queue, never slower than its retries
 * or its crash-drill interval; the default for a queue fed by the app's own work (orders, deliveries),
 * where another instance's jobs must not wait.
 */
function pollingSecondsOf(def: JobDefinition<never>): number {
  if (!def.cron) return DEFAULT_POLLING_SECONDS;
  return Math.min(
    SCHEDULED_POLLING_SECONDS,
    def.everySeconds ?? Infinity,
    def.retryLimit > 0 ? def.retryDelaySeconds : Infinity,
  );
}

export interface JobQueue {
  enqueue<Data extends object>(
    name: string,
    data: Data,
    /** singletonKey: not sent while a job with the same key waits to run or to retry. */
    opts?: { singletonKey?: string; startAfterSeconds?: number },
  ): Promise<void>;
  /**
   * Sends jobs in the transaction `tx` runs, in one statement: they exist exactly when it commits, so an
   * outbox's hand-off is exactly once. `wake` their queues after the commit.
   */
  enqueueWithin(tx: Pick<Db, 'execute'>, jobs: readonly NewJob[]): Promise<void>;
  /** Has this instance's workers of `names` fetch now instead of at their next poll (`enqueue` does it itself). */
  wake(names: Iterable<string>): void;
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

  const retryOptionsOf = (name: string) => {
    const definition = definitions.get(name);
    return {
      retryLimit: definition?.retryLimit ?? 5,
      retryDelay: definition?.retryDelaySeconds ?? 5,
      retryBackoff: definition?.retryBackoff ?? true,
    };
  };
  const workerIds = new Map<string, string>();
  function wake(names: Iterable<string>) {
    for (const name of names) {
      const id = workerIds.get(name);
      if (id) boss.notifyWorker(id);
    }
  }

  return {
    async enqueue(name, data, opts = {}) {
      if (opts.singletonKey && (await hasWaitingJob(name, opts.singletonKey))) return;
      await boss.send(name, data, {
        ...retryOptionsOf(name),
        ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
        ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
      });
      if (!opts.startAfterSeconds) wake([name]);
    },

    async enqueueWithin(tx, jobs) {
      if (jobs.length === 0) return;
      // pg-boss's batch insert skips a job whose queue does not exist without a word; an outbox must not
      // lose one, so a job for a queue never started fails the hand-off (its rows stay unrelayed).
      const unknown = jobs.find((job) => !definitions.has(job.name));
      if (unknown) throw new Error(`No queue named ${unknown.name} was started: the job would be lost`);
      await boss.insert(
        jobs.map((job) => ({ ...job, ...retryOptionsOf(job.name) })),
        { db: { executeSql: (text: string, values: unknown[]) => tx.execute(bound(text, values)) } },
      );
    },

    wake,

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
              .then(() => wake([def.name]))
              .catch((err: unknown) => logger.warn({ err, job: def.name }, 'could not schedule job'));
          timers.push(setInterval(tick, seconds * 1000));
          await boss.unschedule(def.name); // a cron this database kept from an earlier start
        } else if (def.cron) {
          await boss.schedule(def.name, def.cron, {}, { tz: 'UTC' });
        }
        if (opts.work) {
          const batchSize = def.batchSize ?? 1;
          const workerId = await boss.work<never>(
            def.name,
            { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? pollingSecondsOf(def), batchSize },
            async (jobs) => {
              handlersRunning++;
              try {
                await runBatch(def, jobs);
              } finally {
                handlersRunning--;
              }
              // A full batch likely left more waiting: fetch again at once rather than a polling interval
              // later, so a busy queue goes as fast as its handler and an idle one costs no more. (A
              // single-job queue would pay an empty fetch per job for it.)
              if (batchSize > 1 && jobs.length === batchSize) wake([def.name]);
            },
          );
          workerIds.set(def.name, workerId);
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
    const batch = jobBatch(jobs.map((job) => job.data));
    const run = async (job: { id: string; data: never }) => {
      try {
        await def.handler(job.data, batch);
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

/** The batch `items` were fetched in (exported for tests that run a handler by hand). */
export function jobBatch<Data>(items: readonly Data[]): JobBatch<Data> {
  const loaded = new Map<string, Promise<unknown>>();
  return {
    items,
    once<T>(key: string, load: () => Promise<T>) {
      if (!loaded.has(key)) loaded.set(key, load());
      return loaded.get(key) as Promise<T>;
    },
  };
}

/** pg-boss's SQL (`$1`, `$2`…) with its values, as a statement Drizzle runs (inside a transaction too). */
function bound(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`)),
  );
}
