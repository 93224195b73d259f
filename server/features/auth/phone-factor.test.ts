import { PassThrough } from 'node:stream';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '#common/validation/auth';
import { phoneFactors, securityEvents, verifications } from '../../db/schema/index';
import {
  authFailuresFor,
  cookieHeader,
  createTestApp,
  mailedLink,
  nextIp,
  postJson,
  signUp,
  type TestApp,
} from '../../test/create-test-app';
import { totpCode } from '../../test/totp';
import { enrolled, mailTo, passwordStep } from '../../test/two-factor-kit';
import { subjectHash } from '../security-events/record-security-event';
import { FACTOR_CHANGE_ERRORS } from './factor-change';
import { PHONE_ERRORS } from './phone-factor-endpoints';
import { PHONE_FACTOR_ERRORS } from './phone-factor-routes';
import { TWO_FACTOR_ERRORS } from './two-factor-endpoints';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logLines.push(chunk.toString()));
  t = await createTestApp({ logStream });
});
afterAll(() => t?.close());

let numberCounter = 0;
/** A fresh UK mobile number from Ofcom's drama range, so tests never share a phone. */
const nextNumber = () => `+447700900${String(100 + (numberCounter++ % 900)).padStart(3, '0')}`;
const numbersUsed: string[] = [];
const codesSeen: string[] = [];

