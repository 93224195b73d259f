import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import type { TestApp } from './create-test-app';

export interface SentStatement {
  text: string;
  values: unknown[];
}

/** The statements sent on behalf of one piece of work (a test's scenario, a request) while it is open. */
export class StatementRecord {
  readonly statements: SentStatement[] = [];
  open = true;
}

/**
 * Counts the SQL statements a pool's connections send, each attributed to the async context that asked
 * for it. Hooked at the client (every statement, BEGIN and COMMIT and everything inside a transaction
 * included), not at `pool.query`, which misses transactions. A caller waiting for a busy connection is
 * handed it in the context of whoever released it (pg-pool keeps no async context), so the watch binds
 * each `connect` callback to the caller's own context: a request's statements stay the request's even
 * when the one embedded connection is shared with background jobs.
 */
export interface StatementWatch {
  /** Every statement sent on the pool since it was first watched. */
  total(): number;
  /** Runs `next`, and everything it starts, with its statements added to `record` while it is open. */
  within<T>(record: StatementRecord, next: () => T): T;
}

type Query = (...args: unknown[]) => unknown;
type ConnectCallback = (err: Error | undefined, client?: pg.PoolClient, release?: unknown) => void;

const watches = new WeakMap<pg.Pool, StatementWatch>();

export function watchStatements(pool: pg.Pool): StatementWatch {
  const known = watches.get(pool);
  if (known) return known;
  const context = new AsyncLocalStorage<StatementRecord>();
  const counted = new WeakSet<pg.PoolClient>();
  let total = 0;

  const count = (client: pg.PoolClient) => {
    if (counted.has(client)) return;
    counted.add(client);
    const query = client.query.bind(client) as Query;
    (client as unknown as { query: Query }).query = (...args: unknown[]) => {
      total += 1;
      const record = context.getStore();
      if (record?.open) record.statements.push(describe(args));
      return query(...args);
    };
  };

  // pool.query checks out through this.connect too, so this one wrapper sees every statement.
  const connect = pool.connect.bind(pool) as (callback: ConnectCallback) => void;
  (pool as unknown as { connect: unknown }).connect = (callback?: ConnectCallback) => {
    if (!callback)
      return new Promise<pg.PoolClient>((resolve, reject) =>
        connect((err, client) => {
          if (err) return reject(err);
          count(client!);
          resolve(client!);
        }),
      );
    // The caller's record, not AsyncResource.bind: that builds a deprecation wrapper on every call,
    // a measurable share of the bench's CPU (it counts statements throughout).
    const record = context.getStore();
    connect((err, client, release) => {
      if (client) count(client);
      if (record) context.run(record, callback, err, client, release);
      else context.exit(callback, err, client, release);
    });
  };

  const watch: StatementWatch = {
    total: () => total,
    within: (record, next) => context.run(record, next),
  };
  watches.set(pool, watch);
  return watch;
}

function describe(args: unknown[]): SentStatement {
  const first = args[0] as string | { text: string; values?: unknown[] };
  const values = (typeof first === 'string' ? undefined : first.values) ?? (args[1] as unknown[]);
  return {
    text: typeof first === 'string' ? first : first.text,
    values: Array.isArray(values) ? values : [],
  };
}

/**
 * The SQL statements sent on behalf of `run` while it runs, with their parameters: its own and those of
 * what it starts (a request through inject, a group commit it joins), but not the background work that
 * shares the pool meanwhile (pg-boss polling, heartbeats, the relay).
 */
export async function statementsDuring(t: TestApp, run: () => Promise<unknown>): Promise<SentStatement[]> {
  const record = new StatementRecord();
  try {
    // Awaited inside the context: an inject chain starts its request only once it is awaited.
    await watchStatements(t.database.pool).within(record, async () => {
      await run();
    });
  } finally {
    record.open = false;
  }
  return record.statements;
}
