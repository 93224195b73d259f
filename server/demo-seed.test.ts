import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, postJson, type TestApp } from './test/create-test-app';
import { DEMO_BUSINESS_NAME, ensureDemoMerchant } from './demo-seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const seedDeps = () => ({ ...t.services, dataDir: t.dataDir, simulators: t.simulators! });
const signIn = (email: string, password: string) =>
  postJson(t.app, '/api/auth/sign-in/email', { email, password });

it('creates the demo merchant, writes demo.json, and keeps the same login across restarts', async () => {
  const first = await ensureDemoMerchant(seedDeps());
  const file = path.join(t.dataDir, 'demo.json');
  expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
  expect(first.apiKey).toMatch(/^ak_test_[0-9A-Za-z]{43}$/);
  expect((await signIn(first.email, first.password)).statusCode).toBe(200);

  const second = await ensureDemoMerchant(seedDeps());
  expect(second).toEqual(first);
  const account = await t.db.query.merchants.findMany();
  expect(account.filter((m) => m.name === DEMO_BUSINESS_NAME)).toHaveLength(1);
});

it('keeps keys other features added to demo.json', async () => {
  const file = path.join(t.dataDir, 'demo.json');
  const saved = JSON.parse(readFileSync(file, 'utf8'));
  writeFileSync(file, JSON.stringify({ ...saved, extra: 'kept' }));
  await ensureDemoMerchant(seedDeps());
  expect(JSON.parse(readFileSync(file, 'utf8')).extra).toBe('kept');
});

it('issues a new working password when demo.json was deleted', async () => {
  rmSync(path.join(t.dataDir, 'demo.json'));
  const renewed = await ensureDemoMerchant(seedDeps());
  expect((await signIn(renewed.email, renewed.password)).statusCode).toBe(200);
});

it('connects the demo WooCommerce store, Stripe account and OpenNode account', async () => {
  const demo = await ensureDemoMerchant(seedDeps());
  const signedIn = await signIn(demo.email, demo.password);
  const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
  const connections = (
    await t.app.inject({ method: 'GET', url: '/api/connections', headers: { cookie } })
  ).json();
  expect(connections.stores.map((s: { platform: string }) => s.platform)).toEqual(['woocommerce']);
  expect(connections.stores[0].display.storeUrl).toBe('https://demo.woocommerce.sandbox');
  expect(connections.payments.map((p: { provider: string }) => p.provider).sort()).toEqual([
    'opennode',
    'stripe',
  ]);
  const account = (await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } })).json();
  expect(account.merchant).toMatchObject({
    platform: 'woocommerce',
    storeUrl: 'https://demo.woocommerce.sandbox',
  });
});
