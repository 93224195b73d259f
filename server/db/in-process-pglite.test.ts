import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedSession, type WireEngine } from './embedded-session';
import { inProcessPglite } from './in-process-pglite';
import { startPgliteWorker } from './pglite-worker-engine';

const TABLE = 'CREATE TABLE t (id int PRIMARY KEY)';

/** A fresh PGlite holding table t, behind an engine, with node-postgres connections to it. */
interface Harness {
  engine: WireEngine;
  options: pg.ClientConfig;
  client(): Promise<pg.Client>;
  pool(max: number): pg.Pool;
  close(): Promise<void>;
}

function harness(engine: WireEngine, closeEngine: () => Promise<void>): Harness {
  const options = { stream: inProcessPglite(engine), user: 'postgres', database: 'postgres' };
  const open: { end(): Promise<void> }[] = [];
  return {
    engine,
    options,
    async client() {
      const connection = new pg.Client(options);
      await connection.connect();
      open.push(connection);
      return connection;
    },
    pool(max) {
      const pool = new pg.Pool({ ...options, max });
      open.push(pool);
      return pool;
    },
    async close() {
      await Promise.all(open.splice(0).map((c) => c.end().catch(() => undefined)));
      await closeEngine();
    },
  };
}

async function onThisThread(): Promise<Harness & { pglite: PGlite }> {
  const pglite = await PGlite.create();
  await pglite.exec(TABLE);
  return { ...harness(new EmbeddedSession(pglite), () => pglite.close()), pglite };
}

async function onItsOwnThread(): Promise<Harness> {
  const pglite = await PGlite.create();
  await pglite.exec(TABLE);
  const snapshot = await ((await pglite.dumpDataDir('none')) as Blob).arrayBuffer();
  await pglite.close();
  const engine = await startPgliteWorker({ snapshot }, (error) => {
    throw error;
  });
  return harness(engine, () => engine.close());
}

