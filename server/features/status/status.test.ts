import { afterAll, beforeAll, expect, it } from 'vitest';
import { statusResponse } from '#common/api/status';
import { createTestApp, type TestApp } from '../../test/create-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('reports a healthy database and environment in the documented shape', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/status' });
  expect(res.statusCode).toBe(200);
  const body = statusResponse.parse(res.json());
  expect(body).toMatchObject({ status: 'healthy', mode: 'sandbox', services: { database: 'operational' } });
  expect(body.details.missing_optional_env_vars).toContain('SMTP_URL');
  expect(Date.parse(body.timestamp)).not.toBeNaN();
});

it('reports the database down when it cannot be reached', async () => {
  const other = await createTestApp();
  await other.database.pool.end();
  const res = await other.app.inject({ method: 'GET', url: '/api/status' });
  expect(res.statusCode).toBe(503);
  expect(res.json()).toMatchObject({ status: 'unhealthy', services: { database: 'down' } });
  // The pool is already closed; closing again only has the test database removed.
  await other.close().catch(() => undefined);
});
