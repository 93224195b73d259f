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

describe('GET /robots.txt', () => {
  it('points crawlers at the sitemap and keeps them off every signed-in page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toContain(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`);
    for (const path of [
      '/dashboard',
      '/onboarding',
      '/settings',
      '/payments',
      '/testing/agent',
      '/setup-store',
      '/agent/apply',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /pricing');
  });
});
