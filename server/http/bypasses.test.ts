import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents, users } from '../db/schema/index';
import { agentRequest, newMerchant, type TestMerchant } from '../test/merchant-kit';
import {
  createTestApp,
  newCredentials,
  nextIp,
  postJson,
  signUp,
  TEST_ORIGIN,
  type TestApp,
  authFailuresFor,
} from '../test/create-test-app';
import { canonicalRequestTarget, routableTarget, MALFORMED_TARGET_PATH } from './canonical-path';

/** The findings of the outside probe (issue 16), each replayed as it was described. */
let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  // With the web app's catch-all in place, as in production.
  const webRoot = mkdtempSync(path.join(tmpdir(), 'agentcart-web-'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await createTestApp({ logStream, webRoot });
});
afterAll(() => t.close());

describe('canonical request targets', () => {
  it.each([
    ['/api/auth/./sign-in/email', '/api/auth/sign-in/email'],
    ['/%61pi/developers/api-key', '/api/developers/api-key'],
    ['/api//agent/offer', '/api/agent/offer'],
    ['/api/agent/offer/', '/api/agent/offer'],
    ['/api/x/../agent/offer?a=1', '/api/agent/offer?a=1'],
    ['/api/%2e/agent/%2E%2E/agent/offer', '/api/agent/offer'],
    ['/../../api/status', '/api/status'],
    ['/api/agent/order/a%2fb', '/api/agent/order/a%2Fb'],
    ['/', '/'],
    ['/pricing?x=./../y', '/pricing?x=./../y'],
  ])('%s is read as %s', (raw, canonical) => {
    expect(canonicalRequestTarget(raw)).toBe(canonical);
  });

  it.each(['/api\\auth/sign-in/email', '/api/%zz', '/api/%4', '/a pi', 'http://evil.example/api', '/api#x'])(
    '%s is malformed',
    (raw) => {
      expect(routableTarget(raw)).toBe(MALFORMED_TARGET_PATH);
    },
  );

  it('refuses case variants of the API surfaces instead of passing them on', () => {
    expect(routableTarget('/API/auth/sign-in/email')).toBe(MALFORMED_TARGET_PATH);
    expect(routableTarget('/Acp/checkout_sessions')).toBe(MALFORMED_TARGET_PATH);
    expect(routableTarget('/Pricing')).toBe('/Pricing');
  });

  it('answers a malformed target with the app error shape', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/%zz/sign-in' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_request');
  });
});

