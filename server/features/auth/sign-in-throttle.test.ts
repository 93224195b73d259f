import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents, sessions } from '../../db/schema/index';
import { sha256Hex } from '../../lib/hash';
import { subjectHash } from '../security-events/record-security-event';
import {
  cookieHeader,
  createTestApp,
  mailedLink,
  nextIp,
  postJson,
  signUp,
  type TestApp,
  authFailuresFor,
} from '../../test/create-test-app';
import { delayAfter } from './sign-in-throttle';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = (email: string, password: string, remoteAddress: string) =>
  postJson(t.app, '/api/auth/sign-in/email', { email, password }, { remoteAddress });

async function fail(email: string, times: number, address: () => string) {
  for (let i = 0; i < times; i++) {
    const res = await signIn(email, `Wrong!pass${i}`, address());
    expect(res.statusCode).toBe(401);
  }
}

describe('the sign-in throttle', () => {
  it('doubles the delay with each failure past the threshold, up to 15 minutes', () => {
    expect(delayAfter('account_address', 4)).toBe(0);
    expect(delayAfter('account_address', 5)).toBe(30);
    expect(delayAfter('account_address', 6)).toBe(60);
    expect(delayAfter('account_address', 7)).toBe(120);
    expect(delayAfter('account_address', 30)).toBe(15 * 60);
    expect(delayAfter('address', 19)).toBe(0);
    expect(delayAfter('account', 10)).toBe(60);
  });

  it('slows down the address guessing, not the owner elsewhere', async () => {
    const { creds } = await signUp(t.app);
    const attacker = nextIp();
    await fail(creds.email, 5, () => attacker);

    const blocked = await signIn(creds.email, creds.password, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    expect(blocked.json().error.message).toMatch(/Email me a sign-in link/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(30);

    const owner = await signIn(creds.email, creds.password, nextIp());
    expect(owner.statusCode).toBe(200);
  });

  it('cannot be used to lock an owner out: five wrong passwords from anywhere leave them signing in', async () => {
    const { creds } = await signUp(t.app);
    await fail(creds.email, 5, nextIp);
    expect((await signIn(creds.email, creds.password, nextIp())).statusCode).toBe(200);
  });

  it('slows a guess spread over many addresses, except at an address the owner has signed in from', async () => {
    const { creds } = await signUp(t.app);
    const home = nextIp();
    expect((await signIn(creds.email, creds.password, home)).statusCode).toBe(200);
    await fail(creds.email, 10, nextIp);
    const stranger = await signIn(creds.email, creds.password, nextIp());
    expect(stranger.statusCode).toBe(429);
    expect((await signIn(creds.email, creds.password, home)).statusCode).toBe(200);
  });

  it('slows down one address trying many accounts', async () => {
    const stuffer = nextIp();
    for (let i = 0; i < 20; i++) {
      // Spread over two minutes of the library's own per-IP window is not needed: its limit is per path
      // and minute, ours counts the failures themselves.
      await t.db.insert(securityEvents).values({
        type: 'auth_failure',
        name: 'signin_failed',
        subjectHash: subjectHash(`victim${i}@example.com`),
        ipAddress: stuffer,
      });
    }
    const res = await signIn('victim99@example.com', 'Whatever!1', stuffer);
    expect(res.statusCode).toBe(429);
  });

  it('counts and logs refused guesses', async () => {
    const { creds } = await signUp(t.app);
    const attacker = nextIp();
    await fail(creds.email, 5, () => attacker);
    await signIn(creds.email, 'Another!guess1', attacker);
    const rows = await authFailuresFor(t, creds.email);
    expect(rows.filter((r) => r.name === 'signin_failed')).toHaveLength(5);
    const throttled = rows.filter((r) => r.name === 'signin_throttled');
    expect(throttled).toHaveLength(1);
    expect(throttled[0]!.details).toMatchObject({
      scope: 'account_address',
      email: `${creds.email.slice(0, 3)}***`,
    });
    expect(throttled[0]!.ipAddress).toBe(attacker);
  });
});

describe('the owner’s way in: a sign-in link by e-mail', () => {
  it('mails a one-time link that signs the owner in, even while their address is slowed down', async () => {
    const { creds } = await signUp(t.app);
    const home = nextIp();
    await fail(creds.email, 5, () => home);
    expect((await signIn(creds.email, creds.password, home)).statusCode).toBe(429);

    const asked = await postJson(
      t.app,
      '/api/auth/sign-in/magic-link',
      { email: creds.email, next: '/dashboard' },
      { remoteAddress: home },
    );
    expect(asked.statusCode).toBe(200);
    const link = mailedLink(t.app, creds.email, '/api/auth/magic-link/verify');
    const opened = await t.app.inject({ method: 'GET', url: link, remoteAddress: home });
    expect(opened.statusCode).toBe(302);
    const landing = new URL(String(opened.headers.location), 'http://localhost:3000');
    expect(`${landing.pathname}?${landing.searchParams}`).toBe('/auth?link=1&next=%2Fdashboard');
    const cookie = cookieHeader(opened.headers['set-cookie']);
    const account = await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
    expect(account.json().user.email).toBe(creds.email);

    const reused = await t.app.inject({ method: 'GET', url: link });
    expect(reused.statusCode).toBe(302);
    expect(reused.headers.location).toContain('error=');
  });

  it('answers the same for an address with no account, and sends nothing', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    const res = await postJson(t.app, '/api/auth/sign-in/magic-link', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'check_email', sandboxMailbox: '/__sim/mail' });
    const mail = (await t.app.inject({ method: 'GET', url: '/__sim/mail.json' })).json().messages;
    expect(mail.some((m: { to: string }) => m.to === email)).toBe(false);
  });
});

describe('session tokens', () => {
  it('are stored as their SHA-256 and never appear in an answer body', async () => {
    const { cookie, user } = await signUp(t.app);
    const raw = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token).toBe(sha256Hex(raw));
    expect(rows[0]!.token).not.toBe(raw);

    for (const url of ['/api/auth/get-session', '/api/auth/list-sessions']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(raw);
      expect(res.body).not.toContain(rows[0]!.token);
      expect(res.body).not.toMatch(/"token"/);
    }
    const signedIn = await signIn(
      (await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } })).json().user
        .email,
      'Str0ng!pass',
      nextIp(),
    );
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).not.toMatch(/"token"/);
  });

  it('sign out deletes the hashed row', async () => {
    const { cookie, user } = await signUp(t.app);
    await postJson(t.app, '/api/auth/sign-out', {}, { headers: { cookie } });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });
});
