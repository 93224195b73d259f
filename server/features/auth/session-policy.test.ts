import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index';
import { fixedClock } from '../../lib/clock';
import {
  cookieHeader,
  createTestApp,
  nextIp,
  postJson,
  signUp,
  TEST_ORIGIN,
  type Credentials,
  type TestApp,
} from '../../test/create-test-app';
import { SESSION_ENDED_MESSAGES } from './session-policy';

const MINUTE = 60_000;
const clock = fixedClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

function get(cookie: string, url = '/api/account', headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });
}

async function signIn(creds: Credentials, userAgent: string) {
  const res = await postJson(
    t.app,
    '/api/auth/sign-in/email',
    { email: creds.email, password: creds.password },
    { headers: { 'user-agent': userAgent } },
  );
  expect(res.statusCode).toBe(200);
  return cookieHeader(res.headers['set-cookie']);
}

const sessionCount = async (userId: string) =>
  (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe('idle timeout', () => {
  it('ends a session idle longer than 15 minutes by default, and deletes it', async () => {
    const { cookie, user } = await signUp(t.app);
    expect((await get(cookie)).statusCode).toBe(200);
    clock.advance(15 * MINUTE + 1_000);

    const refused = await get(cookie);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toMatchObject({
      code: 'session_expired',
      message: SESSION_ENDED_MESSAGES.idle(15),
    });
    expect(await sessionCount(user.id)).toBe(0);
    // The session is gone, not merely refused: the next answer is a plain signed-out one.
    const after = await get(cookie, '/api/auth/get-session');
    expect(after.statusCode).toBe(200);
    expect(after.json()).toBeNull();
  });

  it('keeps a session that is used, and measures idleness from the last use', async () => {
    const { cookie } = await signUp(t.app);
    for (let i = 0; i < 4; i += 1) {
      clock.advance(10 * MINUTE);
      expect((await get(cookie)).statusCode).toBe(200);
    }
  });

  it("follows the merchant's own timeout (5-60 minutes) and refuses values outside it", async () => {
    const { cookie } = await signUp(t.app);
    for (const minutes of [4, 61, 15.5]) {
      const res = await dashboard(cookie, 'PUT', '/api/account/security', { sessionTimeoutMinutes: minutes });
      expect(res.statusCode).toBe(400);
    }
    const saved = await dashboard(cookie, 'PUT', '/api/account/security', { sessionTimeoutMinutes: 5 });
    expect(saved.json().sessionTimeoutMinutes).toBe(5);
    clock.advance(4 * MINUTE);
    expect((await get(cookie)).statusCode).toBe(200);
    clock.advance(5 * MINUTE + 1_000);
    const refused = await get(cookie, '/api/auth/get-session');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toMatchObject({
      code: 'session_expired',
      message: SESSION_ENDED_MESSAGES.idle(5),
    });
  });

  it("does not count the app's background polls as activity", async () => {
    const { cookie } = await signUp(t.app);
    clock.advance(10 * MINUTE);
    expect((await get(cookie, '/api/account', { 'x-agentcart-background': '1' })).statusCode).toBe(200);
    clock.advance(6 * MINUTE);
    expect((await get(cookie)).statusCode).toBe(401);
  });
});

describe('maximum session', () => {
  it('ends a session 24 hours after sign-in however active it was', async () => {
    const { cookie } = await signUp(t.app);
    await dashboard(cookie, 'PUT', '/api/account/security', { sessionTimeoutMinutes: 60 });
    for (let hour = 1; hour <= 24; hour += 1) {
      clock.advance(59 * MINUTE);
      expect((await get(cookie)).statusCode).toBe(200);
    }
    clock.advance(25 * MINUTE);
    const refused = await get(cookie);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toMatchObject({
      code: 'session_expired',
      message: SESSION_ENDED_MESSAGES.maximum,
    });
  });
});

function dashboard(cookie: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: {
      cookie,
      origin: TEST_ORIGIN,
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      ...(payload ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload ? { payload } : {}),
    remoteAddress: '198.51.100.1',
  });
}

describe('active sessions', () => {
  it('lists each session with its browser, address and last activity, marking this one', async () => {
    const { cookie, creds } = await signUp(t.app);
    await signIn(
      creds,
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36',
    );
    const res = await dashboard(cookie, 'GET', '/api/account/sessions');
    expect(res.statusCode).toBe(200);
    const list = res.json().sessions as { browser: string | null; current: boolean; ipAddress: string }[];
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.find((s) => !s.current)?.browser).toBe('Chrome on macOS');
    expect(list.every((s) => /^10\.0\.\d+\.\d+$/.test(s.ipAddress))).toBe(true);
  });

  it('revokes one session: the other browser is signed out at its next request', async () => {
    const { cookie, creds } = await signUp(t.app);
    const other = await signIn(creds, 'Mozilla/5.0 (Windows NT 10.0) Chrome/131.0.0.0 Safari/537.36');
    const list = (await dashboard(cookie, 'GET', '/api/account/sessions')).json().sessions;
    const otherId = list.find((s: { current: boolean }) => !s.current).id;

    expect((await dashboard(cookie, 'DELETE', `/api/account/sessions/${otherId}`)).statusCode).toBe(204);
    expect((await get(other)).statusCode).toBe(401);
    expect((await get(other, '/api/auth/get-session')).json()).toBeNull();
    expect((await get(cookie)).statusCode).toBe(200);
    // Gone already, and never another user's session.
    expect((await dashboard(cookie, 'DELETE', `/api/account/sessions/${otherId}`)).statusCode).toBe(404);
  });

  it("cannot revoke another user's session", async () => {
    const victim = await signUp(t.app);
    const [victimSession] = await t.db.select().from(sessions).where(eq(sessions.userId, victim.user.id));
    const { cookie } = await signUp(t.app);
    const res = await dashboard(cookie, 'DELETE', `/api/account/sessions/${victimSession!.id}`);
    expect(res.statusCode).toBe(404);
    expect((await get(victim.cookie)).statusCode).toBe(200);
  });

  it('revokes all other sessions and keeps this one', async () => {
    const { cookie, creds, user } = await signUp(t.app);
    const others = [await signIn(creds, 'agent-a'), await signIn(creds, 'agent-b')];
    const res = await dashboard(cookie, 'POST', '/api/account/sessions/revoke-others', {});
    expect(res.json()).toEqual({ revoked: 2 });
    for (const other of others) expect((await get(other)).statusCode).toBe(401);
    expect((await get(cookie)).statusCode).toBe(200);
    expect(await sessionCount(user.id)).toBe(1);
  });

  it('refuses session ids that are not ids, in the app error shape', async () => {
    const { cookie } = await signUp(t.app);
    const res = await dashboard(cookie, 'DELETE', '/api/account/sessions/not-a-session');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_request');
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/sessions', remoteAddress: nextIp() });
    expect(res.statusCode).toBe(401);
  });
});
