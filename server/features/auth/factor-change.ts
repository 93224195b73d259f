import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { z } from 'zod';
import { factorChangeSchema } from '#common/validation/auth';
import { phoneFactors } from '../../db/schema/index';
import { authError, refuse, validated, type AuthDeps, type AuthEndpoint, type Before } from './auth-endpoint';
import { PHONE_ERRORS, refusedCode } from './phone-factor-endpoints';
import type { CodeOwner } from './second-step-user';
import { recordFactorChange, recordWrongCode } from './two-factor-events';
import { ownerAllowedToTry, passwordConfirmed, TWO_FACTOR_ERRORS } from './two-factor-endpoints';
import { claimTotpCode, releaseTotpCode } from './used-totp-codes';

/*
 * Changes to a signed-in owner's second factors (turning two-factor off, new recovery codes, adding or
 * removing the number) need the password and a fresh second factor: a session alone, or a session and
 * the password, must not be enough to take the second factor away or to add one of the caller's own.
 */

export const FACTOR_CHANGE_ERRORS = {
  codeRequired:
    'Confirm with a code from your authenticator app, a code we text you, or one of your recovery codes.',
} as const;

type ChangeInput = z.output<typeof factorChangeSchema>;

/**
 * A change request confirmed, or the answer that stops it. In order: a signed-in owner who is not
 * throttled; the change's own `precondition`; a code at all (without one the answer is 401: a missing
 * credential, as a step up from the session is, RFC 9470, not a malformed request); a body `schema`
 * accepts; the password; the fresh second factor. Confirming uses the code up: an app code cannot
 * confirm anything else in its window, a recovery code or a texted code never works again.
 */
export async function confirmedFactorChange<S extends z.ZodType<ChangeInput>>(
  request: FastifyRequest,
  deps: AuthDeps,
  schema: S,
  precondition?: (owner: CodeOwner) => Promise<Before | null>,
): Promise<{ owner: CodeOwner; input: z.output<S> } | Before> {
  const allowed = await ownerAllowedToTry(request, deps, 'signed_in');
  if (!('owner' in allowed)) return allowed;
  const { owner } = allowed;
  const unmet = await precondition?.(owner);
  if (unmet) return unmet;
  const code = (request.body as { code?: unknown } | undefined)?.code;
  if (code === undefined || code === null || (typeof code === 'string' && code.trim() === ''))
    return refuse(401, 'SECOND_FACTOR_REQUIRED', FACTOR_CHANGE_ERRORS.codeRequired);
  const result = validated(schema, request);
  if (!result.data) return result;
  const input = result.data;
  if (!(await passwordConfirmed(request, deps, owner, input.password)))
    return refuse(400, 'INVALID_PASSWORD', TWO_FACTOR_ERRORS.wrongPassword);
  const refused = !/^\d{6}$/.test(input.code)
    ? await recoveryCodeRefused(request, deps, owner, input.code)
    : input.method === 'phone'
      ? await textedCodeRefused(request, deps, owner, input.code)
      : await appCodeRefused(request, deps, owner, input.code);
  return refused ?? { owner, input };
}

/** An authenticator code, refused if already used; the library checks it against the session's user. */
async function appCodeRefused(
  request: FastifyRequest,
  { auth, db }: AuthDeps,
  owner: CodeOwner,
  code: string,
) {
  if (!(await claimTotpCode(db, owner.id, code))) {
    await recordWrongCode(request, db, owner, 'totp', 'reused');
    return refuse(401, 'CODE_ALREADY_USED', TWO_FACTOR_ERRORS.reusedCode);
  }
  const headers = fromNodeHeaders(request.headers);
  const response = await auth.api.verifyTOTP({ body: { code }, headers, asResponse: true });
  if (response.ok) return null;
  await releaseTotpCode(db, owner.id, code);
  await recordWrongCode(request, db, owner, 'totp', 'wrong');
  return refuse(401, 'INVALID_CODE', TWO_FACTOR_ERRORS.wrongCode);
}

/** One of the recovery codes, used up by this. */
async function recoveryCodeRefused(
  request: FastifyRequest,
  { auth, db }: AuthDeps,
  owner: CodeOwner,
  code: string,
) {
  const headers = fromNodeHeaders(request.headers);
  const response = await auth.api.verifyBackupCode({ body: { code }, headers, asResponse: true });
  if (response.ok) return null;
  await recordWrongCode(request, db, owner, 'recovery_code', 'wrong');
  return refuse(401, 'INVALID_BACKUP_CODE', TWO_FACTOR_ERRORS.wrongRecoveryCode);
}

/**
 * The code texted for this change (send-otp, signed in) to the verified number. The library keeps it
 * against this session, hashed, for five minutes and five tries, and uses it up when it matches.
 */
async function textedCodeRefused(request: FastifyRequest, deps: AuthDeps, owner: CodeOwner, code: string) {
  if (!deps.phoneFactor) return refuse(404, 'PHONE_FACTOR_UNAVAILABLE', PHONE_ERRORS.unavailable);
  const [phone] = await deps.db.select().from(phoneFactors).where(eq(phoneFactors.userId, owner.id));
  // The library would take a verified code as turning two-factor on: only an enrolled number confirms.
  if (!owner.twoFactorEnabled || !phone?.verified)
    return refuse(400, 'NO_PHONE_FACTOR', PHONE_ERRORS.noVerifiedNumber);
  const headers = fromNodeHeaders(request.headers);
  const response = await deps.auth.api.verifyTwoFactorOTP({ body: { code }, headers, asResponse: true });
  if (response.ok) return null;
  const refused = await refusedCode(request, deps.db, owner, await response.text());
  return {
    answer: {
      status: refused?.status ?? response.status,
      body: refused?.body ?? authError('INVALID_CODE', PHONE_ERRORS.wrongCode),
    },
  };
}

/** Who confirmed the change, from the rule that runs before the library to the one after it. */
const confirmedBy = new WeakMap<FastifyRequest, CodeOwner>();

/** The library's change endpoints' rule: the change confirmed, and only the password handed on. */
async function confirmedLibraryChange(request: FastifyRequest, deps: AuthDeps): Promise<Before> {
  const change = await confirmedFactorChange(request, deps, factorChangeSchema);
  if (!('owner' in change)) return change;
  confirmedBy.set(request, change.owner);
  return { body: { password: change.input.password } };
}

/** The library's endpoints that change enrolled factors (ADR 008's allow-list), each confirmed as above. */
export const FACTOR_CHANGE_ENDPOINTS: AuthEndpoint[] = [
  {
    // Ten fresh recovery codes; the old ones stop working.
    method: 'POST',
    path: '/two-factor/generate-backup-codes',
    before: confirmedLibraryChange,
    after: (request, deps) => async (response, text) => {
      const owner = confirmedBy.get(request);
      if (!response.ok || !owner) return;
      await recordFactorChange(request, deps, owner, 'recovery_codes_regenerated');
      const { backupCodes } = JSON.parse(text) as { backupCodes: string[] };
      return { body: { backupCodes } };
    },
  },
  {
    // Turning two-factor off: the app and the recovery codes go, and the number with them.
    method: 'POST',
    path: '/two-factor/disable',
    before: confirmedLibraryChange,
    after: (request, deps) => async (response) => {
      const owner = confirmedBy.get(request);
      if (!response.ok || !owner) return;
      // SMS codes are only ever offered beside the app, never instead of it.
      await deps.db.delete(phoneFactors).where(eq(phoneFactors.userId, owner.id));
      await recordFactorChange(request, deps, owner, 'two_factor_disabled');
    },
  },
];
