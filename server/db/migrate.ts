import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Any fixed number: instances starting together wait on this lock instead of racing the migrator.
const MIGRATION_LOCK_ID = 4_242_001;

/** Applies the committed migrations in order; safe to run at every start and from several instances. */
export async function runMigrations(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}
