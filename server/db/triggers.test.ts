import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { Database } from './client';

/** The first column of each row of the markdown table under `heading`, without its backticks. */
function firstColumn(markdown: string, heading: string): string[] {
  const section = markdown.split(`## ${heading}\n`)[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => /^\| `([^`]+)`/.exec(line)![1]!)
    .sort();
}

describe('server/db/triggers.md', () => {
  const index = readFileSync(new URL('./triggers.md', import.meta.url), 'utf8');
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('lists exactly the triggers of the migrated database', async () => {
    const { rows } = await database.pool.query<{ name: string }>(`
      SELECT t.tgname AS name FROM pg_trigger t
      JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND NOT t.tgisinternal`);
    expect(firstColumn(index, 'Triggers')).toEqual(rows.map((row) => row.name).sort());
  });

  it('lists exactly the functions of the migrated database, each overload by its arguments', async () => {
    const { rows } = await database.pool.query<{ name: string }>(`
      SELECT p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' AS name
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public'`);
    expect(firstColumn(index, 'Functions')).toEqual(rows.map((row) => row.name).sort());
  });
});
