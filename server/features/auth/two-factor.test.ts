import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents, users } from '../../db/schema/index';
import {
  authFailuresFor,
  cookieHeader,
  createTestApp,
  mailedLink,
  nextIp,
  postJson,
  signUp,
  type Credentials,
  type TestApp,
} from '../../test/create-test-app';
import { secretOf, totpCode } from '../../test/totp';
import {
  enrolled as enrolledWith,
  passwordStep as passwordStepWith,
  secondStep as secondStepWith,
} from '../../test/two-factor-kit';
import { subjectHash } from '../security-events/record-security-event';
import { TWO_FACTOR_ERRORS } from './two-factor-endpoints';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const enrolled = () => enrolledWith(t);
const passwordStep = (creds: Credentials, ip?: string) => passwordStepWith(t, creds, ip);
const secondStep = (path: string, code: string, pending: string, ip: string) =>
  secondStepWith(t, path, code, pending, ip);

describe('two-factor enrolment', () => {
  it('needs the password, shows the secret as an otpauth URI with ten recovery codes, and is on only after a valid code', async () => {
    const { cookie, creds, user } = await signUp(t.app);
    const wrong = await postJson(
      t.app,
      '/api/auth/two-factor/enable',
      { password: 'Wr0ng!pass' },
      { headers: { cookie } },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'INVALID_PASSWORD',
      message: TWO_FACTOR_ERRORS.wrongPassword,
    });

    const setup = await postJson(
      t.app,
      '/api/auth/two-factor/enable',
      { password: creds.password },
      { headers: { cookie } },
    );
    expect(setup.statusCode).toBe(200);
    const { totpURI, backupCodes } = setup.json();
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/AgentCart:.+\?.*secret=[A-Z2-7]+/);
    expect(new URL(totpURI).searchParams.get('issuer')).toBe('AgentCart');
    expect(backupCodes).toHaveLength(10);
    for (const code of backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    const [pending] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(pending!.twoFactorEnabled).toBe(false);

    const bad = await postJson(
      t.app,
      '/api/auth/two-factor/verify-totp',
      { code: '000000' },
      { headers: { cookie } },
    );
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error).toMatchObject({ code: 'INVALID_CODE', message: TWO_FACTOR_ERRORS.wrongCode });
    const malformed = await postJson(
      t.app,
      '/api/auth/two-factor/verify-totp',
      { code: '12ab' },
      { headers: { cookie } },
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fieldErrors.code).toBe('The code is 6 digits');

    const ok = await postJson(
      t.app,
      '/api/auth/two-factor/verify-totp',
      { code: totpCode(secretOf(totpURI)) },
      { headers: { cookie } },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toBeUndefined();
    const [on] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(on!.twoFactorEnabled).toBe(true);

    const events = await t.db
      .select()
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.subjectHash, subjectHash(creds.email)),
          eq(securityEvents.type, 'settings_change'),
        ),
      );
    expect(events.map((e) => e.name)).toEqual(['two_factor_enabled']);
    expect(events[0]!.merchantId).toBeTruthy();
    expect(JSON.stringify(events[0]!.details)).not.toContain(creds.email);
    expect(events[0]!.details).toMatchObject({ email: `${creds.email.slice(0, 3)}***` });
  });

  it('refuses a second enrolment while one is on', async () => {
    const { creds, cookie } = await enrolled();
    const again = await postJson(
      t.app,
      '/api/auth/two-factor/enable',
      { password: creds.password },
      { headers: { cookie } },
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('TOTP_ALREADY_ENABLED');
  });

  it('is not reachable without a session', async () => {
    const res = await postJson(t.app, '/api/auth/two-factor/enable', { password: 'Str0ng!pass' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({ code: 'SIGN_IN_EXPIRED' });
  });
});

describe('signing in with two-factor on', () => {
  it('asks for a second step after the password, and a code from the app opens the session', async () => {
    const { creds, secret } = await enrolled();
    const { res, pending, ip } = await passwordStep(creds);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'second_step', methods: ['totp'] });
    expect(pending).not.toMatch(/session_token=[^;]/);
    expect(pending).toMatch(/two_factor=/);

    const done = await secondStep('verify-totp', totpCode(secret), pending, ip);
    expect(done.statusCode).toBe(200);
    expect(done.json().token).toBeUndefined();
    const cookie = cookieHeader(done.headers['set-cookie']);
    const account = await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
    expect(account.statusCode).toBe(200);
    expect(account.json().user.email).toBe(creds.email);
  });

  it('refuses a code that already opened a session, even inside its 30-second window', async () => {
    const { creds, secret } = await enrolled();
    const code = totpCode(secret);
    const first = await passwordStep(creds);
    expect((await secondStep('verify-totp', code, first.pending, first.ip)).statusCode).toBe(200);

    const second = await passwordStep(creds);
    const replay = await secondStep('verify-totp', code, second.pending, second.ip);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toMatchObject({
      code: 'CODE_ALREADY_USED',
      message: TWO_FACTOR_ERRORS.reusedCode,
    });
    expect(replay.headers['set-cookie'] ?? '').not.toMatch(/session_token=[^;]/);
  });

  it('lets two concurrent requests with one code open one session', async () => {
    const { creds, secret } = await enrolled();
    const code = totpCode(secret);
    const [a, b] = await Promise.all([passwordStep(creds), passwordStep(creds)]);
    const answers = await Promise.all([
      secondStep('verify-totp', code, a.pending, a.ip),
      secondStep('verify-totp', code, b.pending, b.ip),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('takes a recovery code once', async () => {
    const { creds, backupCodes } = await enrolled();
    const first = await passwordStep(creds);
    const used = await secondStep('verify-backup-code', backupCodes[0]!, first.pending, first.ip);
    expect(used.statusCode).toBe(200);
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/account',
      headers: { cookie: cookieHeader(used.headers['set-cookie']) },
    });
    expect(account.statusCode).toBe(200);

    const second = await passwordStep(creds);
    const again = await secondStep('verify-backup-code', backupCodes[0]!, second.pending, second.ip);
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toMatchObject({
      code: 'INVALID_BACKUP_CODE',
      message: TWO_FACTOR_ERRORS.wrongRecoveryCode,
    });
    expect(
      (await secondStep('verify-backup-code', backupCodes[1]!, second.pending, second.ip)).statusCode,
    ).toBe(200);
  });

  it('counts wrong codes in the sign-in throttle, which then refuses even the right code', async () => {
    const { creds, secret } = await enrolled();
    const waiting = await passwordStep(creds);
    // The library allows five tries per pending sign-in and three a second step per address in ten
    // seconds; an attacker who has the password signs in again from many addresses.
    for (let round = 0; round < 10; round++) {
      const { pending, ip } = await passwordStep(creds);
      const wrong = await secondStep('verify-totp', String(100000 + round), pending, ip);
      expect(wrong.statusCode).toBe(401);
    }
    const failures = await authFailuresFor(t, creds.email);
    expect(failures.filter((f) => f.name === 'second_step_failed')).toHaveLength(10);

    const refused = await secondStep('verify-totp', totpCode(secret), waiting.pending, waiting.ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('ACCOUNT_LOCKED');
    expect(refused.headers['retry-after']).toBeDefined();
    const { res } = await passwordStep(creds);
    expect(res.statusCode).toBe(429);
  });

  it('a sign-in link opens the second step instead of a session', async () => {
    const { creds, secret } = await enrolled();
    const ip = nextIp();
    const asked = await postJson(
      t.app,
      '/api/auth/sign-in/magic-link',
      { email: creds.email },
      { remoteAddress: ip },
    );
    expect(asked.statusCode).toBe(200);
    const link = mailedLink(t.app, creds.email, '/api/auth/magic-link/verify');
    const opened = await t.app.inject({ method: 'GET', url: link, remoteAddress: ip });
    expect(opened.statusCode).toBe(302);
    // Named for the auth page: this account has only the app (and its recovery codes).
    expect(opened.headers.location).toMatch(/^\/auth\?.*second_step=totp(&|$)/);
    const pending = cookieHeader(opened.headers['set-cookie']);
    const noSession = await t.app.inject({
      method: 'GET',
      url: '/api/account',
      headers: { cookie: pending },
    });
    expect(noSession.statusCode).toBe(401);

    const done = await secondStep('verify-totp', totpCode(secret), pending, ip);
    expect(done.statusCode).toBe(200);
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/account',
      headers: { cookie: cookieHeader(done.headers['set-cookie']) },
    });
    expect(account.statusCode).toBe(200);
  });

  it('answers a second step without a pending sign-in in the app shape', async () => {
    const res = await postJson(t.app, '/api/auth/two-factor/verify-totp', { code: '123456' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({
      code: 'SIGN_IN_EXPIRED',
      message: TWO_FACTOR_ERRORS.noPendingSignIn,
    });
    expect(res.json().error.requestId).toBeTruthy();
  });
});

describe('turning two-factor off', () => {
  it('needs the password and a valid unused code, and is recorded', async () => {
    const { creds, secret, cookie, user } = await enrolled();
    const noCode = await postJson(
      t.app,
      '/api/auth/two-factor/disable',
      { password: creds.password },
      { headers: { cookie } },
    );
    expect(noCode.statusCode).toBe(400);

    const wrongCode = await postJson(
      t.app,
      '/api/auth/two-factor/disable',
      { password: creds.password, code: '000000' },
      { headers: { cookie } },
    );
    expect(wrongCode.statusCode).toBe(401);
    expect(wrongCode.json().error.code).toBe('INVALID_CODE');

    const wrongPassword = await postJson(
      t.app,
      '/api/auth/two-factor/disable',
      { password: 'Wr0ng!pass', code: totpCode(secret) },
      { headers: { cookie } },
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.code).toBe('INVALID_PASSWORD');

    const off = await postJson(
      t.app,
      '/api/auth/two-factor/disable',
      { password: creds.password, code: totpCode(secret) },
      { headers: { cookie } },
    );
    expect(off.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.twoFactorEnabled).toBe(false);

    const { res } = await passwordStep(creds);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBeUndefined();
    expect(String(res.headers['set-cookie'])).toMatch(/session_token=[^;]/);

    const changes = await t.db
      .select({ name: securityEvents.name })
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.subjectHash, subjectHash(creds.email)),
          eq(securityEvents.type, 'settings_change'),
        ),
      );
    expect(changes.map((c) => c.name)).toEqual(['two_factor_enabled', 'two_factor_disabled']);
  });

  it('takes a recovery code instead of an app code', async () => {
    const { creds, backupCodes, cookie } = await enrolled();
    const off = await postJson(
      t.app,
      '/api/auth/two-factor/disable',
      { password: creds.password, code: backupCodes[3] },
      { headers: { cookie } },
    );
    expect(off.statusCode).toBe(200);
  });
});

