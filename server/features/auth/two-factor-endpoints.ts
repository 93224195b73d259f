import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import type { SecondStepOutput, TwoFactorSetupOutput } from '#common/api/auth';
import { oneTimeCodeSchema, passwordConfirmSchema, recoveryCodeSchema } from '#common/validation/auth';
import {
  authError,
  errorCode,
  recordAuthFailure,
  refuse,
  throttledAnswer,
  validated,
  type AuthDeps,
  type AuthEndpoint,
  type Before,
} from './auth-endpoint';
import { allowlistRefusal } from './ip-allowlist';
import { secondStepMethods } from './second-step-methods';
import { codeOwner, type CodeOwner } from './second-step-user';
import { checkSignInThrottle } from './sign-in-throttle';
import { recordFactorChange, recordWrongCode } from './two-factor-events';
import { claimTotpCode, releaseTotpCode } from './used-totp-codes';

export const TWO_FACTOR_ERRORS = {
  noPendingSignIn: 'Your sign-in has expired. Enter your email and password again.',
  signedOut: 'You must be signed in.',
  wrongCode: 'That code is not right. Enter the current 6-digit code from your authenticator app.',
  reusedCode: 'That code has already been used. Wait for your app to show the next one.',
  wrongRecoveryCode: 'That recovery code is not right, or it has already been used.',
  wrongPassword: 'That password is not right.',
} as const;

const codeBody = z.object({ code: oneTimeCodeSchema });
const recoveryCodeBody = z.object({ code: recoveryCodeSchema });
const passwordBody = z.object({ password: passwordConfirmSchema });

/** Who typed which code, from the rule that runs before the library to the one that runs after it. */
const attempts = new WeakMap<FastifyRequest, { owner: CodeOwner; code: string }>();

/** The code's owner, not throttled; or the answer that stops here. */
export async function ownerAllowedToTry(
  request: FastifyRequest,
  { auth, db }: AuthDeps,
  need: 'any' | 'signed_in',
): Promise<{ owner: CodeOwner } | Before> {
  const owner = await codeOwner(request, auth, db);
  if (!owner) return refuse(401, 'SIGN_IN_EXPIRED', TWO_FACTOR_ERRORS.noPendingSignIn);
  if (need === 'signed_in' && owner.signingIn)
    return refuse(401, 'UNAUTHORIZED', TWO_FACTOR_ERRORS.signedOut);
  if (owner.signingIn) {
    // A pending sign-in has no session for the session guard to hold; it is held to sign-in's rules
    // instead (ADR 022): outside the account's allowlist no code is tried and no text is sent.
    const refused = await allowlistRefusal(db, owner.id, request.ip, 'second_step');
    if (refused) return refuse(403, 'IP_NOT_ALLOWED', refused);
  }
  const throttle = await checkSignInThrottle(db, owner.email, request.ip);
  if (throttle.throttled) return throttledAnswer(request, db, throttle, owner.email);
  return { owner };
}

/** A signed-in user's password, asked again before a change to their second factors. */
export async function passwordConfirmed(
  request: FastifyRequest,
  { auth, db }: AuthDeps,
  owner: CodeOwner,
  password: string,
) {
  const response = await auth.api.verifyPassword({
    body: { password },
    headers: fromNodeHeaders(request.headers),
    asResponse: true,
  });
  if (response.ok) return true;
  await recordAuthFailure(request, db, 'signin_failed', { during: 'change' }, owner.email);
  return false;
}

/** The signed-in owner once the body's password is confirmed theirs; or the answer that stops here. */
async function ownerWithPassword(
  request: FastifyRequest,
  deps: AuthDeps,
): Promise<{ owner: CodeOwner; password: string } | Before> {
  const result = validated(passwordBody, request);
  if (!result.data) return result;
  const allowed = await ownerAllowedToTry(request, deps, 'signed_in');
  if (!('owner' in allowed)) return allowed;
  if (!(await passwordConfirmed(request, deps, allowed.owner, result.data.password)))
    return refuse(400, 'INVALID_PASSWORD', TWO_FACTOR_ERRORS.wrongPassword);
  return { owner: allowed.owner, password: result.data.password };
}

