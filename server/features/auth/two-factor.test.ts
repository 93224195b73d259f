import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants, securityEvents, users } from '../../db/schema/index';
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
  mailTo,
  passwordStep as passwordStepWith,
  secondStep as secondStepWith,
} from '../../test/two-factor-kit';
import { subjectHash } from '../security-events/record-security-event';
import { FACTOR_CHANGE_ERRORS } from './factor-change';
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
    expect(res.json().error).toMatchObject({ code: 'unauthorized' });
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

  it('refuses an address outside the allowlist before any code is tried', async () => {
    const { creds, secret, user } = await enrolled();
    const { pending, ip } = await passwordStep(creds);
    // The allowlist changed (or the person moved network) after the password was accepted.
    await t.db
      .update(merchants)
      .set({ securitySettings: { ip_whitelist: ['203.0.113.10'] } })
      .where(eq(merchants.userId, user.id));
    const wrong = totpCode(secret) === '000000' ? '111111' : '000000';
    for (const code of [wrong, totpCode(secret)]) {
      const refused = await secondStep('verify-totp', code, pending, ip);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('IP_NOT_ALLOWED');
      expect(refused.json().error.message).toMatch(/blocked by this account's IP allowlist/);
      expect(refused.headers['set-cookie'] ?? '').not.toMatch(/session_token=[^;]/);
    }
    // No code was tried, so none counts as a wrong one.
    const failures = await authFailuresFor(t, creds.email);
    expect(failures.filter((f) => f.name === 'second_step_failed')).toEqual([]);
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

const post = (url: string, payload: object, cookie: string) =>
  postJson(t.app, url, payload, { headers: { cookie } });

describe('issue 28, finding 1: the second factor cannot be talked away', () => {
  it('replays the probe: every step is refused 401, and two-factor stays on', async () => {
    const { creds, cookie, user } = await enrolled();
    const { password } = creds;

    const disable = await post('/api/auth/two-factor/disable', { password, code: '000000' }, cookie);
    expect(disable.statusCode).toBe(401);
    expect(disable.json().error.code).toBe('INVALID_CODE');

    const newCodes = await post('/api/auth/two-factor/generate-backup-codes', { password }, cookie);
    expect(newCodes.statusCode).toBe(401);
    expect(newCodes.json().error).toMatchObject({
      code: 'SECOND_FACTOR_REQUIRED',
      message: FACTOR_CHANGE_ERRORS.codeRequired,
    });
    expect(newCodes.body).not.toMatch(/[A-Za-z0-9]{5}-[A-Za-z0-9]{5}/);

    // The probe used one of the codes that answer would have carried; there are none, so a code of
    // that shape it could only guess.
    const guessed = await post('/api/auth/two-factor/disable', { password, code: 'abcde-12345' }, cookie);
    expect(guessed.statusCode).toBe(401);
    expect(guessed.json().error.code).toBe('INVALID_BACKUP_CODE');

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.twoFactorEnabled).toBe(true);
    const { res } = await passwordStep(creds);
    expect(res.json()).toEqual({ status: 'second_step', methods: ['totp'] });
    expect(await mailTo(t, creds.email)).not.toContainEqual(
      expect.objectContaining({ subject: expect.stringMatching(/turned off|recovery codes/) }),
    );
  });
});

describe('turning two-factor off', () => {
  it('needs the password and a fresh second factor, is recorded, and e-mails the owner', async () => {
    const { creds, secret, cookie, user } = await enrolled();
    const { password } = creds;
    const noCode = await post('/api/auth/two-factor/disable', { password }, cookie);
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    const malformed = await post('/api/auth/two-factor/disable', { password, code: '12ab' }, cookie);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fieldErrors.code).toBe('The code is 6 digits');

    const wrongCode = await post('/api/auth/two-factor/disable', { password, code: '000000' }, cookie);
    expect(wrongCode.statusCode).toBe(401);
    expect(wrongCode.json().error.code).toBe('INVALID_CODE');

    const wrongPassword = await post(
      '/api/auth/two-factor/disable',
      { password: 'Wr0ng!pass', code: totpCode(secret) },
      cookie,
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.code).toBe('INVALID_PASSWORD');

    const off = await post('/api/auth/two-factor/disable', { password, code: totpCode(secret) }, cookie);
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
      )
      .orderBy(asc(securityEvents.createdAt));
    expect(changes.map((c) => c.name)).toEqual(['two_factor_enabled', 'two_factor_disabled']);

    const mail = await mailTo(t, creds.email);
    expect(mail.map((m) => m.subject)).toEqual([
      'Confirm your email to finish creating your AgentCart account',
      'Two-factor sign-in was turned on for your AgentCart account',
      'Two-factor sign-in was turned off for your AgentCart account',
    ]);
    const notice = mail.at(-1)!.text;
    expect(notice).toContain(`${t.config.publicUrl}/settings?tab=security`);
    expect(notice).toMatch(/If it was not, someone else is using your account/);
    expect(notice).not.toContain(totpCode(secret));
  });

  it('takes a recovery code instead of an app code', async () => {
    const { creds, backupCodes, cookie } = await enrolled();
    const off = await post(
      '/api/auth/two-factor/disable',
      { password: creds.password, code: backupCodes[3] },
      cookie,
    );
    expect(off.statusCode).toBe(200);
  });

  it('refuses an app code that already confirmed another change', async () => {
    const { creds, secret, cookie } = await enrolled();
    const code = totpCode(secret);
    const { password } = creds;
    expect(
      (await post('/api/auth/two-factor/generate-backup-codes', { password, code }, cookie)).statusCode,
    ).toBe(200);
    const again = await post('/api/auth/two-factor/disable', { password, code }, cookie);
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('CODE_ALREADY_USED');
  });
});