describe('finding 1: dot segments cannot skip the sign-in throttle or the sign-up rules', () => {
  it('keeps a throttled account throttled through /api/auth/./sign-in/email, and counts and logs it', async () => {
    const { creds } = await signUp(t.app);
    const attacker = nextIp();
    for (let i = 0; i < 5; i++) {
      const url = i % 2 ? '/api/auth/./sign-in/email' : '/api/auth//sign-in/email/';
      const res = await postJson(
        t.app,
        url,
        { email: creds.email, password: `Guess!${i}aa` },
        { remoteAddress: attacker },
      );
      expect(res.statusCode).toBe(401);
    }
    const viaDot = await postJson(
      t.app,
      '/api/auth/./sign-in/email',
      { email: creds.email, password: creds.password },
      { remoteAddress: attacker },
    );
    expect(viaDot.statusCode).toBe(429);
    expect(viaDot.json().error.code).toBe('ACCOUNT_LOCKED');
    expect(viaDot.headers['set-cookie']).toBeUndefined();

    const events = await authFailuresFor(t, creds.email);
    expect(events.filter((e) => e.name === 'signin_failed')).toHaveLength(5);
    expect(events.filter((e) => e.name === 'signin_throttled')).toHaveLength(1);
  });

  it('applies the sign-up rules through /api/auth/./sign-up/email', async () => {
    const email = newCredentials().email;
    const res = await postJson(t.app, '/api/auth/./sign-up/email', {
      name: '<script>x</script>',
      email,
      password: 'password',
    });
    expect(res.statusCode).toBe(400);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('reaches no better-auth endpoint outside the allow-list', async () => {
    for (const url of [
      '/api/auth/ok',
      '/api/auth/forget-password',
      '/api/auth/update-user',
      '/api/auth/Sign-In/email',
    ]) {
      const res = await postJson(t.app, url, { email: 'a@b.co' });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('finding 2: percent-encoding cannot skip the CSRF guard', () => {
  let merchant: TestMerchant;
  beforeAll(async () => {
    merchant = await newMerchant(t, { apiKey: true });
  });

  it.each([
    ['POST', '/%61pi/developers/api-key'],
    ['PUT', '/%61pi/acp/agent-settings'],
    ['POST', '/api/./developers/api-key'],
    ['POST', '//api/developers/api-key'],
  ] as const)('refuses %s %s from a foreign origin', async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { cookie: merchant.cookie, origin: 'http://evil.example', 'content-type': 'text/plain' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
  });

  it('accepts the app at either loopback address in the sandbox', async () => {
    for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000', TEST_ORIGIN]) {
      const res = await postJson(t.app, '/api/auth/sign-up/email', newCredentials(), { headers: { origin } });
      expect(res.statusCode, origin).toBe(200);
    }
  });
});

describe('finding 3: per-key limits count the operation, whichever spelling reached it', () => {
  it('gives one key 30 checkouts a minute across /api/agent/checkout and /api/agent-checkout', async () => {
    const { apiKey } = await newMerchant(t, { apiKey: true });
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const url = i % 2 ? '/api/agent/checkout' : '/api/agent-checkout';
      statuses.push((await agentRequest(t, apiKey, 'POST', url, {})).statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});

describe('finding 4: the bad-key throttle never refuses a valid key', () => {
  it('refuses further invalid keys from the address, lets a valid key through and records an event', async () => {
    const { apiKey } = await newMerchant(t, { apiKey: true });
    const shared = nextIp();
    for (let i = 0; i < 31; i++) {
      await agentRequest(t, `ak_test_${'x'.repeat(43)}`, 'GET', '/api/agent/order/x', undefined, {
        remoteAddress: shared,
      });
    }
    const invalid = await agentRequest(t, 'ak_test_nope', 'GET', '/api/agent/order/x', undefined, {
      remoteAddress: shared,
    });
    expect(invalid.statusCode).toBe(429);
    for (let i = 0; i < 3; i++) {
      const valid = await agentRequest(t, apiKey, 'GET', '/api/agent/order/none', undefined, {
        remoteAddress: shared,
      });
      expect(valid.statusCode).toBe(404);
    }
    const acp = await t.app.inject({
      method: 'GET',
      url: '/acp/checkout_sessions/none',
      remoteAddress: shared,
      headers: { authorization: `Bearer ${apiKey}`, 'api-version': '2026-04-17' },
    });
    expect(acp.statusCode).toBe(404);
    const events = await t.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.name, 'invalid_api_keys'), eq(securityEvents.ipAddress, shared)));
    expect(events).toHaveLength(1);
  });
});

describe('finding 5: tokens, logs, caching and surfaces', () => {
  it('returns no session token in get-session or list-sessions', async () => {
    const { cookie } = await signUp(t.app);
    for (const url of ['/api/auth/get-session', '/api/auth/list-sessions']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.body).not.toMatch(/"token"/);
    }
  });

  it('marks authenticated JSON no-store', async () => {
    const { cookie } = await signUp(t.app);
    for (const url of ['/api/account', '/api/auth/get-session']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('logs no query string and no buyer e-mail', async () => {
    logLines.length = 0;
    await t.app.inject({
      method: 'GET',
      url: '/api/connections/stripe/oauth/callback?code=secret-code&state=buyer%40example.com',
    });
    await t.app.inject({ method: 'GET', url: '/api/agent/order/x?email=buyer@example.com' });
    const written = logLines.join('');
    expect(written).toContain('/api/agent/order/x');
    expect(written).not.toContain('buyer');
    expect(written).not.toContain('secret-code');
  });

  it('answers every path under /acp in the ACP error shape and every path under /api as JSON', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const acp = await t.app.inject({ method, url: '/acp/checkout_sessions/x/y/z' });
      expect(acp.headers['content-type']).toMatch(/application\/json/);
      expect(acp.json()).toMatchObject({ type: expect.any(String), code: expect.any(String) });
      const api = await t.app.inject({ method, url: '/api/nothing/here' });
      expect(api.statusCode).toBe(404);
      expect(api.json().error.code).toBe('not_found');
    }
  });
});

describe('limits keyed by what they protect: connection tests per merchant session', () => {
  it('gives two merchants behind one address their own allowance', async () => {
    const office = nextIp();
    const [a, b] = [await newMerchant(t), await newMerchant(t)];
    const test = (cookie: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/connections/bitcoin/test',
        remoteAddress: office,
        headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: { provider: 'opennode', credentials: { apiKey: 'wrong' } },
      });
    for (let i = 0; i < 20; i++) expect((await test(a.cookie)).statusCode).not.toBe(429);
    expect((await test(a.cookie)).statusCode).toBe(429);
    expect((await test(b.cookie)).statusCode).not.toBe(429);
  });
});
