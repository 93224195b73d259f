import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readinessReport } from '#common/api/readiness';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { dashboardRequest, newMerchant, simControl } from '../../test/merchant-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t.close());

const readiness = async (cookie: string, requestId?: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/readiness',
    headers: { cookie, ...(requestId ? { 'x-request-id': requestId } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return readinessReport.parse(res.json());
};

describe('agent readiness', () => {
  it('is BLOCKED for a new merchant, naming what is missing', async () => {
    const { cookie } = await newMerchant(t);
    const report = await readiness(cookie, 'ready-check-0001');
    expect(report.status).toBe('BLOCKED');
    expect(report.request_id).toBe('ready-check-0001');
    expect(report.reasons.map((r) => r.code).sort()).toEqual([
      'API_KEY_MISSING',
      'BITCOIN_NOT_ENABLED',
      'NO_PAYMENT_METHOD',
      'STORE_NOT_CONNECTED',
      'STRIPE_NOT_CONNECTED',
    ]);
    expect(report.reasons.find((r) => r.code === 'BITCOIN_NOT_ENABLED')?.optional).toBe(true);
    expect(report.services).toMatchObject({
      app: { healthy: true, configured: true },
      stripe: { configured: false },
      bitcoin: { configured: false },
    });
    expect(report.protocols).toEqual({ agent_api: false, acp: false, ucp: false });
  });

  it('is OK when the store, Stripe, Bitcoin and an API key are all in place', async () => {
    const { cookie } = await newMerchant(t, { connect: true, apiKey: true });
    const report = await readiness(cookie);
    expect(report).toMatchObject({ status: 'OK', reasons: [] });
    expect(report.protocols).toEqual({ agent_api: true, acp: true, ucp: true });
    expect(report.services).toMatchObject({
      stripe: { healthy: true, configured: true },
      bitcoin: { healthy: true, configured: true },
    });
  });

  it('is READY when only an optional part is missing, and BLOCKED when the store stops answering', async () => {
    const { cookie } = await newMerchant(t, { connect: true, apiKey: true });
    await dashboardRequest(t, cookie, 'PUT', '/api/connections/bitcoin', {
      enabled: false,
      provider: 'opennode',
      expiryMins: 15,
    });
    const ready = await readiness(cookie);
    expect(ready.status).toBe('READY');
    expect(ready.reasons.map((r) => r.code)).toEqual(['BITCOIN_NOT_ENABLED']);

    await simControl(t, 'woocommerce', 'down');
    try {
      const blocked = await readiness(cookie);
      expect(blocked.status).toBe('BLOCKED');
      expect(blocked.reasons.map((r) => r.code)).toContain('STORE_UNREACHABLE');
    } finally {
      await simControl(t, 'woocommerce', 'up');
    }
  });

  it('is DEGRADED when one connected payment method fails but another works', async () => {
    const { cookie } = await newMerchant(t, { connect: true, apiKey: true });
    await simControl(t, 'opennode', 'down');
    try {
      const report = await readiness(cookie);
      expect(report.status).toBe('DEGRADED');
      expect(report.services.bitcoin).toEqual({ healthy: false, configured: true });
      expect(report.reasons.map((r) => r.code)).toEqual(['BITCOIN_UNHEALTHY']);
    } finally {
      await simControl(t, 'opennode', 'up');
    }
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/readiness' })).statusCode).toBe(401);
  });
});
