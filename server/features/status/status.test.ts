import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { statusResponse } from '#common/api/status';
import { requestErrors } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import type { Db } from '../../db/client';
import { recordRequestError } from './record-request-error';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t.close());

const status = () => t.app.inject({ method: 'GET', url: '/api/status' });

it('reports every service of the health status response from real checks', async () => {
  const res = await status();
  expect(res.statusCode).toBe(200);
  const body = statusResponse.parse(res.json());
  expect(body).toMatchObject({
    status: 'healthy',
    mode: 'sandbox',
    services: {
      database: 'operational',
      environment: 'operational',
      encryption: 'operational',
      stripe: 'operational',
      opennode: 'operational',
    },
    details: { encryption_key_length_valid: true },
    metrics: { recent_errors_15min: 0, error_rate_healthy: true },
  });
  expect(body.details.missing_optional_env_vars).toContain('SMTP_URL');
  expect(Date.parse(body.timestamp)).not.toBeNaN();
});

it('stays healthy whatever unauthenticated callers send: refused input is not a failure', async () => {
  // Issue 28: ten of these (36 dashes) were 500s that turned the status degraded for everyone.
  for (let i = 0; i < 12; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/webhooks/payments/opennode/${'-'.repeat(36)}`,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
  }
  const body = (await status()).json();
  expect(body.metrics).toEqual({ recent_errors_15min: 0, error_rate_healthy: true });
  expect(body.status).toBe('healthy');
});

it("counts only the app's own failures, not client errors or an upstream's outage", () => {
  const recorded: unknown[] = [];
  const db = { insert: () => ({ values: (row: unknown) => (recorded.push(row), Promise.resolve()) }) };
  const request = { id: 'r1', url: '/api/x', routeOptions: { url: '/api/x' } } as FastifyRequest;
  for (const code of [400, 404, 429, 502, 503]) recordRequestError(db as unknown as Db, request, code);
  expect(recorded).toEqual([]);
  recordRequestError(db as unknown as Db, request, 500);
  expect(recorded).toEqual([{ route: '/api/x', status: 500, requestId: 'r1' }]);
});

it('counts server errors of the last 15 minutes', async () => {
  await t.db
    .insert(requestErrors)
    .values(Array.from({ length: 12 }, (_, i) => ({ route: '/api/x', status: 500, requestId: `r${i}` })));
  await t.db.insert(requestErrors).values({
    route: '/api/old',
    status: 500,
    requestId: 'old',
    createdAt: new Date(Date.now() - 16 * 60_000),
  });
  const body = (await status()).json();
  expect(body.metrics).toEqual({ recent_errors_15min: 12, error_rate_healthy: false });
  expect(body.status).toBe('degraded');
});

it('reports the database down when it cannot be reached', async () => {
  const other = await createTestApp({ jobs: false });
  await other.services.jobs.stop();
  await other.database.pool.end();
  const res = await other.app.inject({ method: 'GET', url: '/api/status' });
  expect(res.statusCode).toBe(503);
  expect(res.json()).toMatchObject({ status: 'unhealthy', services: { database: 'down' } });
  // The pool is already closed; closing again only has the test database removed.
  await other.close().catch(() => undefined);
});
