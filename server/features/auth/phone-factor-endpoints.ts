import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PhoneCodeSentOutput } from '#common/api/auth';
import { oneTimeCodeSchema } from '#common/validation/auth';
import type { Db } from '../../db/client';
import { phoneFactors } from '../../db/schema/index';
import {
  authError,
  errorCode,
  refuse,
  validated,
  type AuthDeps,
  type AuthEndpoint,
  type Before,
} from './auth-endpoint';
import {
  announceSend,
  claimSend,
  PHONE_CODE_MINUTES,
  RESEND_SECONDS,
  takeDelivery,
  type CodePurpose,
} from './phone-codes';
import type { CodeOwner } from './second-step-user';
import { recordFactorChange, recordWrongCode } from './two-factor-events';
import { ownerAllowedToTry } from './two-factor-endpoints';
import { maskedPhone } from './two-factor-routes';

export const PHONE_ERRORS = {
  unavailable: 'Codes by text message are not available. Use your authenticator app.',
  noNumber: 'There is no number waiting to be verified. Add your mobile number first.',
  noVerifiedNumber: 'This account has no verified mobile number. Use your authenticator app.',
  resendTooSoon: (seconds: number) =>
    `Wait ${seconds} second${seconds === 1 ? '' : 's'} before sending another code.`,
  hourlyLimit: (minutes: number) =>
    `Too many codes were sent to this account. Try again in ${minutes} minutes, or use your authenticator app.`,
  numberRefused:
    'We could not send a text to that number. Check it is a mobile number in international format.',
  smsUnavailable:
    'Text messages cannot be sent right now. Try again in a few minutes, or use your authenticator app.',
  wrongCode: 'That code is not right. Enter the 6-digit code from the latest text we sent you.',
  expiredCode: 'That code has expired or has already been used. Send a new code.',
  tooManyAttempts: 'Too many wrong codes. Send a new code.',
} as const;

const codeBody = z.object({ code: oneTimeCodeSchema });

/** Who the code or the send is for, from the rule that runs before the library to the one after it. */
const attempts = new WeakMap<FastifyRequest, { owner: CodeOwner; phone: string }>();

/**
 * The phone factor a request may use, and what for. During a sign-in: the verified number, to finish it.
 * Signed in (the authenticator app is on already: SMS is only ever offered beside it): the number being
 * verified, to verify it; or, to send a code, the verified number, to confirm a change to the second
 * factors (factor-change.ts checks that code, never verify-otp).
 */
async function usablePhone(
  request: FastifyRequest,
  deps: AuthDeps,
  use: 'send' | 'verify',
): Promise<{ owner: CodeOwner; phone: string; purpose: CodePurpose } | Before> {
  if (!deps.phoneFactor) return refuse(404, 'PHONE_FACTOR_UNAVAILABLE', PHONE_ERRORS.unavailable);
  const allowed = await ownerAllowedToTry(request, deps, 'any');
  if (!('owner' in allowed)) return allowed;
  const { owner } = allowed;
  const [phone] = await deps.db.select().from(phoneFactors).where(eq(phoneFactors.userId, owner.id));
  if (owner.signingIn) {
    if (!phone?.verified) return refuse(400, 'NO_PHONE_FACTOR', PHONE_ERRORS.noVerifiedNumber);
    return { owner, phone: phone.phoneNumber, purpose: 'sign_in' };
  }
  if (!owner.twoFactorEnabled || !phone || (phone.verified && use === 'verify'))
    return refuse(400, 'NO_PHONE_TO_VERIFY', PHONE_ERRORS.noNumber);
  return { owner, phone: phone.phoneNumber, purpose: phone.verified ? 'confirm_change' : 'verify_number' };
}

/** The 429 for a send refused by the resend wait or the hourly limit. */
function sendLimited(limit: 'resend' | 'hourly', retryAfterSeconds: number): Before {
  const message =
    limit === 'resend'
      ? PHONE_ERRORS.resendTooSoon(retryAfterSeconds)
      : PHONE_ERRORS.hourlyLimit(Math.ceil(retryAfterSeconds / 60));
  return {
    answer: {
      status: 429,
      headers: { 'retry-after': String(retryAfterSeconds) },
      body: authError(limit === 'resend' ? 'SMS_RESEND_TOO_SOON' : 'SMS_LIMIT_REACHED', message),
    },
  };
}