describe('fresh recovery codes', () => {
  it('replace the old ones', async () => {
    const { creds, backupCodes, cookie } = await enrolled();
    const fresh = await postJson(
      t.app,
      '/api/auth/two-factor/generate-backup-codes',
      { password: creds.password },
      { headers: { cookie } },
    );
    expect(fresh.statusCode).toBe(200);
    const next = fresh.json().backupCodes as string[];
    expect(next).toHaveLength(10);
    expect(next).not.toContain(backupCodes[0]);

    const { pending, ip } = await passwordStep(creds);
    expect((await secondStep('verify-backup-code', backupCodes[0]!, pending, ip)).statusCode).toBe(401);
    expect((await secondStep('verify-backup-code', next[0]!, pending, ip)).statusCode).toBe(200);
  });
});

describe('GET /api/account/two-factor', () => {
  it('says whether two-factor is on, with the app factor and the recovery codes left', async () => {
    const { cookie: offCookie } = await signUp(t.app);
    const off = await t.app.inject({
      method: 'GET',
      url: '/api/account/two-factor',
      headers: { cookie: offCookie },
    });
    expect(off.json()).toEqual({
      enabled: false,
      factors: [],
      recoveryCodesRemaining: null,
      phoneAvailable: true,
    });

    const { creds, backupCodes, cookie } = await enrolled();
    const { pending, ip } = await passwordStep(creds);
    expect((await secondStep('verify-backup-code', backupCodes[0]!, pending, ip)).statusCode).toBe(200);
    const on = await t.app.inject({ method: 'GET', url: '/api/account/two-factor', headers: { cookie } });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({
      enabled: true,
      factors: [
        { factorType: 'totp', status: 'verified', friendlyName: 'Authenticator app', issuer: 'AgentCart' },
      ],
      recoveryCodesRemaining: 9,
      phoneAvailable: true,
    });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/two-factor' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });
});
