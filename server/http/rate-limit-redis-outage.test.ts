import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { merchants } from '../db/schema/index';
import { hashApiKey, newApiKey } from '../features/developers/api-keys';
import { createTestApp, signUp, type TestApp } from '../test/create-test-app';

/** Nothing listens on port 1: Redis is down for this app's whole life. */
const UNREACHABLE_REDIS = 'redis://127.0.0.1:1/15';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ env: { REDIS_URL: UNREACHABLE_REDIS }, logStream, jobs: false });
});
afterAll(() => t.close());

const orderWith = (bearer: string, remoteAddress: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/agent/order/none',
    remoteAddress,
    headers: { authorization: `Bearer ${bearer}` },
  });

it('refused keys are still counted per address, on this instance, and never answer 500', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 32; i++) statuses.push((await orderWith(newApiKey('sandbox'), '10.9.8.7')).statusCode);
  expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
  expect(statuses.slice(30)).toEqual([429, 429]);

  const warnings = logLines.map((line) => JSON.parse(line) as { level: number; msg: string });
  const outage = warnings.filter((line) => line.msg.includes('Redis is unreachable'));
  expect(outage.length).toBeGreaterThanOrEqual(1);
  expect(outage.every((line) => line.level === 40)).toBe(true);
});

it('a valid key is served, and its per-key limit still holds', async () => {
  const key = newApiKey('sandbox');
  const { user } = await signUp(t.app);
  await t.db
    .update(merchants)
    .set({ apiKeyHash: hashApiKey(key) })
    .where(eq(merchants.userId, user.id));
  expect((await orderWith(key, '10.9.8.6')).statusCode).toBe(404);

  const statuses: number[] = [];
  for (let i = 0; i < 31; i++) {
    const res = await t.app.inject({
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