describe('fresh recovery codes', () => {
  it('need the password and a fresh second factor, replace the old ones, and e-mail the owner', async () => {
    const { creds, backupCodes, cookie } = await enrolled();
    const { password } = creds;
    const wrongPassword = await post(
      '/api/auth/two-factor/generate-backup-codes',
      { password: 'Wr0ng!pass', code: backupCodes[1] },
      cookie,
    );
    expect(wrongPassword.statusCode).toBe(400);
    // Confirmed with a recovery code: it is used up, and then all the old ones are replaced.
    const fresh = await post(
      '/api/auth/two-factor/generate-backup-codes',
      { password, code: backupCodes[1] },
      cookie,
    );
    expect(fresh.statusCode).toBe(200);
    const next = fresh.json().backupCodes as string[];
    expect(next).toHaveLength(10);
    expect(next).not.toContain(backupCodes[0]);

    const { pending, ip } = await passwordStep(creds);
    expect((await secondStep('verify-backup-code', backupCodes[0]!, pending, ip)).statusCode).toBe(401);
    expect((await secondStep('verify-backup-code', next[0]!, pending, ip)).statusCode).toBe(200);

    const notice = (await mailTo(t, creds.email)).at(-1)!;
    expect(notice.subject).toBe('New recovery codes were generated for your AgentCart account');
    for (const code of next) expect(notice.text).not.toContain(code);
  });
});

describe('a malformed pending sign-in cookie', () => {
  const SIGNATURE = `${'A'.repeat(43)}=`;
  const COOKIES: Record<string, string> = {
    'a bare percent sign': 'agentcart.two_factor=%',
    'a truncated escape': 'agentcart.two_factor=%E0%A4%A',
    'an escape of a NUL': `agentcart.two_factor=2fa-abc%00def.${SIGNATURE}`,
    'the secure name with a bad escape': '__Secure-agentcart.two_factor=%ZZ',
    'an overlong value': `agentcart.two_factor=2fa-${'a'.repeat(8_000)}.${SIGNATURE}`,
    'no signature': 'agentcart.two_factor=2fa-abcdefghijklmnopqrst',
    'a signature of the wrong length': 'agentcart.two_factor=2fa-abcdefghijklmnopqrst.c2ln',
    'an unknown identifier': `agentcart.two_factor=2fa-abcdefghijklmnopqrst.${SIGNATURE}`,
  };
  const ENDPOINTS: [string, object][] = [
    ['verify-totp', { code: '123456' }],
    ['send-otp', {}],
    ['verify-otp', { code: '123456' }],
    ['verify-backup-code', { code: 'abcde-12345' }],
  ];

  it.each(Object.entries(COOKIES))(
    'is no pending sign-in on every second-step endpoint: %s',
    async (_, cookie) => {
      for (const [path, body] of ENDPOINTS) {
        const res = await post(`/api/auth/two-factor/${path}`, body, cookie);
        expect(res.statusCode, path).toBe(401);
        expect(res.json().error).toMatchObject({
          code: 'SIGN_IN_EXPIRED',
          message: TWO_FACTOR_ERRORS.noPendingSignIn,
        });
      }
    },
  );
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
