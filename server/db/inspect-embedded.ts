import { startEmbeddedPostgres } from './client';

/**
 * Runs one SQL statement on a stopped embedded database and returns its rows (`npm run db:query`).
 * The running app owns its database (docs/decisions/009), so this is refused while AgentCart runs on it.
 */
export async function queryEmbedded(dataDir: string, sql: string): Promise<Record<string, unknown>[]> {
  const database = await startEmbeddedPostgres({ dataDir });
  try {
    return (await database.pool.query(sql)).rows as Record<string, unknown>[];
  } finally {
    await database.close();
  }
}
