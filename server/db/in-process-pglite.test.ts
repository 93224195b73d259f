import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inProcessPglite } from './in-process-pglite';
import { startPgliteWorker } from './pglite-worker-engine';
import { pgliteEngine, type WireEngine } from './wire-engine';

const engines = {
  'on this thread': async () => {
    const pglite = await PGlite.create();
    return { engine: pgliteEngine(pglite), close: () => pglite.close() };
  },
  'in a worker thread': async () => {
    const engine = await startPgliteWorker({
      snapshot: await (await PGlite.create()).dumpDataDir('none').then((b) => (b as Blob).arrayBuffer()),
    });
    return { engine, close: () => engine.close() };
  },
};

describe.each(Object.entries(engines))(
  'node-postgres connections to an in-process PGlite %s',
  (_where, start) => {
    let engine: WireEngine;
    let closeEngine: () => Promise<void>;
    let options: pg.ClientConfig;
    const open: { end(): Promise<void> }[] = [];
    const client = async () => {
      const connection = new pg.Client(options);
      await connection.connect();
      open.push(connection);
      return connection;
    };

    beforeEach(async () => {
      ({ engine, close: closeEngine } = await start());
      options = { stream: inProcessPglite(engine), user: 'postgres', database: 'postgres' };
      await engine.exec('CREATE TABLE t (id int PRIMARY KEY)');
    });
    afterEach(async () => {
      await Promise.all(open.splice(0).map((c) => c.end().catch(() => undefined)));
      await closeEngine();
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

    it('rolls back a transaction its connection abandoned and lets the others go on', async () => {
      const quitter = await client();
      await quitter.query('BEGIN');
      await quitter.query('INSERT INTO t VALUES (1)');
      // The other connection waits for the session (its start-up included) until the first one is gone.
      const waiting = client().then((other) =>
        other.query<{ n: number }>('SELECT count(*)::int AS n FROM t'),
      );
      await quitter.end();
      expect((await waiting).rows[0]!.n).toBe(0);
    });
  },
);
