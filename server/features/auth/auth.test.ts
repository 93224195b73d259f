import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#common/validation/auth';
import { merchants, securityEvents } from '../../db/schema/index';
import {
  cookieHeader,
  createTestApp,
  mailedLink,
  newCredentials,
  postJson,
  signUp,
  TEST_ORIGIN,
  type TestApp,
} from '../../test/create-test-app';

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
  ])('rejects %j with the message of the rule it breaks', async (override, field, message) => {
    const res = await postJson(t.app, '/api/auth/sign-up/email', { ...newCredentials(), ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fieldErrors[field]).toBe(message);
  });

  it('accepts business names with the allowed punctuation', async () => {
    const { cookie } = await signUp(t.app, newCredentials({ name: "O'Brien & Sons (Tools), Ltd." }));
    const account = await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
    expect(account.json().merchant.name).toBe("O'Brien & Sons (Tools), Ltd.");
  });

  it('answers "check your email"; the link confirms the address, signs in and creates the merchant', async () => {
    const creds = newCredentials({ name: '  Trail Supply Co.  ' });
    const res = await postJson(t.app, '/api/auth/sign-up/email', {
      ...creds,
      email: `  ${creds.email}  `,
      next: '/settings',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'check_email', sandboxMailbox: '/__sim/mail' });
    expect(res.headers['set-cookie']).toBeUndefined();

    const link = mailedLink(t.app, creds.email, '/api/auth/verify-email');
    const confirmed = await t.app.inject({ method: 'GET', url: link });
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe('/auth?verified=1&next=%2Fsettings');
    const setCookie = String(confirmed.headers['set-cookie']);
    expect(setCookie).toMatch(/agentcart\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const account = await t.app.inject({
      method: 'GET',
      url: '/api/account',
      headers: { cookie: cookieHeader(confirmed.headers['set-cookie']) },
    });
    expect(account.statusCode).toBe(200);
    const body = account.json();
    expect(body.user.email).toBe(creds.email);
    expect(body.merchant).toMatchObject({ name: 'Trail Supply Co.', defaultCurrency: 'GBP' });
    const rows = await t.db.select().from(merchants).where(eq(merchants.userId, body.user.id));
    expect(rows).toHaveLength(1);
  });

  it('cannot sign in before the address is confirmed, and the attempt mails a fresh link', async () => {
    const creds = newCredentials();
    await postJson(t.app, '/api/auth/sign-up/email', creds);
    const res = await postJson(t.app, '/api/auth/sign-in/email', {
      email: creds.email,
      password: creds.password,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('EMAIL_NOT_VERIFIED');
    const mail = (await t.app.inject({ method: 'GET', url: '/__sim/mail.json' })).json().messages;
    expect(mail.filter((m: { to: string }) => m.to === creds.email)).toHaveLength(2);
  });

  it('refuses a return path that leaves the app', async () => {
    for (const next of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      const res = await postJson(t.app, '/api/auth/sign-up/email', { ...newCredentials(), next });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('sign-up does not reveal which addresses have accounts', () => {
  it('answers a taken address exactly as a new one, and tells the owner by e-mail', async () => {
    const { creds } = await signUp(t.app);
    const again = await postJson(t.app, '/api/auth/sign-up/email', { ...creds, name: 'Someone Else' });
    const fresh = await postJson(t.app, '/api/auth/sign-up/email', newCredentials());
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(fresh.json());
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(Object.keys(again.headers).sort()).toEqual(Object.keys(fresh.headers).sort());

    const mail = (await t.app.inject({ method: 'GET', url: '/__sim/mail.json' })).json().messages as Array<{
      to: string;
      subject: string;
      text: string;
    }>;
    const notice = mail.find((m) => m.to === creds.email && /already have/.test(m.subject));
    expect(notice?.text).toContain(`${TEST_ORIGIN}/auth`);
    expect(notice?.text).not.toMatch(/verify-email|magic-link/);
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
    expect(bad.json().error.message).toBeTruthy();
  });

  it("requires a password, saying 'Password is required'", async () => {
    const res = await postJson(t.app, '/api/auth/sign-in/email', { email: 'a@b.co', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fieldErrors.password).toBe(AUTH_MESSAGES.passwordRequired);
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