describe.each([
  ['on the app thread', onThisThread],
  ['on a thread of its own', onItsOwnThread],
])('node-postgres connections to PGlite %s', (_where, start) => {
  let h: Harness;
  beforeEach(async () => {
    h = await start();
  });
  afterEach(() => h.close());

  it('runs concurrent transactions of several connections one at a time, none interleaved', async () => {
    const pool = h.pool(4);
    await Promise.all(
      Array.from({ length: 120 }, async (_, i) => {
        const connection = await pool.connect();
        try {
          await connection.query('BEGIN');
          const before = await connection.query<{ n: number }>('SELECT count(*)::int AS n FROM t');
          await connection.query('INSERT INTO t VALUES ($1)', [i]);
          // Another connection's insert between the two counts would show here.
          const after = await connection.query<{ n: number }>('SELECT count(*)::int AS n FROM t');
          expect(after.rows[0]!.n).toBe(before.rows[0]!.n + 1);
          await connection.query(i % 3 === 0 ? 'ROLLBACK' : 'COMMIT');
        } finally {
          connection.release();
        }
      }),
    );
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM t');
    expect(rows[0]!.n).toBe(80);
  });

  it("keeps one connection's session settings from another, as separate PostgreSQL sessions would", async () => {
    const app = await h.client();
    const tool = await h.client();
    // What pg_dump does first.
    await tool.query("SELECT pg_catalog.set_config('search_path', '', false)");
    await tool.query("SET statement_timeout = '1ms'");
    const { rows } = await app.query<{ n: number }>(
      'SELECT pg_sleep(0.01) AS longer_than_the_timeout, (SELECT count(*)::int FROM t) AS n',
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('rolls back a transaction its connection abandoned, frees its statements and lets the others go on', async () => {
    const quitter = await h.client();
    await quitter.query({ name: 'mine', text: 'SELECT $1::int AS n', values: [1] });
    await quitter.query('BEGIN');
    await quitter.query('INSERT INTO t VALUES (1)');
    // The other connection waits for the session (its start-up included) until the first one is gone.
    const waiting = h
      .client()
      .then((other) =>
        other.query<{ n: number; prepared: number }>(
          'SELECT (SELECT count(*)::int FROM t) AS n, (SELECT count(*)::int FROM pg_prepared_statements) AS prepared',
        ),
      );
    await quitter.end();
    expect((await waiting).rows[0]).toEqual({ n: 0, prepared: 0 });
  });

  it('answers errors as PostgreSQL would and takes the next query', async () => {
    const connection = await h.client();
    const inserted = await connection.query('INSERT INTO t VALUES ($1) RETURNING id', [7]);
    expect(inserted.rows).toEqual([{ id: 7 }]);
    // A Bind refused mid-way: the engine skips to the Sync, answers the error once and takes the next query.
    await expect(connection.query('INSERT INTO t VALUES ($1)', ['not a number'])).rejects.toThrow(
      /invalid input syntax for type integer/,
    );
    await expect(connection.query('INSERT INTO t VALUES ($1)', [7])).rejects.toThrow(/duplicate key/);
    await expect(connection.query('SELEC 1')).rejects.toThrow(/syntax error/);
    const named = { name: 'count-t', text: 'SELECT count(*)::int AS n FROM t WHERE id > $1' };
    expect((await connection.query({ ...named, values: [0] })).rows).toEqual([{ n: 1 }]);
    expect((await connection.query({ ...named, values: [7] })).rows).toEqual([{ n: 0 }]);
    await connection.query('BEGIN');
    await expect(connection.query('INSERT INTO t VALUES ($1)', [7])).rejects.toThrow(/duplicate key/);
    await expect(connection.query('SELECT 1')).rejects.toThrow(/current transaction is aborted/);
    await connection.query('ROLLBACK');
    expect((await connection.query('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 1 }]);
  });
});

describe("the embedded session's work on PGlite", () => {
  let h: Awaited<ReturnType<typeof onThisThread>>;
  beforeEach(async () => {
    h = await onThisThread();
  });
  afterEach(() => h.close());

  it('resets the session between turns only after a connection changed a setting', async () => {
    const app = await h.client();
    const worker = await h.client();
    await app.query('SELECT 1');
    await worker.query('SELECT 1');
    await app.query('SELECT 1'); // the start-ups' settings are reset by now
    const resets: string[] = [];
    const exec = h.pglite.exec.bind(h.pglite);
    h.pglite.exec = (query, options) => (resets.push(query), exec(query, options));
    for (let i = 0; i < 5; i += 1) {
      await app.query('INSERT INTO t VALUES ($1)', [i]);
      await worker.query('UPDATE t SET id = id WHERE id = $1', [i]);
      await app.query('BEGIN; SET LOCAL statement_timeout = 1000; COMMIT');
    }
    expect(resets).toEqual([]);
    await worker.query("SET statement_timeout = '1ms'");
    await app.query('SELECT count(*) FROM t');
    expect(resets).toEqual(['RESET ALL']);
  });

  it('lets the event loop turn while its connections keep the engine busy', async () => {
    const connections = await Promise.all([h.client(), h.client(), h.client(), h.client()]);
    let turns = 0;
    let working = true;
    const countTurns = () => {
      turns += 1;
      if (working) setImmediate(countTurns);
    };
    setImmediate(countTurns);
    // Each statement's answer starts the next one in a microtask: without slices, no turn of the event
    // loop would come until all 2,000 were done.
    await Promise.all(
      connections.map(async (connection, c) => {
        for (let i = 0; i < 500; i += 1) await connection.query('SELECT $1::int', [c * 1000 + i]);
      }),
    );
    working = false;
    expect(turns).toBeGreaterThan(5);
  });

  it('runs the messages written together (Parse, Bind, Describe, Execute, Sync) in one pass', async () => {
    const connection = await h.client();
    let calls = 0;
    const run = h.pglite.execProtocolRawStream.bind(h.pglite);
    h.pglite.execProtocolRawStream = (...args: Parameters<typeof run>) => {
      calls += 1;
      return run(...args);
    };
    const inserted = await connection.query('INSERT INTO t VALUES ($1) RETURNING id', [7]);
    expect(inserted.rows).toEqual([{ id: 7 }]);
    expect(calls).toBe(1);
  });
});

describe('the embedded database on a thread of its own', () => {
  it('refuses a database it cannot open, and stops its thread', async () => {
    const stopped: Error[] = [];
    const garbage = new TextEncoder().encode('not a database').buffer as ArrayBuffer;
    await expect(startPgliteWorker({ snapshot: garbage }, (error) => stopped.push(error))).rejects.toThrow();
    expect(stopped).toEqual([]);
  });
});
