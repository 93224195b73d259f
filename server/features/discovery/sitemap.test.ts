import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/create-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t.close());

describe('GET /sitemap.xml', () => {
  it('lists every public page of the route table at the public URL, and no sign-in or merchant page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain(`${TEST_ORIGIN}/`);
    expect(locs).toContain(`${TEST_ORIGIN}/pricing`);
    expect(locs).toContain(`${TEST_ORIGIN}/docs`);
    expect(locs.some((l) => /\/(auth|dashboard|setup-store|storefront)/.test(l!))).toBe(false);
  });
});
