import { setTimeout as sleep } from 'node:timers/promises';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { outboundEmails } from '../db/schema/index';
import { cookieHeader, nextIp, postJson, signUp, type Credentials, type TestApp } from './create-test-app';
import { secretOf, totpCode } from './totp';

const STEP_MS = 30_000;

/** The session cookie after an answer that may have rotated it. */
export function confirmedCookie(previous: string, setCookie: string | string[] | undefined) {
  const next = cookieHeader(setCookie);
  return next.includes('session_token=') ? next : previous;
}

/** A merchant with two-factor on: enrolled with a code from the "app", as the settings card does. */
export async function enrolled(t: TestApp) {
  const { cookie, creds, user } = await signUp(t.app);
  const setup = await postJson(
    t.app,
    '/api/auth/two-factor/enable',
    { password: creds.password },
    { headers: { cookie } },
  );
  expect(setup.statusCode).toBe(200);
  const { totpURI, backupCodes } = setup.json() as { totpURI: string; backupCodes: string[] };
  const secret = secretOf(totpURI);
  // Confirmed with the previous step's code, so a sign-in test can use the current one unclaimed. The
  // server accepts one step either side: were a step to end before it checks, that code would be two
  // steps old. A step about to end is waited out, and as a request can take many seconds on a loaded CI
  // machine (a stalled event loop was seen to outlast ten), a code refused as wrong is tried once more
  // with the step then current.
  const leftInStep = STEP_MS - (Date.now() % STEP_MS);
  if (leftInStep < 10_000) await sleep(leftInStep);
  const confirmWithPreviousStep = () =>
    postJson(
      t.app,
      '/api/auth/two-factor/verify-totp',
      { code: totpCode(secret, Date.now() - STEP_MS) },
      { headers: { cookie: confirmedCookie(cookie, setup.headers['set-cookie']) } },
    );
  let confirm = await confirmWithPreviousStep();
  if (confirm.statusCode === 401 && confirm.json().error?.code === 'INVALID_CODE')
    confirm = await confirmWithPreviousStep();
  expect(confirm.statusCode).toBe(200);
  const signedIn = confirmedCookie(cookie, confirm.headers['set-cookie']);
  return { creds, user, secret, backupCodes, totpURI, cookie: signedIn };
}

/** Password sign-in; with two-factor on, the answer asks for the second step and sets its cookie. */
export async function passwordStep(t: TestApp, creds: Credentials, ip = nextIp()) {
  const res = await postJson(
    t.app,
    '/api/auth/sign-in/email',
    { email: creds.email, password: creds.password },
    { remoteAddress: ip },
  );
  return { res, pending: cookieHeader(res.headers['set-cookie']), ip };
}

/** A second-step request (`verify-totp`, `verify-backup-code`, `verify-otp`) on a pending sign-in. */
export const secondStep = (t: TestApp, path: string, code: string, pending: string, ip: string) =>
  postJson(
    t.app,
    `/api/auth/two-factor/${path}`,
    { code },
    { headers: { cookie: pending }, remoteAddress: ip },
  );

/** The e-mails sent to `to`, oldest first (in the sandbox the mailbox at /__sim/mail shows them). */
export function mailTo(t: TestApp, to: string) {
  return t.db
    .select({ subject: outboundEmails.subject, text: outboundEmails.text })
    .from(outboundEmails)
    .where(eq(outboundEmails.to, to))
    .orderBy(asc(outboundEmails.createdAt));
}