/**
 * The two-factor endpoints reachable from outside (ADR 008) for enrolling and for the second step of a
 * sign-in, each handed its allow-listed path (changes to enrolled factors are in factor-change.ts). The
 * library keeps the secrets, the recovery codes and the pending sign-in; around it we add the sign-in
 * throttle (wrong codes count), the refusal of a code already used, and a security event for every change.
 */
export const SECOND_STEP_ENDPOINTS: AuthEndpoint[] = [
  {
    // Starts enrolment: a new secret and ten recovery codes, shown once. Two-factor is on only after
    // the first valid code from the app (verify-totp below).
    method: 'POST',
    path: '/two-factor/enable',
    async before(request, deps) {
      const confirmed = await ownerWithPassword(request, deps);
      if (!('owner' in confirmed)) return confirmed;
      return { body: { password: confirmed.password } };
    },
    after: () => async (response, text) => {
      if (!response.ok) return;
      const { totpURI, backupCodes } = JSON.parse(text) as TwoFactorSetupOutput;
      return { body: { totpURI, backupCodes } satisfies TwoFactorSetupOutput };
    },
  },
  {
    // A code from the app: confirms enrolment (signed in) or finishes a sign-in (pending second step).
    method: 'POST',
    path: '/two-factor/verify-totp',
    async before(request, deps) {
      const result = validated(codeBody, request);
      if (!result.data) return result;
      const allowed = await ownerAllowedToTry(request, deps, 'any');
      if (!('owner' in allowed)) return allowed;
      const { owner } = allowed;
      const { code } = result.data;
      if (!(await claimTotpCode(deps.db, owner.id, code))) {
        await recordWrongCode(request, deps.db, owner, 'totp', 'reused');
        return refuse(401, 'CODE_ALREADY_USED', TWO_FACTOR_ERRORS.reusedCode);
      }
      attempts.set(request, { owner, code });
      return { body: { code } };
    },
    after: (request, deps) => async (response, text) => {
      const { db } = deps;
      const attempt = attempts.get(request);
      if (!attempt) return;
      const { owner, code } = attempt;
      if (!response.ok) {
        await releaseTotpCode(db, owner.id, code);
        if (errorCode(text) !== 'INVALID_CODE') return;
        await recordWrongCode(request, db, owner, 'totp', 'wrong');
        return { body: authError('INVALID_CODE', TWO_FACTOR_ERRORS.wrongCode) };
      }
      if (!owner.signingIn && !owner.twoFactorEnabled)
        await recordFactorChange(request, deps, owner, 'two_factor_enabled');
    },
  },
  {
    // A recovery code finishes a sign-in when the app is not at hand; each code works once.
    method: 'POST',
    path: '/two-factor/verify-backup-code',
    async before(request, deps) {
      const result = validated(recoveryCodeBody, request);
      if (!result.data) return result;
      const allowed = await ownerAllowedToTry(request, deps, 'any');
      if (!('owner' in allowed)) return allowed;
      if (!allowed.owner.signingIn) return refuse(400, 'NOT_SIGNING_IN', 'You are already signed in.');
      attempts.set(request, { owner: allowed.owner, code: result.data.code });
      return { body: { code: result.data.code } };
    },
    after: (request, deps) => async (response, text) => {
      const { db } = deps;
      const attempt = attempts.get(request);
      if (!attempt) return;
      if (response.ok)
        return void (await recordFactorChange(request, deps, attempt.owner, 'recovery_code_used'));
      if (errorCode(text) !== 'INVALID_BACKUP_CODE') return;
      await recordWrongCode(request, db, attempt.owner, 'recovery_code', 'wrong');
      return { body: authError('INVALID_BACKUP_CODE', TWO_FACTOR_ERRORS.wrongRecoveryCode) };
    },
  },
];

/**
 * Sign-in's answer when the password was right but the account has two-factor on: the library has
 * opened a pending second step (its cookie); we say which ways of finishing it this account has.
 */
export async function secondStepAnswer(
  request: FastifyRequest,
  text: string,
  { db }: AuthDeps,
): Promise<{ body: SecondStepOutput } | void> {
  const body = JSON.parse(text) as { twoFactorRedirect?: boolean };
  if (!body.twoFactorRedirect) return;
  const email = (request.body as { email: string }).email;
  return { body: { status: 'second_step', methods: await secondStepMethods(db, { email }) } };
}
