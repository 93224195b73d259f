import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedSession } from './embedded-session';
import { inProcessPglite } from './in-process-pglite';

describe('node-postgres connections to an in-process PGlite', () => {
  let pglite: PGlite;
  let options: pg.ClientConfig;
  const open: { end(): Promise<void> }[] = [];
  const client = async () => {
    const connection = new pg.Client(options);
    await connection.connect();
    open.push(connection);
    return connection;
  };

  beforeEach(async () => {
    pglite = await PGlite.create();
    options = {
      stream: inProcessPglite(new EmbeddedSession(pglite)),
      user: 'postgres',
      database: 'postgres',
    };
    await pglite.exec('CREATE TABLE t (id int PRIMARY KEY)');
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.end().catch(() => undefined)));
    await pglite.close();
  });

  it('runs concurrent transactions of several connections one at a time, none interleaved', async () => {
    const pool = new pg.Pool({ ...options, max: 4 });
    open.push(pool);
    await Promise.all(
      Array.from({ length: 120 }, async (_, i) => {
        const connection = await pool.connect();
        try {
          await connection.query('BEGIN');
          await connection.query('INSERT INTO t VALUES ($1)', [i]);
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
    const app = await client();
    const tool = await client();
    // What pg_dump does first.
    await tool.query("SELECT pg_catalog.set_config('search_path', '', false)");
    await tool.query("SET statement_timeout = '1ms'");
    const { rows } = await app.query<{ n: number }>('SELECT count(*)::int AS n FROM t');
    expect(rows[0]!.n).toBe(0);
  });

  it('resets the session between turns only after a connection changed a setting', async () => {
    const app = await client();
    const worker = await client();
    await app.query('SELECT 1');
    await worker.query('SELECT 1');
    await app.query('SELECT 1'); // the start-ups' settings are reset by now
    const resets: string[] = [];
    const exec = pglite.exec.bind(pglite);
    pglite.exec = (query, options) => (resets.push(query), exec(query, options));
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
    const connections = await Promise.all([client(), client(), client(), client()]);
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

  it('rolls back a transaction its connection abandoned and lets the others go on', async () => {
    const quitter = await client();
    await quitter.query('BEGIN');
    await quitter.query('INSERT INTO t VALUES (1)');
    // The other connection waits for the session (its start-up included) until the first one is gone.
    const waiting = client().then((other) => other.query<{ n: number }>('SELECT count(*)::int AS n FROM t'));
    await quitter.end();
    expect((await waiting).rows[0]!.n).toBe(0);
  });

  it('answers a query whose messages arrive together as PostgreSQL would, errors included', async () => {
    const connection = await client();
    const engineCalls = spyOnEngine();
    const inserted = await connection.query('INSERT INTO t VALUES ($1) RETURNING id', [7]);
    expect(inserted.rows).toEqual([{ id: 7 }]);
    // Parse, Bind, Describe, Execute and Sync, written corked: one pass through the engine.
    expect(engineCalls()).toBe(1);
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

  /** Counts the engine's protocol calls from now on. */
  function spyOnEngine(): () => number {
    let calls = 0;
    const run = pglite.execProtocolRawStream.bind(pglite);
    pglite.execProtocolRawStream = (...args: Parameters<typeof run>) => {
      calls += 1;
      return run(...args);
    };
    return () => calls;
  }
});
