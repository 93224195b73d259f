import { afterAll, beforeAll, expect, it } from 'vitest';
import { ACP_VERSIONS } from '../acp/versions/registry';
import { acpRequest } from '../../test/acp-kit';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { agentRequest, dashboardRequest, newMerchant } from '../../test/merchant-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t.close());

const offerBody = {
  items: [{ sku: 'TEST-PRODUCT-001', quantity: 1 }],
  shipping_to: { country: 'GB', postcode: 'N1 9GU' },
};

it('revokes the key: every agent surface refuses it at once, and the dashboard shows none', async () => {
  const merchant = await newMerchant(t, { connect: true, apiKey: true });
  // Offers accept a recently seen key from a cache: warm it, so revocation must evict it.
  expect((await agentRequest(t, merchant.apiKey, 'POST', '/api/agent/offer', offerBody)).statusCode).toBe(
    200,
  );

  const revoked = await dashboardRequest(t, merchant.cookie, 'DELETE', '/api/developers/api-key');
  expect(revoked.statusCode).toBe(204);

  const offer = await agentRequest(t, merchant.apiKey, 'POST', '/api/agent/offer', offerBody);
  expect(offer.statusCode).toBe(401);
  expect(offer.json()).toMatchObject({ error_code: 'UNAUTHORIZED' });
  const checkout = await agentRequest(t, merchant.apiKey, 'POST', '/api/agent-checkout', {});
  expect(checkout.statusCode).toBe(401);
  const acp = await acpRequest(t, merchant.apiKey, ACP_VERSIONS[0]!, 'POST', '/acp/checkout_sessions', {});
  expect(acp.statusCode).toBe(401);

  const shown = await dashboardRequest(t, merchant.cookie, 'GET', '/api/developers/api-key');
  expect(shown.json()).toEqual({ key: null });
});

it('answers 404 when there is no key to revoke, in the app error shape', async () => {
  const merchant = await newMerchant(t);
  const res = await dashboardRequest(t, merchant.cookie, 'DELETE', '/api/developers/api-key');
  expect(res.statusCode).toBe(404);
  expect(res.json().error).toMatchObject({ code: 'not_found', message: 'There is no API key to revoke.' });
});

it('needs a signed-in merchant', async () => {
  const res = await t.app.inject({ method: 'DELETE', url: '/api/developers/api-key' });
  expect([401, 403]).toContain(res.statusCode);
});
