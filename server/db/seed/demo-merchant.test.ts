import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, postJson, type TestApp } from '../../test/create-test-app';
import { DEMO_BUSINESS_NAME, ensureDemoMerchant } from './demo-merchant';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = (email: string, password: string) =>
  postJson(t.app, '/api/auth/sign-in/email', { email, password });

it('creates the demo merchant, writes demo.json, and keeps the same login across restarts', async () => {
  const first = await ensureDemoMerchant({ auth: t.auth, db: t.db, dataDir: t.dataDir });
  const file = path.join(t.dataDir, 'demo.json');
  expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
  expect((await signIn(first.email, first.password)).statusCode).toBe(200);

  const second = await ensureDemoMerchant({ auth: t.auth, db: t.db, dataDir: t.dataDir });
  expect(second).toEqual(first);
  const account = await t.db.query.merchants.findMany();
  expect(account.filter((m) => m.name === DEMO_BUSINESS_NAME)).toHaveLength(1);
});

it('keeps keys other features added to demo.json', async () => {
  const file = path.join(t.dataDir, 'demo.json');
  const saved = JSON.parse(readFileSync(file, 'utf8'));
  writeFileSync(file, JSON.stringify({ ...saved, apiKey: 'ak_test_kept' }));
  await ensureDemoMerchant({ auth: t.auth, db: t.db, dataDir: t.dataDir });
  expect(JSON.parse(readFileSync(file, 'utf8')).apiKey).toBe('ak_test_kept');
});

it('issues a new working password when demo.json was deleted', async () => {
  rmSync(path.join(t.dataDir, 'demo.json'));
  const renewed = await ensureDemoMerchant({ auth: t.auth, db: t.db, dataDir: t.dataDir });
  expect((await signIn(renewed.email, renewed.password)).statusCode).toBe(200);
});
