import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMerchant } from '../test/merchant-kit';
import { createTestApp, nextIp, type TestApp } from '../test/create-test-app';
import { recordRouteTables, type RegisteredRoute } from '../test/route-table';
import { MALFORMED_TARGET_PATH } from './canonical-path';

/**
 * Every registered route, spelled every other way a path can be spelled, must meet the same guards as
 * its canonical spelling: a variant never gets through where the canonical path is refused.
 */
const VARIANTS: Array<[string, (first: string, rest: string) => string]> = [
  ['dot segment', (first, rest) => `/${first}/.${rest}`],
  ['dot-dot segment', (first, rest) => `/${first}/zz/..${rest}`],
  ['encoded dot segment', (first, rest) => `/${first}/%2e${rest}`],
  [
    'percent-encoded letter',
    (first, rest) => `/%${first.charCodeAt(0).toString(16)}${first.slice(1)}${rest}`,
  ],
  ['doubled slash', (first, rest) => `//${first}${rest}`],
  ['inner doubled slash', (first, rest) => `/${first}/${rest}`],
  ['trailing slash', (first, rest) => `/${first}${rest}/`],
  ['upper case', (first, rest) => `/${first.toUpperCase()}${rest}`],
];

/** A concrete path for a route: parameters and wildcards filled in. */
const concrete = (url: string) => url.replace(/:[^/]+/g, 'x').replace(/\*/g, 'x');

let t: TestApp;
let routes: RegisteredRoute[];
let cookie: string;

beforeAll(async () => {
  const recorder = recordRouteTables();
  const webRoot = mkdtempSync(path.join(tmpdir(), 'agentcart-web-'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await createTestApp({ webRoot });
  recorder.stop();
  const seen = new Set<string>();
  routes = recorder.routesOf(t.app).filter((route) => {
    const key = `${route.method} ${route.url}`;
    if (seen.has(key) || route.url === MALFORMED_TARGET_PATH || route.method === 'OPTIONS') return false;
    seen.add(key);
    return true;
  });
  cookie = (await newMerchant(t)).cookie;
});
afterAll(() => t.close());

type Scenario = { name: string; headers: Record<string, string>; methods: (method: string) => boolean };

const SCENARIOS: Scenario[] = [
  {
    name: 'a cookie-carrying mutation from a foreign origin (CSRF)',
    headers: { origin: 'http://evil.example', 'content-type': 'text/plain' },
    methods: (method) => !['GET', 'HEAD'].includes(method),
  },
  { name: 'no credentials at all', headers: {}, methods: () => true },
];

describe('path variants over the whole route table', () => {
  it('covers the routes every guard protects', () => {
    const urls = routes.map((r) => r.url);
    for (const url of [
      '/api/auth/sign-in/email',
      '/api/auth/sign-up/email',
      '/api/developers/api-key',
      '/api/agent/offer',
      '/api/agent-offer',
      '/acp/checkout_sessions',
      '/api/account',
    ]) {
      expect(urls).toContain(url);
    }
  });

  for (const scenario of SCENARIOS) {
    it(`refuses every variant of a path whose canonical form is refused: ${scenario.name}`, async () => {
      const slipped: string[] = [];
      let refusedCanonicals = 0;
      for (const route of routes.filter((r) => scenario.methods(r.method))) {
        const canonicalPath = concrete(route.url);
        const [, first = '', ...restSegments] = canonicalPath.split('/');
        if (!first) continue;
        const rest = restSegments.length ? `/${restSegments.join('/')}` : '';
        const send = (url: string) =>
          t.app.inject({
            method: route.method as InjectOptions['method'],
            url,
            remoteAddress: nextIp(),
            headers: {
              ...(scenario.name.startsWith('a cookie') ? { cookie } : {}),
              ...scenario.headers,
              ...(route.method === 'GET' || route.method === 'HEAD'
                ? {}
                : { 'content-type': 'application/json' }),
            },
            ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { payload: '{}' }),
          });
        const canonical = await send(canonicalPath);
        expect(canonical.statusCode, `${route.method} ${canonicalPath}`).toBeLessThan(500);
        if (canonical.statusCode < 400) continue;
        refusedCanonicals += 1;
        for (const [variantName, spell] of VARIANTS) {
          const variantUrl = spell(first, rest);
          const variant = await send(variantUrl);
          if (variant.statusCode < 400 || variant.statusCode >= 500) {
            slipped.push(
              `${route.method} ${variantUrl} (${variantName}): ${variant.statusCode}, canonical ${canonical.statusCode}`,
            );
          }
        }
      }
      expect(refusedCanonicals).toBeGreaterThan(20);
      expect(slipped).toEqual([]);
    });
  }
});
