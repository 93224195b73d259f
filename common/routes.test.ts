import { describe, expect, it } from 'vitest';
import {
  APP_NAV,
  appRouteOf,
  INDEXED_PATHS,
  isAppPath,
  MARKETING_NAV,
  pathOf,
  PROTECTED_PATHS,
  ROUTES,
} from './routes';

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

  it('fills in a page address, each parameter as one encoded segment, and finds its route again', () => {
    const path = pathOf(ROUTES.orderStatus, { token: 'ab12' });
    expect(path).toBe('/order-status/ab12');
    expect(appRouteOf(path)).toBe(ROUTES.orderStatus);
    expect(pathOf(ROUTES.storefront, { accountId: 'a/b?c' })).toBe('/storefront/a%2Fb%3Fc');
    expect(appRouteOf('/order-status/ab12/more')).toBeUndefined();
  });

  it('gives the navigation its links and keeps merchant pages out of the sitemap', () => {
    expect(MARKETING_NAV.map((l) => l.label)).toEqual([
      'Pricing',
      'Docs',
      'Supported',
      'Case Studies',
      'Contact',
    ]);
    expect(APP_NAV.map((l) => l.to)).toEqual([
      '/dashboard',
      '/payments',
      '/feed',
      '/testing/agent',
      '/settings',
    ]);
    expect(INDEXED_PATHS.filter((p) => PROTECTED_PATHS.includes(p) || p === '/auth')).toEqual([]);
  });
});
