import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { merchants, securityEvents } from '../db/schema/index';
import { hashApiKey, newApiKey } from '../features/developers/api-keys';
import { createTestApp, signUp, type TestApp } from '../test/create-test-app';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';

async function redisAvailable() {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0 });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const available = await redisAvailable();
const rand = () => Math.floor(Math.random() * 250) + 1;
if (!available) console.warn(`shared rate limit test skipped: no Redis at ${REDIS_URL}`);

describe.skipIf(!available)('rate limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ env: { REDIS_URL }, jobs: false });
    b = await createTestApp({ env: { REDIS_URL }, jobs: false });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('counts one API key against one limit across two instances', async () => {
    // The same key is valid on both instances (each has its own database in this test).
    const key = newApiKey('sandbox');
    for (const t of [a, b]) {
      const { user } = await signUp(t.app);
      await t.db
        .update(merchants)
        .set({ apiKeyHash: hashApiKey(key) })
        .where(eq(merchants.userId, user.id));
    }
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const app = i % 2 === 0 ? a.app : b.app;
      const res = await app.inject({
        method: 'POST',
        url: '/api/agent/confirm',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: { checkout_id: 'chk_x' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('counts refused keys per address across two instances, and never refuses a valid key', async () => {
    // Counters live a minute in Redis: a fresh address keeps reruns apart.
    const address = `10.${rand()}.${rand()}.${rand()}`;
    const key = newApiKey('sandbox');
    const { user } = await signUp(a.app);
    await a.db
      .update(merchants)
      .set({ apiKeyHash: hashApiKey(key) })
      .where(eq(merchants.userId, user.id));
    const order = (t: TestApp, bearer: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/agent/order/none',
        remoteAddress: address,
        headers: { authorization: `Bearer ${bearer}` },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++)
      statuses.push((await order(i % 2 === 0 ? a : b, newApiKey('sandbox'))).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    expect((await order(a, key)).statusCode).toBe(404);

    const events = await Promise.all(
      [a, b].map((t) =>
        t.db
          .select()
          .from(securityEvents)
          .where(and(eq(securityEvents.name, 'invalid_api_keys'), eq(securityEvents.ipAddress, address))),
      ),
    );
    expect(events.flat()).toHaveLength(1);
  });
});
