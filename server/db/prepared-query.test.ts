import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { Database } from './client';
import { preparedQuery } from './prepared-query';
import { users } from './schema/index';

let first: Database;
let second: Database;
beforeAll(async () => {
  [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  for (const [database, name] of [
    [first, 'Ada'],
    [second, 'Grace'],
  ] as const)
    await database.db.insert(users).values({ id: `u-${name}`, name, email: 'same@example.com' });
});
afterAll(() => Promise.all([first.close(), second.close()]));

let builds = 0;
const userByEmail = preparedQuery((db) => {
  builds += 1;
  return db
    .select()
    .from(users)
    .where(eq(users.email, sql.placeholder('email')));
});

it('builds the query once per database handle and runs it with each value, rows mapped as Drizzle maps them', async () => {
  const found = await userByEmail(first.db).execute({ email: 'same@example.com' });
  expect(found).toEqual([expect.objectContaining({ id: 'u-Ada', twoFactorEnabled: false })]);
  expect(found[0]!.createdAt).toBeInstanceOf(Date);
  expect(await userByEmail(first.db).execute({ email: 'nobody@example.com' })).toEqual([]);
  expect(builds).toBe(1);

  // Another handle gets its own query, on its own database.
  const other = await userByEmail(second.db).execute({ email: 'same@example.com' });
  expect(other.map((user) => user.name)).toEqual(['Grace']);
  expect(builds).toBe(2);
});

it('refuses a run that leaves a placeholder without a value', async () => {
  await expect(userByEmail(first.db).execute({})).rejects.toThrow(/email/);
});