/** The library's refusals of an SMS code, in the product's words; wrong codes count for the throttle. */
export async function refusedCode(request: FastifyRequest, db: Db, owner: CodeOwner, text: string) {
  switch (errorCode(text)) {
    case 'INVALID_CODE':
      await recordWrongCode(request, db, owner, 'phone', 'wrong');
      return { body: authError('INVALID_CODE', PHONE_ERRORS.wrongCode) };
    case 'OTP_HAS_EXPIRED':
      await recordWrongCode(request, db, owner, 'phone', 'reused');
      return { status: 400, body: authError('SMS_CODE_EXPIRED', PHONE_ERRORS.expiredCode) };
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      await recordWrongCode(request, db, owner, 'phone', 'wrong');
      return { status: 400, body: authError('SMS_CODE_ATTEMPTS_USED', PHONE_ERRORS.tooManyAttempts) };
    default:
      return undefined;
  }
}

/**
 * The library's SMS-code endpoints (ADR 023, ADR 032), allow-listed with our rules around them: who may
 * be sent a code and where, the resend wait and hourly limit, the sign-in throttle before every check,
 * and security events for a number verified and a code used to sign in.
 */
export const PHONE_CODE_ENDPOINTS: AuthEndpoint[] = [
  {
    // Sends a code: to the verified number during a sign-in or to confirm a change, or to the number
    // being verified.
    method: 'POST',
    path: '/two-factor/send-otp',
    async before(request, deps) {
      const usable = await usablePhone(request, deps, 'send');
      if (!('owner' in usable)) return usable;
      const claim = await claimSend(deps.db, usable.owner.id);
      if (!claim.ok) return sendLimited(claim.limit, claim.retryAfterSeconds);
      announceSend(usable.owner.id, usable.purpose);
      attempts.set(request, usable);
      // "Trust this device" is never passed on.
      return { body: {} };
    },
    after: (request, deps) => async (response) => {
      const attempt = attempts.get(request);
      if (!attempt || !response.ok) return;
      const delivery = takeDelivery(attempt.owner.id);
      if (!delivery?.ok)
        return delivery?.reason === 'number_refused'
          ? { status: 400, body: authError('PHONE_NUMBER_REFUSED', PHONE_ERRORS.numberRefused) }
          : { status: 503, body: authError('SMS_UNAVAILABLE', PHONE_ERRORS.smsUnavailable) };
      const body: PhoneCodeSentOutput = {
        status: 'code_sent',
        phone: maskedPhone(attempt.phone),
        expiresInSeconds: PHONE_CODE_MINUTES * 60,
        resendAfterSeconds: RESEND_SECONDS,
        ...(deps.sandboxPhone ? { sandboxPhone: deps.sandboxPhone } : {}),
      };
      return { body };
    },
  },
  {
    // A code from the text: verifies the number (signed in) or finishes a sign-in (pending second step).
    method: 'POST',
    path: '/two-factor/verify-otp',
    async before(request, deps) {
      const result = validated(codeBody, request);
      if (!result.data) return result;
      const usable = await usablePhone(request, deps, 'verify');
      if (!('owner' in usable)) return usable;
      attempts.set(request, usable);
      return { body: { code: result.data.code } };
    },
    after: (request, deps) => async (response, text) => {
      const { db } = deps;
      const attempt = attempts.get(request);
      if (!attempt) return;
      const { owner, phone } = attempt;
      if (!response.ok) return refusedCode(request, db, owner, text);
      const masked = { phone: maskedPhone(phone) };
      // The code came back: the resend wait (for a code still on its way) is over; the hourly limit stays.
      await db
        .update(phoneFactors)
        .set({ lastCodeSentAt: null, ...(owner.signingIn ? {} : { verified: true }) })
        .where(eq(phoneFactors.userId, owner.id));
      if (owner.signingIn)
        return void (await recordFactorChange(request, deps, owner, 'phone_code_used', masked));
      await recordFactorChange(request, deps, owner, 'phone_factor_verified', masked);
      return { body: { status: 'verified' } };
    },
  },
];
