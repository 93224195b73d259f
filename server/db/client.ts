import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  kind: 'embedded' | 'postgres';
  close(): Promise<void>;
}

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
  const pool = new pg.Pool({ connectionString, max: POOL_SIZE });
  pool.on('error', (err) => opts.onIdleError?.(err));
  return { db: drizzle(pool, { schema }), pool, kind: 'postgres', close: () => pool.end() };
}

export type EmbeddedSource = { dataDir: string } | { snapshot: Blob };

/**
 * Embedded PostgreSQL (PGlite) served over a private Unix socket, so that the app, the auth library and
 * the job queue all use the same node-postgres driver as in production. The PGlite object itself is never
 * queried directly once clients are connected: a direct query could join another connection's open
 * transaction.
 */
/**
 * Only one process may open a PGlite data directory: a second one would corrupt it. A pid file claims
 * the directory; a claim left by a process that no longer runs is taken over.
 */
function claimDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'agentcart.pid');
  try {
    writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
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

export async function startEmbeddedPostgres(source: EmbeddedSource): Promise<Database> {
  let pglite: PGlite;
  let release = () => {};
  if ('dataDir' in source) {
    mkdirSync(source.dataDir, { recursive: true });
    release = claimDataDir(source.dataDir);
    pglite = await PGlite.create({ dataDir: source.dataDir });
  } else {
    pglite = await PGlite.create({ loadDataDir: source.snapshot });
  }
  // A short private directory: Unix socket paths are limited to ~107 bytes.
  const socketDir = mkdtempSync(path.join(tmpdir(), 'agentcart-pg-'));
  const port = 5432;
  const server = new PGLiteSocketServer({
    db: pglite,
    path: path.join(socketDir, `.s.PGSQL.${port}`),
    maxConnections: POOL_SIZE * 2,
  });
  await server.start();
  // One connection: pglite-socket runs every client on PGlite's single session and keeps a client's
  // protocol messages together only inside a transaction, so two clients' extended-protocol queries
  // (Parse/Bind/Execute/Sync) can interleave and fail or get each other's answers under load
  // (electric-sql/pglite#1046). PGlite executes one statement at a time anyway, so a single pooled
  // connection costs little; it also means code inside a transaction must use `tx`, never `db`.
  const pool = new pg.Pool({ host: socketDir, port, user: 'postgres', database: 'postgres', max: 1 });
  // The socket belongs to this process; an idle client only errors while it is shutting down.
  pool.on('error', () => undefined);
  return {
    db: drizzle(pool, { schema }),
    pool,
    kind: 'embedded',
    async close() {
      // A pool already ended (e.g. by a test simulating an outage) must not stop the rest of the cleanup.
      await pool.end().catch(() => undefined);
      await server.stop();
      await pglite.close();
      rmSync(socketDir, { recursive: true, force: true });
      release();
    },
  };
}

/** Takes a consistent copy of an embedded database (used by the test harness to clone a migrated one). */
export async function dumpEmbedded(dataDir: string): Promise<Blob> {
  const pglite = await PGlite.create({ dataDir });
  try {
    return (await pglite.dumpDataDir('none')) as Blob;
  } finally {
    await pglite.close();
  }
}
