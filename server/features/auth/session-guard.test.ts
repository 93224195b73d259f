import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants, sessions } from '../../db/schema/index';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/create-test-app';
import { newMerchant, type TestMerchant } from '../../test/merchant-kit';
import { recordRouteTables, type RegisteredRoute } from '../../test/route-table';
import { SESSION_ENDED_MESSAGES } from './session-policy';
import { SESSION_RULE_EXCEPTIONS, sessionRuleOf } from './session-guard';

const OFFICE = '203.0.113.10';
const ELSEWHERE = '198.51.100.77';
const MINUTE = 60_000;

let t: TestApp;
let routes: RegisteredRoute[];
let merchant: TestMerchant;
let session: typeof sessions.$inferSelect;

beforeAll(async () => {
  const recorder = recordRouteTables();
  try {
    t = await createTestApp();
  } finally {
    recorder.stop();
  }
  routes = recorder.routesOf(t.app);
  merchant = await newMerchant(t);
  const [signedUp] = await t.db.select().from(sessions).where(eq(sessions.userId, merchant.userId));
  session = signedUp!;
});
afterAll(() => t.close());

/** Every route the app registered that a session is held to the rules on: derived, never listed. */
const guardedRoutes = () => {
  const seen = new Set<string>();
  return routes.filter((route) => {
    const key = `${route.method} ${route.url}`;
    if (seen.has(key) || route.method === 'OPTIONS' || sessionRuleOf(route.url) === 'none') return false;
    seen.add(key);
    return true;
  });
};

/** The route, called as the web app would, with the merchant's session cookie, from `from`. */
function call(route: RegisteredRoute, from: string) {
  const hasBody = !['GET', 'HEAD'].includes(route.method);
  return t.app.inject({
    method: route.method as InjectOptions['method'],
    url: route.url.replace(/:[^/]+/g, '00000000-0000-4000-8000-000000000000'),
    remoteAddress: from,
    headers: {
      cookie: merchant.cookie,
      origin: TEST_ORIGIN,
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(hasBody ? { payload: '{}' } : {}),
  });
}

/** The merchant's session, as it was at sign-up, last used `idleMinutes` ago (the rules may delete it). */
async function sessionIdleFor(idleMinutes: number) {
  const lastActiveAt = new Date(Date.now() - idleMinutes * MINUTE);
  const row = { ...session, createdAt: lastActiveAt, lastActiveAt };
  await t.db
    .insert(sessions)
    .values(row)
    .onConflictDoUpdate({ target: sessions.id, set: { createdAt: lastActiveAt, lastActiveAt } });
}

/** The error an answer carries ({ code, message }), or null (a HEAD answer, a success, a stream). */
function errorOf(res: { body: string }): { code?: string; message?: string } | null {
  try {
    return (JSON.parse(res.body) as { error?: { code?: string; message?: string } }).error ?? null;
  } catch {
    return null;
  }
}

const setAllowlist = (ipWhitelist: string[]) =>
  t.db
    .update(merchants)
    .set({ securitySettings: { ip_whitelist: ipWhitelist } })
    .where(eq(merchants.id, merchant.merchantId));

describe('the session guard on every authenticated route', () => {
  it('covers the dashboard API and the auth library routes that skipped it', () => {
    const guarded = new Set(guardedRoutes().map((route) => `${route.method} ${route.url}`));
    for (const route of [
      'GET /api/account',
      'POST /api/auth/two-factor/generate-backup-codes',
      'POST /api/auth/two-factor/disable',
      'POST /api/auth/two-factor/enable',
      'POST /api/auth/two-factor/send-otp',
      'POST /api/auth/two-factor/verify-otp',
      'POST /api/auth/two-factor/verify-totp',
      'POST /api/auth/two-factor/verify-backup-code',
      'GET /api/auth/list-sessions',
      'GET /api/auth/get-session',
      'POST /api/auth/sign-out',
      'POST /api/account/two-factor/phone/remove',
      'GET /api/connections/stripe/oauth/callback',
      'GET /api/orders/stream',
    ]) {
      expect(guarded).toContain(route);
    }
    expect(guarded.size).toBeGreaterThan(80);
  });

  it('names only registered routes among the exceptions', () => {
    const registered = new Set(routes.map((route) => route.url));
    for (const url of Object.keys(SESSION_RULE_EXCEPTIONS)) expect(registered, url).toContain(url);
  });

  it('refuses a session from an address outside the allowlist, on every one (403 ip_not_allowed)', async () => {
    await setAllowlist([OFFICE]);
    try {
      const slipped: string[] = [];
      for (const route of guardedRoutes()) {
        // Afresh each time, so a route that let the request through (signing out, say) cannot hide the next.
        await sessionIdleFor(0);
        const res = await call(route, ELSEWHERE);
        const code = route.method === 'HEAD' ? 'ip_not_allowed' : errorOf(res)?.code;
        if (res.statusCode !== 403 || code !== 'ip_not_allowed')
          slipped.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      expect(slipped).toEqual([]);
      // Refused, not ended: back on an allowed network the same session works.
      await sessionIdleFor(0);
      expect((await call({ method: 'GET', url: '/api/account' }, OFFICE)).statusCode).toBe(200);
    } finally {
      await setAllowlist([]);
    }
  });

  it('ends a session idle past its timeout, on every one (401 session_expired)', async () => {
    const slipped: string[] = [];
    for (const route of guardedRoutes()) {
      await sessionIdleFor(16);
      const res = await call(route, OFFICE);
      const error = errorOf(res);
      const refused =
        res.statusCode === 401 &&
        (route.method === 'HEAD' ||
          (error?.code === 'session_expired' && error.message === SESSION_ENDED_MESSAGES.idle(15)));
      if (!refused) slipped.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      const [row] = await t.db.select().from(sessions).where(eq(sessions.id, session.id));
      if (row) slipped.push(`${route.method} ${route.url}: the idle session was kept`);
    }
    expect(slipped).toEqual([]);
  });
});
