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
