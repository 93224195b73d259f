import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { connectPostgres, startEmbeddedPostgres, type Database } from '../db/client';
import { withDatabase } from './global-setup';

/** A fresh, migrated database for one test file: a copy of the run's template or snapshot. */
export async function createTestDatabase(): Promise<Database> {
  const templateUrl = inject('templateDatabaseUrl');
  if (templateUrl) {
    const name = `agentcart_test_${randomBytes(6).toString('hex')}`;
    const template = new URL(templateUrl).pathname.slice(1);
    const admin = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const database = connectPostgres(withDatabase(templateUrl, name));
    return {
      ...database,
      async close() {
        try {
          await database.close();
        } finally {
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await admin.end();
        }
      },
    };
  }
  const snapshotFile = inject('snapshotFile');
  if (!snapshotFile) throw new Error('The test global setup did not prepare a database');
  return startEmbeddedPostgres({ snapshot: new Blob([readFileSync(snapshotFile)]) });
}
