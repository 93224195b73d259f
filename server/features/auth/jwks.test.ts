import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ simulators: false });
});
afterAll(() => t.close());

describe('GET /.well-known/jwks.json', () => {
  it('publishes an empty key set, cacheable by anyone, since the product signs no tokens others verify', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ keys: [] });
    expect(res.headers['content-type']).toBe('application/jwk-set+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });
});
