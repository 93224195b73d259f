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

it('runs in a transaction on the connection the transaction holds, built once per connection', async () => {
  const before = builds;
  const seen = await first.db.transaction(async (tx) => {
    await tx.insert(users).values({ id: 'u-Tx', name: 'Tx', email: 'tx@example.com' });
    // Not committed yet: only a query on the transaction's own connection sees the row.
    return userByEmail(tx).execute({ email: 'tx@example.com' });
  });
  expect(seen.map((user) => user.name)).toEqual(['Tx']);
  await first.db.transaction((tx) => userByEmail(tx).execute({ email: 'tx@example.com' }));
  // Both held the same connection (the embedded database has one; a pool hands out the one just
  // released), so one build served both.
  expect(builds).toBe(before + 1);

  const rolledBack = first.db.transaction(async (tx) => {
    await tx.insert(users).values({ id: 'u-Gone', name: 'Gone', email: 'gone@example.com' });
    expect(await userByEmail(tx).execute({ email: 'gone@example.com' })).toHaveLength(1);
    throw new Error('roll back');
  });
  await expect(rolledBack).rejects.toThrow('roll back');
  expect(await userByEmail(first.db).execute({ email: 'gone@example.com' })).toEqual([]);
});
