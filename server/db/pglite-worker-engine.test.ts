import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inProcessPglite } from './in-process-pglite';
import { startPgliteWorker, type WorkerEngine } from './pglite-worker-engine';

/** A fresh database with one table, as the worker opens a copy of it. */
async function snapshot(): Promise<ArrayBuffer> {
  const pglite = await PGlite.create();
  await pglite.exec('CREATE TABLE t (id int PRIMARY KEY)');
  const dump = (await pglite.dumpDataDir('none')) as Blob;
  await pglite.close();
  return dump.arrayBuffer();
}

describe('the embedded database on a thread of its own', () => {
  let engine: WorkerEngine;
  let stopped: Error[];
  let options: pg.ClientConfig;
  const open: { end(): Promise<void> }[] = [];
  const client = async () => {
    const connection = new pg.Client(options);
    await connection.connect();
    open.push(connection);
    return connection;
  };

  beforeEach(async () => {
    stopped = [];
    engine = await startPgliteWorker({ snapshot: await snapshot() }, (error) => stopped.push(error));
    options = { stream: inProcessPglite(engine), user: 'postgres', database: 'postgres' };
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.end().catch(() => undefined)));
    await engine.close();
  });

  it('runs concurrent transactions of several connections one at a time, none interleaved', async () => {
    const pool = new pg.Pool({ ...options, max: 4 });
    open.push(pool);
    await Promise.all(
      Array.from({ length: 120 }, async (_, i) => {
        const connection = await pool.connect();
        try {
          await connection.query('BEGIN');
          const { rows } = await connection.query<{ n: number }>('SELECT count(*)::int AS n FROM t');
          await connection.query('INSERT INTO t VALUES ($1)', [i]);
          // Another connection's insert between the count and this one would show here.
          const after = await connection.query<{ n: number }>('SELECT count(*)::int AS n FROM t');
          expect(after.rows[0]!.n).toBe(rows[0]!.n + 1);
          await connection.query(i % 3 === 0 ? 'ROLLBACK' : 'COMMIT');
        } finally {
          connection.release();
        }
      }),
    );
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM t');
    expect(rows[0]!.n).toBe(80);
  });

  it("keeps one connection's session settings from another", async () => {
    const app = await client();
    const tool = await client();
    await tool.query("SELECT pg_catalog.set_config('search_path', '', false)");
    await tool.query("SET statement_timeout = '1ms'");
    const { rows } = await app.query<{ n: number }>(
      'SELECT pg_sleep(0.01) AS longer_than_the_timeout, (SELECT count(*)::int FROM t) AS n',
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('rolls back a transaction its connection abandoned and frees its prepared statements', async () => {
    const quitter = await client();
    await quitter.query({ name: 'mine', text: 'SELECT $1::int AS n', values: [1] });
    await quitter.query('BEGIN');
    await quitter.query('INSERT INTO t VALUES (1)');
    const waiting = client().then((other) =>
      other.query<{ n: number; prepared: number }>(
        'SELECT (SELECT count(*)::int FROM t) AS n, (SELECT count(*)::int FROM pg_prepared_statements) AS prepared',
      ),
    );
    await quitter.end();
    expect((await waiting).rows[0]).toEqual({ n: 0, prepared: 0 });
  });

  it('answers errors as PostgreSQL would and takes the next query', async () => {
    const connection = await client();
    await expect(connection.query('INSERT INTO t VALUES ($1)', ['not a number'])).rejects.toThrow(
      /invalid input syntax for type integer/,
    );
    expect((await connection.query('INSERT INTO t VALUES ($1) RETURNING id', [7])).rows).toEqual([{ id: 7 }]);
  });

  it('refuses a database it cannot open, and stops its thread', async () => {
    const garbage = new TextEncoder().encode('not a database').buffer as ArrayBuffer;
    await expect(startPgliteWorker({ snapshot: garbage }, (error) => stopped.push(error))).rejects.toThrow();
    expect(stopped).toEqual([]);
  });
});
