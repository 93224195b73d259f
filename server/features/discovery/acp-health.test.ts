import { afterAll, beforeAll, expect, it } from 'vitest';
import { acpHealthResponse } from '#common/api/discovery';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/create-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t.close());

const health = (app: TestApp) => app.app.inject({ method: 'GET', url: '/api/acp-health' });

it('is ok, without authentication, when the ACP API and its dependencies are up', async () => {
  const res = await health(t);
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  const body = acpHealthResponse.parse(res.json());
  expect(body).toMatchObject({
    status: 'ok',
    version: t.config.version,
    mode: 'sandbox',
    api_base_url: `${TEST_ORIGIN}/acp`,
    current_version: '2026-04-17',
    supported_versions: ['2025-09-29', '2026-04-17'],
    checks: {
      endpoints: 'operational',
      database: 'operational',
      encryption: 'operational',
      stripe: 'operational',
      opennode: 'operational',
    },
    reasons: [],
  });
  expect(Date.parse(body.timestamp)).not.toBeNaN();
});

it('is degraded, naming the handler, when a payment provider is down', async () => {
  const other = await createTestApp({ jobs: false });
  try {
    await fetch(`${other.simulators!.simulators.opennode.baseUrl}/__sim/down`, { method: 'POST' });
    const res = await health(other);
    expect(res.statusCode).toBe(200);
    const body = acpHealthResponse.parse(res.json());
    expect(body.status).toBe('degraded');
    expect(body.checks).toMatchObject({ database: 'operational', opennode: 'degraded' });
    expect(body.reasons).toEqual(['OpenNode (the Lightning handler): degraded']);
  } finally {
    await other.close();
  }
});

it('is down with 503, in the same shape, when the database cannot be reached', async () => {
  const other = await createTestApp({ jobs: false });
  await other.services.jobs.stop();
  await other.database.pool.end();
  const res = await health(other);
  expect(res.statusCode).toBe(503);
  const body = acpHealthResponse.parse(res.json());
  expect(body.status).toBe('down');
  expect(body.checks.database).toBe('down');
  expect(body.reasons).toContain('the database (sessions, API keys, idempotency records): down');
  // The pool is already closed; closing again only has the test database removed.
  await other.close().catch(() => undefined);
});
