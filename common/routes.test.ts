import { describe, expect, it } from 'vitest';
import { APP_NAV, INDEXED_PATHS, isAppPath, MARKETING_NAV, PROTECTED_PATHS } from './routes';

describe('the route table', () => {
  it('knows every page, with or without a trailing slash, and nothing else', () => {
    for (const path of ['/', '/pricing', '/setup-store', '/testing/agent', '/agent/apply', '/pricing/']) {
      expect(isAppPath(path), path).toBe(true);
    }
    expect(isAppPath('/storefront/acct_123')).toBe(true);
    expect(isAppPath('/storefront/acct_123/success')).toBe(true);
    for (const path of ['/nope', '/storefront', '/storefront/a/b', '/testing', '/pricing/extra']) {
      expect(isAppPath(path), path).toBe(false);
    }
  });

  it('gives the navigation its links and keeps merchant pages out of the sitemap', () => {
    expect(MARKETING_NAV.map((l) => l.label)).toEqual([
      'Pricing',
      'Docs',
      'Supported',
      'Case Studies',
      'Contact',
    ]);
    expect(APP_NAV.map((l) => l.to)).toEqual(['/dashboard', '/payments', '/testing/agent', '/settings']);
    expect(INDEXED_PATHS.filter((p) => PROTECTED_PATHS.includes(p) || p === '/auth')).toEqual([]);
  });
});