/** The texts the Twilio simulator's phone received at `to`, newest first. */
async function textsTo(to: string): Promise<string[]> {
  const base = t.simulators!.simulators.twilio.baseUrl;
  const res = await fetch(`${base}/__sim/messages.json?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: { body: string }[] }).messages.map((m) => m.body);
}

/** The code in the newest text to `to`, as the person reads it off their phone. */
async function latestCode(to: string): Promise<string> {
  const [text] = await textsTo(to);
  const code = text?.match(/^(\d{6}) is your /)?.[1];
  if (!code) throw new Error(`no code texted to ${to}`);
  codesSeen.push(code);
  return code;
}

/** Lets the next code be sent at once (the resend wait is 30 s): the last send moves back a minute. */
const skipResendWait = (userId: string) =>
  t.db
    .update(phoneFactors)
    .set({ lastCodeSentAt: new Date(Date.now() - 60_000) })
    .where(eq(phoneFactors.userId, userId));

/** Adds a number, confirmed (as every change to the second factors) with the password and a code. */
const addNumber = (cookie: string, phoneNumber: string, password: string, code?: string) =>
  postJson(
    t.app,
    '/api/account/two-factor/phone',
    { phoneNumber, password, ...(code === undefined ? {} : { code }) },
    { headers: { cookie } },
  );
const sendCode = (cookie: string, ip?: string) =>
  postJson(
    t.app,
    '/api/auth/two-factor/send-otp',
    {},
    { headers: { cookie }, ...(ip ? { remoteAddress: ip } : {}) },
  );
const verifyCode = (cookie: string, code: string, ip?: string) =>
  postJson(
    t.app,
    '/api/auth/two-factor/verify-otp',
    { code },
    { headers: { cookie }, ...(ip ? { remoteAddress: ip } : {}) },
  );

/** A merchant with the app on and a verified phone number. */
async function withPhone() {
  const account = await enrolled(t);
  const phone = nextNumber();
  numbersUsed.push(phone);
  const added = await addNumber(account.cookie, phone, account.creds.password, account.backupCodes[9]);
  expect(added.statusCode).toBe(200);
  expect((await sendCode(account.cookie)).statusCode).toBe(200);
  // A code that came back ends the resend wait: the sign-in may ask for the next one at once.
  expect((await verifyCode(account.cookie, await latestCode(phone))).statusCode).toBe(200);
  return { ...account, phone };
}

const settingsEvents = (email: string) =>
  t.db
    .select()
    .from(securityEvents)
    .where(
      and(eq(securityEvents.subjectHash, subjectHash(email)), eq(securityEvents.type, 'settings_change')),
    )
    .orderBy(asc(securityEvents.createdAt));

describe('adding a phone number', () => {
  it('is offered only beside the authenticator app', async () => {
    const { cookie, creds } = await signUp(t.app);
    const res = await addNumber(cookie, '+447700900001', creds.password, '123456');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'AUTHENTICATOR_APP_REQUIRED',
      message: PHONE_FACTOR_ERRORS.appFirst,
    });
    const status = await t.app.inject({ method: 'GET', url: '/api/account/two-factor', headers: { cookie } });
    expect(status.json()).toMatchObject({ phoneAvailable: true, factors: [] });
  });

  it('checks the number (E.164), the password and a fresh second factor', async () => {
    const { cookie, creds, backupCodes, user } = await enrolled(t);
    const badNumber = await addNumber(cookie, '07700 900123', creds.password, backupCodes[0]);
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fieldErrors: { phoneNumber: TWO_FACTOR_MESSAGES.phoneFormat },
    });
    const wrongPassword = await addNumber(cookie, '+447700900002', 'not-the-password', backupCodes[0]);
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.code).toBe('INVALID_PASSWORD');
    // A number of the caller's own would be a second factor of the caller's own: the password alone
    // does not add one.
    const noCode = await addNumber(cookie, '+447700900002', creds.password);
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json().error).toMatchObject({
      code: 'SECOND_FACTOR_REQUIRED',
      message: FACTOR_CHANGE_ERRORS.codeRequired,
    });
    const wrongCode = await addNumber(cookie, '+447700900002', creds.password, 'abcde-12345');
    expect(wrongCode.statusCode).toBe(401);
    expect(wrongCode.json().error.code).toBe('INVALID_BACKUP_CODE');
    expect(await t.db.select().from(phoneFactors).where(eq(phoneFactors.userId, user.id))).toEqual([]);
    const unauthenticated = await postJson(t.app, '/api/account/two-factor/phone', {
      phoneNumber: '+447700900002',
      password: creds.password,
      code: backupCodes[0],
    });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.json().error.code).toBe('unauthorized');
  });

  it('verifies it with a code sent by SMS, and records each step with the number masked', async () => {
    const { cookie, creds, user, backupCodes } = await enrolled(t);
    const phone = nextNumber();
    numbersUsed.push(phone);
    const added = await addNumber(
      cookie,
      phone.replace(/(\d{4})(\d{3})$/, ' $1 $2'),
      creds.password,
      backupCodes[0],
    );
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ status: 'pending', phone: `+44 •••• ${phone.slice(-3)}` });

    const sent = await sendCode(cookie);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      status: 'code_sent',
      phone: `+44 •••• ${phone.slice(-3)}`,
      expiresInSeconds: 300,
      resendAfterSeconds: 30,
      sandboxPhone: '/__sim/sms',
    });
    const code = await latestCode(phone);
    expect((await textsTo(phone))[0]).toContain('is your code to verify this number for AgentCart');

    const wrong = await verifyCode(cookie, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toMatchObject({ code: 'INVALID_CODE', message: PHONE_ERRORS.wrongCode });
    let status = await t.app.inject({ method: 'GET', url: '/api/account/two-factor', headers: { cookie } });
    expect(status.json().factors).toContainEqual(
      expect.objectContaining({ factorType: 'phone', status: 'unverified' }),
    );

    const right = await verifyCode(cookie, code);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ status: 'verified' });
    status = await t.app.inject({ method: 'GET', url: '/api/account/two-factor', headers: { cookie } });
    expect(status.json().factors).toContainEqual({
      factorType: 'phone',
      status: 'verified',
      friendlyName: 'Text message',
      phone: `+44 •••• ${phone.slice(-3)}`,
    });
    const [row] = await t.db.select().from(phoneFactors).where(eq(phoneFactors.userId, user.id));
    expect(row).toMatchObject({ phoneNumber: phone, verified: true });

    const events = await settingsEvents(creds.email);
    expect(events.map((e) => e.name)).toEqual(
      expect.arrayContaining(['phone_factor_added', 'phone_factor_verified']),
    );
    const stored = JSON.stringify(events);
    expect(stored).not.toContain(phone.slice(1, 10));
    expect(stored).not.toContain(code);
    // The owner hears of the new factor once it works, with the number masked.
    const notice = (await mailTo(t, creds.email)).at(-1)!;
    expect(notice.subject).toBe(
      `A phone number (+44 •••• ${phone.slice(-3)}) was added to two-factor sign-in for your AgentCart account`,
    );
    expect(notice.text).not.toContain(phone.slice(1));

    // A verified number stays until it is removed.
    const again = await addNumber(cookie, nextNumber(), creds.password, backupCodes[1]);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('PHONE_FACTOR_EXISTS');
  });

  it('says so when Twilio refuses the number, or cannot be reached', async () => {
    const { cookie, creds, user, backupCodes } = await enrolled(t);
    expect((await addNumber(cookie, '+15005550001', creds.password, backupCodes[0])).statusCode).toBe(200);
    const refused = await sendCode(cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'PHONE_NUMBER_REFUSED',
      message: PHONE_ERRORS.numberRefused,
    });

    expect((await addNumber(cookie, '+447700900003', creds.password, backupCodes[1])).statusCode).toBe(200);
    await skipResendWait(user.id);
    const twilio = t.simulators!.simulators.twilio.baseUrl;
    await fetch(`${twilio}/__sim/down`, { method: 'POST' });
    try {
      const down = await sendCode(cookie);
      expect(down.statusCode).toBe(503);
      expect(down.json().error).toMatchObject({
        code: 'SMS_UNAVAILABLE',
        message: PHONE_ERRORS.smsUnavailable,
      });
    } finally {
      await fetch(`${twilio}/__sim/up`, { method: 'POST' });
    }
  });
});

describe('sending codes', () => {
  it('waits 30 seconds between codes and sends at most five an hour', async () => {
    const { cookie, user, creds, backupCodes } = await enrolled(t);
    const phone = nextNumber();
    numbersUsed.push(phone);
    await addNumber(cookie, phone, creds.password, backupCodes[0]);
    expect((await sendCode(cookie)).statusCode).toBe(200);
    const tooSoon = await sendCode(cookie);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error.code).toBe('SMS_RESEND_TOO_SOON');
    expect(tooSoon.json().error.message).toMatch(/^Wait \d+ seconds? before sending another code\.$/);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);

    for (let sent = 1; sent < 5; sent++) {
      await skipResendWait(user.id);
      expect((await sendCode(cookie)).statusCode).toBe(200);
    }
    await skipResendWait(user.id);
    const limited = await sendCode(cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({
      code: 'SMS_LIMIT_REACHED',
      message: PHONE_ERRORS.hourlyLimit(60),
    });
    expect(await textsTo(phone)).toHaveLength(5);

    // Changing the number does not start the count again.
    await addNumber(cookie, nextNumber(), creds.password, backupCodes[1]);
    expect((await sendCode(cookie)).statusCode).toBe(429);
  });

  it('sends nothing to an account without a verified number during a sign-in', async () => {
    const { creds } = await enrolled(t);
    const { pending, ip } = await passwordStep(t, creds);
    const res = await sendCode(pending, ip);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'NO_PHONE_FACTOR',
      message: PHONE_ERRORS.noVerifiedNumber,
    });
  });
});

describe('signing in with a code by SMS', () => {
  it('offers "Text me a code" and a texted code opens the session once', async () => {
    const { creds, phone } = await withPhone();
    const first = await passwordStep(t, creds);
    expect(first.res.json()).toEqual({ status: 'second_step', methods: ['totp', 'phone'] });
    expect((await sendCode(first.pending, first.ip)).statusCode).toBe(200);
    const code = await latestCode(phone);
    expect((await textsTo(phone))[0]).toContain('is your AgentCart sign-in code');
    const done = await verifyCode(first.pending, code, first.ip);
    expect(done.statusCode).toBe(200);
    expect(done.json().token).toBeUndefined();
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/account',
      headers: { cookie: cookieHeader(done.headers['set-cookie']) },
    });
    expect(account.statusCode).toBe(200);
    expect((await settingsEvents(creds.email)).map((e) => e.name)).toContain('phone_code_used');

    // The same code again, on a new sign-in: used up.
    const second = await passwordStep(t, creds);
    const replay = await verifyCode(second.pending, code, second.ip);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toMatchObject({
      code: 'SMS_CODE_EXPIRED',
      message: PHONE_ERRORS.expiredCode,
    });
    expect(replay.headers['set-cookie'] ?? '').not.toMatch(/session_token=[^;]/);
  });

  it('is offered after a sign-in link too, and a texted code finishes that sign-in', async () => {
    const { creds, phone } = await withPhone();
    const ip = nextIp();
    await postJson(t.app, '/api/auth/sign-in/magic-link', { email: creds.email }, { remoteAddress: ip });
    const link = mailedLink(t.app, creds.email, '/api/auth/magic-link/verify');
    const opened = await t.app.inject({ method: 'GET', url: link, remoteAddress: ip });
    expect(opened.statusCode).toBe(302);
    const landing = new URL(opened.headers.location!, 'http://app.test');
    expect(landing.pathname).toBe('/auth');
    expect(landing.searchParams.get('second_step')).toBe('totp,phone');
    const pending = cookieHeader(opened.headers['set-cookie']);
    expect((await sendCode(pending, ip)).statusCode).toBe(200);
    const done = await verifyCode(pending, await latestCode(phone), ip);
    expect(done.statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const { creds, phone } = await withPhone();
    const { pending, ip } = await passwordStep(t, creds);
    await sendCode(pending, ip);
    const code = await latestCode(phone);
    // Five minutes later: the library's row for this code has expired.
    await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verifications.identifier, '2fa-otp-%'));
    const late = await verifyCode(pending, code, ip);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe('SMS_CODE_EXPIRED');
  });

  it('takes five wrong tries at one code, each counted by the sign-in throttle', async () => {
    const { creds, phone } = await withPhone();
    const { pending, ip } = await passwordStep(t, creds);
    await sendCode(pending, ip);
    const code = await latestCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    // From a new address each time, as the sign-in throttle slows one address after five failures.
    for (let i = 0; i < 5; i++) expect((await verifyCode(pending, wrong, nextIp())).statusCode).toBe(401);
    const spent = await verifyCode(pending, code, nextIp());
    expect(spent.statusCode).toBe(400);
    expect(spent.json().error).toMatchObject({
      code: 'SMS_CODE_ATTEMPTS_USED',
      message: PHONE_ERRORS.tooManyAttempts,
    });
    const failures = await authFailuresFor(t, creds.email);
    const phoneFailures = failures.filter((f) => f.name === 'second_step_failed');
    expect(phoneFailures.length).toBeGreaterThanOrEqual(6);
    expect(phoneFailures.every((f) => (f.details as { kind: string }).kind === 'phone')).toBe(true);
  });

  it('is refused, even with the right code, once the account is throttled', async () => {
    const { creds, phone } = await withPhone();
    const waiting = await passwordStep(t, creds);
    await sendCode(waiting.pending, waiting.ip);
    const code = await latestCode(phone);
    // Guesses on fresh sign-ins from many addresses: no code was sent to those, so each is refused.
    for (let round = 0; round < 10; round++) {
      const { pending, ip } = await passwordStep(t, creds);
      expect((await verifyCode(pending, code, ip)).json().error.code).toBe('SMS_CODE_EXPIRED');
    }
    const refused = await verifyCode(waiting.pending, code, waiting.ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('ACCOUNT_LOCKED');
  });
});

/** A change to the second factors, as the settings card sends it. */
const change = (cookie: string, url: string, payload: object) =>
  postJson(t.app, url, payload, { headers: { cookie } });

describe('removing the number', () => {
  it('needs the password and a fresh second factor, is recorded, and e-mails the owner', async () => {
    const { cookie, creds, secret, phone, user } = await withPhone();
    const { password } = creds;
    const remove = (payload: object) => change(cookie, '/api/account/two-factor/phone/remove', payload);
    const noCode = await remove({ password });
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    const noPassword = await remove({ code: totpCode(secret) });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error.fieldErrors.password).toBe('Password is required');
    // Issue 28: a recovery code the caller could only guess (new ones need a second factor too).
    const guessed = await remove({ password, code: 'abcde-12345' });
    expect(guessed.statusCode).toBe(401);
    expect(guessed.json().error.code).toBe('INVALID_BACKUP_CODE');
    const wrong = await remove({ password, code: totpCode(secret) === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toMatchObject({ code: 'INVALID_CODE', message: TWO_FACTOR_ERRORS.wrongCode });
    expect(await t.db.select().from(phoneFactors).where(eq(phoneFactors.userId, user.id))).toHaveLength(1);

    const removed = await remove({ password, code: totpCode(secret) });
    expect(removed.statusCode).toBe(200);
    expect(await t.db.select().from(phoneFactors).where(eq(phoneFactors.userId, user.id))).toEqual([]);
    const events = await settingsEvents(creds.email);
    const event = events.find((e) => e.name === 'phone_factor_removed');
    expect(event?.details).toMatchObject({ phone: `+44 •••• ${phone.slice(-3)}` });
    expect((await mailTo(t, creds.email)).at(-1)!.subject).toBe(
      `The phone number (+44 •••• ${phone.slice(-3)}) was removed from two-factor sign-in for your AgentCart account`,
    );

    const { res } = await passwordStep(t, creds);
    expect(res.json().methods).toEqual(['totp']);
    const nothing = await remove({ password, code: totpCode(secret, Date.now() + 30_000) });
    expect(nothing.statusCode).toBe(404);
  });
});

describe('confirming a change with a code texted for it', () => {
  it('texts the verified number a code that says what it is for, and takes it once', async () => {
    const { cookie, creds, phone, secret, user } = await withPhone();
    const { password } = creds;
    const sent = await sendCode(cookie);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'code_sent', phone: `+44 •••• ${phone.slice(-3)}` });
    const code = await latestCode(phone);
    expect((await textsTo(phone))[0]).toContain(
      'is your code to confirm a change to your AgentCart two-factor sign-in',
    );
    // Sent for a change, it verifies nothing and is not taken as an app code.
    expect((await verifyCode(cookie, code)).json().error.code).toBe('NO_PHONE_TO_VERIFY');
    if (code !== totpCode(secret)) {
      const asAppCode = await change(cookie, '/api/auth/two-factor/generate-backup-codes', {
        password,
        code,
      });
      expect(asAppCode.json().error.code).toBe('INVALID_CODE');
    }
    const wrong = await change(cookie, '/api/auth/two-factor/generate-backup-codes', {
      password,
      code: code === '000000' ? '111111' : '000000',
      method: 'phone',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toMatchObject({ code: 'INVALID_CODE', message: PHONE_ERRORS.wrongCode });

    const fresh = await change(cookie, '/api/auth/two-factor/generate-backup-codes', {
      password,
      code,
      method: 'phone',
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().backupCodes).toHaveLength(10);
    const again = await change(cookie, '/api/auth/two-factor/disable', { password, code, method: 'phone' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('SMS_CODE_EXPIRED');

    // A new text turns two-factor off, the number with it.
    await skipResendWait(user.id);
    expect((await sendCode(cookie)).statusCode).toBe(200);
    const off = await change(cookie, '/api/auth/two-factor/disable', {
      password,
      code: await latestCode(phone),
      method: 'phone',
    });
    expect(off.statusCode).toBe(200);
    expect(await t.db.select().from(phoneFactors).where(eq(phoneFactors.userId, user.id))).toEqual([]);
  });

  it('is refused for an account without a verified number', async () => {
    const { cookie, creds } = await enrolled(t);
    const res = await change(cookie, '/api/auth/two-factor/disable', {
      password: creds.password,
      code: '123456',
      method: 'phone',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('NO_PHONE_FACTOR');
  });
});

describe('the sandbox phone', () => {
  it("is one address on the app that shows the Twilio simulator's messages", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/__sim/sms' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Sandbox phone</h1>');
  });
});

describe('logs', () => {
  it('never carry a code or a full number', () => {
    expect(codesSeen.length).toBeGreaterThan(3);
    const logs = logLines.join('');
    expect(logs).toContain('sign-in code sent by SMS');
    for (const number of numbersUsed) expect(logs).not.toContain(number.slice(1));
    for (const code of codesSeen) expect(logs).not.toMatch(new RegExp(`\\b${code}\\b`));
  });
});
