import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveTestApp, createTestApp, type TestApp } from '../../test/create-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /__sim/credentials', () => {
  it('names, from the app’s own origin, the credentials each simulator accepts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/__sim/credentials' });
    expect(res.statusCode).toBe(200);
    const credentials = res.json();
    expect(credentials.woocommerce).toEqual(t.simulators!.credentials.woocommerce);
    expect(credentials.opennode.apiKey).toBeTruthy();
  });

  it('does not exist in live mode', async () => {
    const live = await createLiveTestApp();
    try {
      const res = await live.app.inject({ method: 'GET', url: '/__sim/credentials' });
      expect(res.statusCode).toBe(404);
    } finally {
      await live.close();
    }
  });
});

describe('GET /__sim/stripe/accounts/:account', () => {
  it("shows the Stripe simulator's dashboard of the account from the app's own origin", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/__sim/stripe/accounts/acct_1QaGcSandboxMerch' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Payments');
    expect(res.body).toContain('Refunds');
  });

  it('answers 404, in the documented shape, for an id that is not an account id or not held', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/__sim/stripe/accounts/not-an-account' });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().error.message).toBe('No Stripe account has this id.');
    const missing = await t.app.inject({ method: 'GET', url: '/__sim/stripe/accounts/acct_1NotHeldHere' });
    expect(missing.statusCode).toBe(404);
  });

  it('does not exist in live mode', async () => {
    const live = await createLiveTestApp();
    try {
      const res = await live.app.inject({
        method: 'GET',
        url: '/__sim/stripe/accounts/acct_1QaGcSandboxMerch',
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await live.close();
    }
  });
});

describe('GET /__sim/woocommerce/stores/:store/orders', () => {
  it("shows the WooCommerce simulator's orders page of the store from the app's own origin", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/__sim/woocommerce/stores/demo/orders' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Trailhead Outdoor Co.: orders');
  });

  it('answers 404, in the documented shape, for a name no simulated store can have', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/__sim/woocommerce/stores/Not_A_Store/orders' });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().error.message).toBe('No simulated store has this name.');
  });

  it('does not exist in live mode', async () => {
    const live = await createLiveTestApp();
    try {
      const res = await live.app.inject({ method: 'GET', url: '/__sim/woocommerce/stores/demo/orders' });
      expect(res.statusCode).toBe(404);
    } finally {
      await live.close();
    }
  });
});
