import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client';
import { appInstances } from '../db/schema/index';
import { createLogger } from '../lib/logger';
import { createTestApp } from '../test/create-test-app';
import { createTestDatabase } from '../test/test-database';
import { HEARTBEAT_INTERVAL_MS, holderGone, INSTANCE_SILENCE_SECONDS, registerInstance } from './instances';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const logger = createLogger('silent');
const silentAt = () => new Date(Date.now() - (INSTANCE_SILENCE_SECONDS + 1) * 1000);
const registered = async () => (await database.db.select().from(appInstances)).map((row) => row.id).sort();

/** What `holderGone` says of a lease whose holder is `holder`. */
async function isGone(holder: string | null): Promise<boolean> {
  const { rows } = await database.db.execute<{ gone: boolean }>(
    sql`SELECT ${holderGone(sql`${holder}::uuid`)} AS gone`,
  );
  return rows[0]!.gone;
}

describe('a lease holder', () => {
  it('is gone when its instance has no row or has been silent too long, never while it heartbeats', async () => {
    const live = randomUUID();
    const silent = randomUUID();
    await database.db.insert(appInstances).values([{ id: live }, { id: silent, heartbeatAt: silentAt() }]);
    expect(await isGone(live)).toBe(false);
    expect(await isGone(silent)).toBe(true);
    expect(await isGone(randomUUID())).toBe(true);
    // A lease taken before holders were recorded is freed by its time limit alone.
    expect(await isGone(null)).toBe(false);
    await database.db.delete(appInstances);
  });
});

describe('an instance', () => {
  it('with the embedded database finds every earlier instance dead, however fresh its heartbeat', async () => {
    const before = [randomUUID(), randomUUID()];
    await database.db.insert(appInstances).values(before.map((id) => ({ id })));
    const id = randomUUID();
    const instance = await registerInstance(database.db, logger, { id, soleInstance: true });
    expect(await registered()).toEqual([id]);
    for (const earlier of before) expect(await isGone(earlier)).toBe(true);
    await instance.stop();
    expect(await registered()).toEqual([]);
  });

  it('sharing a database leaves the others registered, and recovers at start and when one goes silent', async () => {
    const other = randomUUID();
    const goingSilent = randomUUID();
    await database.db.insert(appInstances).values([{ id: other }, { id: goingSilent }]);
    const id = randomUUID();
    const instance = await registerInstance(database.db, logger, { id, soleInstance: false });
    expect(await registered()).toEqual([id, other, goingSilent].sort());

    const recover = vi.fn(async () => {});
    await instance.watch(recover);
    expect(recover).toHaveBeenCalledTimes(1);

    await database.db
      .update(appInstances)
      .set({ heartbeatAt: silentAt() })
      .where(eq(appInstances.id, goingSilent));
    await vi.waitFor(() => expect(recover).toHaveBeenCalledTimes(2), {
      timeout: 4 * HEARTBEAT_INTERVAL_MS,
      interval: 100,
    });
    // Its own heartbeat keeps it, and the live one stays.
    expect(await registered()).toEqual([id, other].sort());
    await instance.stop();
    expect(await registered()).toEqual([other]);
    await database.db.delete(appInstances);
  });
});

it('the app queues reconciliation and the settle job when it starts, not at their next scheduled run', async () => {
  const t = await createTestApp({ jobs: false });
  try {
    const { rows } = await t.db.execute<{ name: string }>(
      sql`SELECT name FROM pgboss.job WHERE singleton_key = 'recovery' ORDER BY name`,
    );
    expect(rows.map((r) => r.name)).toEqual(['reconcile-orders', 'settle-open-checkouts']);
    const [self] = await t.db.select().from(appInstances).where(eq(appInstances.id, t.services.instance.id));
    expect(self).toBeDefined();
  } finally {
    await t.close();
  }
});
