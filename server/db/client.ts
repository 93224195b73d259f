import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { keepDirectoryPrivate } from '../lib/private-files';
import { inProcessPglite } from './in-process-pglite';
import { startPgliteWorker } from './pglite-worker-engine';
import { PreparingClient } from './prepared-statements';
import * as schema from './schema/index';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  kind: 'embedded' | 'postgres';
  close(): Promise<void>;
}

/**
 * Connections the app keeps, on either engine. PGlite runs one unit of work at a time whatever the number;
 * what its connections buy is a queue on the database's thread, so that the next query is already waiting
 * when one ends instead of waiting in the pool for a connection the app's thread has yet to hand back (ten
 * measured 67-72 card flows/s against 58-65 with four, in three alternating pairs, docs/decisions/068).
 */
const POOL_SIZE = 10;

/**
 * PostgreSQL from a connection string: the production engine. An idle connection the server drops (a
 * restart, a failover) is reported through `onIdleError` instead of crashing the process; the pool
 * simply opens a new one on the next query.
 */
export function connectPostgres(
  connectionString: string,
  opts: { onIdleError?: (err: Error) => void } = {},
): Database {
  const pool = new pg.Pool({ connectionString, max: POOL_SIZE, Client: PreparingClient });
  pool.on('error', (err) => opts.onIdleError?.(err));
  return { db: drizzle(pool, { schema }), pool, kind: 'postgres', close: () => pool.end() };
}

export type EmbeddedSource = { dataDir: string } | { snapshot: Blob };

/**
 * Only one process may open a PGlite data directory: a second one would corrupt it. A pid file claims
 * the directory; a claim left by a process that no longer runs is taken over.
 */
function claimDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'agentcart.pid');
  try {
    writeFileSync(lockFile, String(process.pid), { flag: 'wx', mode: 0o600 });
  } catch {
    const holder = Number(readFileSync(lockFile, 'utf8'));
    let alive = false;
    try {
      alive = holder !== process.pid && holder > 0 && process.kill(holder, 0);
    } catch {
      alive = false;
    }
    if (alive) {
      throw new Error(
        `Another AgentCart process (pid ${holder}) is using ${dataDir}. Stop it, or start this one with another DATA_DIR.`,
      );
    }
    writeFileSync(lockFile, String(process.pid));
  }
  return () => rmSync(lockFile, { force: true });
}

/**
 * Opens a PGlite data directory for this process alone. PGlite writes some files with modes of its own
 * whatever the umask (a new database's files 0666, its relation cache 0644 at every start), so they are
 * made their owner's only once it is open.
 */
async function openDataDir<T>(
  dataDir: string,
  open: () => Promise<T>,
): Promise<{ opened: T; release(): void }> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const release = claimDataDir(dataDir);
  try {
    const opened = await open();
    keepDirectoryPrivate(dataDir);
    return { opened, release };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * Embedded PostgreSQL (PGlite), reached through node-postgres like production, so that the app, the auth
 * library and the job queue use one driver. Connections are in-memory streams into this process's PGlite
 * (in-process-pglite.ts): there is no socket, so no other program can join PGlite's single session and
 * change what the app sees (docs/decisions/009). PGlite runs on a thread of its own
 * (pglite-worker-engine.ts); if that thread stops, `onStopped` hears why, and by default the process
 * ends as it would have if PGlite had failed on the app's thread. To look at the data, see `npm run db:dump`.
 */
export async function startEmbeddedPostgres(
  source: EmbeddedSource,
  onStopped: (error: Error) => void = (error) => {
    throw new Error('The embedded database stopped', { cause: error });
  },
): Promise<Database> {
  const { opened: engine, release } =
    'dataDir' in source
      ? await openDataDir(source.dataDir, () => startPgliteWorker({ dataDir: source.dataDir }, onStopped))
      : {
          opened: await startPgliteWorker({ snapshot: await source.snapshot.arrayBuffer() }, onStopped),
          release: () => {},
        };
  // A transaction holds PGlite's single session until it ends, so code inside a transaction must use
  // `tx`, never `db`: a query on another connection would wait for the session the transaction holds.
  const pool = new pg.Pool({
    stream: inProcessPglite(engine),
    user: 'postgres',
    database: 'postgres',
    max: POOL_SIZE,
    Client: PreparingClient,
    // An in-memory connection costs nothing to keep, and a new one would prepare its statements again.
    idleTimeoutMillis: 0,
  });
  // The connection lives in this process; an idle client only errors while it is shutting down.
  pool.on('error', () => undefined);
  return {
    db: drizzle(pool, { schema }),
    pool,
    kind: 'embedded',
    async close() {
      // A pool already ended (e.g. by a test simulating an outage) must not stop the rest of the cleanup.
      await pool.end().catch(() => undefined);
      await engine.close();
      release();
    },
  };
}

/**
 * A consistent copy of a stopped embedded database, which `PGlite.create({ loadDataDir })` opens (the test
 * harness clones a migrated one; `npm run db:dump` backs one up). Refused while AgentCart runs on it.
 */
export async function dumpEmbedded(dataDir: string, compression: 'none' | 'gzip' = 'none'): Promise<Blob> {
  const { opened: pglite, release } = await openDataDir(dataDir, () => PGlite.create({ dataDir }));
  try {
    return (await pglite.dumpDataDir(compression)) as Blob;
  } finally {
    await pglite.close();
    release();
  }
}
