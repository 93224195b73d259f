import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#common/validation/auth';
import { merchants, securityEvents } from '../../db/schema/index';
import {
  cookieHeader,
  createTestApp,
  newCredentials,
  postJson,
  signUp,
  TEST_ORIGIN,
  type TestApp,
} from '../../test/create-test-app';
import { LOCKOUT_MESSAGE } from './sign-in-lockout';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-up', () => {
  it.each([
    [{ name: '' }, 'name', AUTH_MESSAGES.businessNameRequired],
    [{ name: 'x'.repeat(101) }, 'name', AUTH_MESSAGES.businessNameTooLong],
    [{ name: 'Acme <b>' }, 'name', AUTH_MESSAGES.businessNameCharacters],
    [{ name: 'Acme <script>alert(1)</script>' }, 'name', AUTH_MESSAGES.businessNameProhibited],
    [{ name: 'javascript:alert(1)' }, 'name', AUTH_MESSAGES.businessNameProhibited],
    [{ name: 'Acme onload=x' }, 'name', AUTH_MESSAGES.businessNameProhibited],
    [{ email: '' }, 'email', AUTH_MESSAGES.emailRequired],
    [{ email: `${'a'.repeat(250)}@b.com` }, 'email', AUTH_MESSAGES.emailTooLong],
    [{ email: 'not-an-email' }, 'email', AUTH_MESSAGES.emailFormat],
    [{ email: '<a>@b.com' }, 'email', AUTH_MESSAGES.emailCharacters],
    [{ password: 'Sh0rt!' }, 'password', AUTH_MESSAGES.passwordTooShort],
    [{ password: `Aa1!${'x'.repeat(125)}` }, 'password', AUTH_MESSAGES.passwordTooLong],
    [{ password: 'alllowercase1!' }, 'password', AUTH_MESSAGES.passwordComplexity],
    [{ password: 'NoDigits!!' }, 'password', AUTH_MESSAGES.passwordComplexity],
    [{ password: 'NoSpecial123' }, 'password', AUTH_MESSAGES.passwordComplexity],
  ])('rejects %j with the spec message', async (override, field, message) => {
    const res = await postJson(t.app, '/api/auth/sign-up/email', { ...newCredentials(), ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toBe(message);
  });

  it('accepts business names with the allowed punctuation', async () => {
    const { cookie } = await signUp(t.app, newCredentials({ name: "O'Brien & Sons (Tools), Ltd." }));
    const account = await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
    expect(account.json().merchant.name).toBe("O'Brien & Sons (Tools), Ltd.");
  });

  it('creates the merchant with the business name, trims input, and signs the user in', async () => {
    const creds = newCredentials({ name: '  Trail Supply Co.  ' });
    const res = await postJson(t.app, '/api/auth/sign-up/email', { ...creds, email: `  ${creds.email}  ` });
    expect(res.statusCode).toBe(200);
    // The session stays in the httpOnly cookie; it is not repeated where a script could read it.
    expect(res.json()).not.toHaveProperty('token');
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/agentcart\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const account = await t.app.inject({
      method: 'GET',
      url: '/api/account',
      headers: { cookie: cookieHeader(res.headers['set-cookie']) },
    });
    expect(account.statusCode).toBe(200);
    const body = account.json();
    expect(body.user.email).toBe(creds.email);
    expect(body.merchant).toMatchObject({ name: 'Trail Supply Co.', defaultCurrency: 'GBP' });
    const rows = await t.db.select().from(merchants).where(eq(merchants.userId, body.user.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a second account with the same e-mail and records an auth_failure', async () => {
    const { creds } = await signUp(t.app);
    const res = await postJson(t.app, '/api/auth/sign-up/email', creds);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const events = await t.db.select().from(securityEvents).where(eq(securityEvents.name, 'signup_failed'));
    expect(events.at(-1)?.details).toMatchObject({
      reason: 'signup_failed',
      email: `${creds.email.slice(0, 3)}***`,
    });
  });
});

describe('sign-in', () => {
  it('signs in with the right password and answers 401 with the wrong one', async () => {
    const { creds } = await signUp(t.app);
    const ok = await postJson(t.app, '/api/auth/sign-in/email', {
      email: creds.email,
      password: creds.password,
    });
    expect(ok.statusCode).toBe(200);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: cookieHeader(ok.headers['set-cookie']) },
    });
    expect(session.json().user.email).toBe(creds.email);

    const bad = await postJson(t.app, '/api/auth/sign-in/email', {
      email: creds.email,
      password: 'Wr0ng!pass',
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBeTruthy();
  });

  it('requires a password, with the spec message', async () => {
    const res = await postJson(t.app, '/api/auth/sign-in/email', { email: 'a@b.co', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.password).toBe(AUTH_MESSAGES.passwordRequired);
  });

  it('logs failures with a masked e-mail and never the password', async () => {
    const { creds } = await signUp(t.app);
    await postJson(t.app, '/api/auth/sign-in/email', { email: creds.email, password: 'Secret!Guess9' });
    const rows = await t.db.select().from(securityEvents).where(eq(securityEvents.name, 'signin_failed'));
    const dump = JSON.stringify(rows);
    expect(dump).toContain(`${creds.email.slice(0, 3)}***`);
    expect(dump).not.toContain(creds.email);
    expect(dump).not.toContain('Secret!Guess9');
  });

  it('locks an account after 5 failures, even from different addresses, until the window passes', async () => {
    const { creds } = await signUp(t.app);
    for (let i = 0; i < 5; i++) {
      const res = await postJson(t.app, '/api/auth/sign-in/email', {
        email: creds.email,
        password: `Wrong!pass${i}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const locked = await postJson(t.app, '/api/auth/sign-in/email', {
      email: creds.email,
      password: creds.password,
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(LOCKOUT_MESSAGE);
  });

  it('limits sign-in attempts per client address', async () => {
    const remoteAddress = '192.0.2.77';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await postJson(
        t.app,
        '/api/auth/sign-in/email',
        { email: `nobody${i}@example.com`, password: 'Whatever!1' },
        { remoteAddress },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('ignores a client-supplied IP header when limiting', async () => {
    const remoteAddress = '192.0.2.78';
    let last = 0;
    for (let i = 0; i < 11; i++) {
      const res = await postJson(
        t.app,
        '/api/auth/sign-in/email',
        { email: `spoof${i}@example.com`, password: 'Whatever!1' },
        {
          remoteAddress,
          headers: { 'x-agentcart-client-ip': `198.51.100.${i}`, 'x-forwarded-for': `203.0.113.${i}` },
        },
      );
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('sessions and protection', () => {
  it('answers 401 on the account endpoint without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it('signs out, after which the cookie no longer works', async () => {
    const { cookie } = await signUp(t.app);
    const out = await postJson(t.app, '/api/auth/sign-out', {}, { headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const account = await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
    expect(account.statusCode).toBe(401);
  });

  it('refuses cookie-carrying mutations from a foreign origin', async () => {
    const { cookie } = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: {
        name: 'Eve',
        email: 'eve@example.com',
        subject: 'Hello there',
        message: 'Forged request body',
      },
    });
    expect(res.statusCode).toBe(403);
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: {},
    });
    expect(signOut.statusCode).toBe(403);
    expect(TEST_ORIGIN).toBe(t.config.publicUrl);
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
  });
});
