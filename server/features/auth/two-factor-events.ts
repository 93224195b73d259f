import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { maskEmail } from '#common/domain/privacy';
import type { Db } from '../../db/client';
import { merchants } from '../../db/schema/index';
import { recordSecurityEvent } from '../security-events';
import { authEmails } from './auth-emails';
import { recordAuthFailure, type AuthDeps } from './auth-endpoint';
import { describeUserAgent } from './describe-user-agent';
import type { CodeOwner } from './second-step-user';

export type FactorChange =
  | 'two_factor_enabled'
  | 'two_factor_disabled'
  | 'recovery_codes_regenerated'
  | 'recovery_code_used'
  | 'phone_factor_added'
  | 'phone_factor_verified'
  | 'phone_factor_removed'
  | 'phone_code_used';

/**
 * The changes the owner is e-mailed about: every change to how the account's sign-in is protected. (A
 * number added is a factor once it is verified; codes used to sign in are sign-ins, not changes.)
 */
const OWNER_NOTICES: Partial<Record<FactorChange, (details: Record<string, unknown>) => string>> = {
  two_factor_enabled: () => 'Two-factor sign-in was turned on',
  two_factor_disabled: () => 'Two-factor sign-in was turned off',
  recovery_codes_regenerated: () => 'New recovery codes were generated',
  phone_factor_verified: ({ phone }) => `A phone number (${String(phone)}) was added to two-factor sign-in`,
  phone_factor_removed: ({ phone }) =>
    `The phone number (${String(phone)}) was removed from two-factor sign-in`,
};

/**
 * A change to the user's second factors: on their merchant's security log (no code or number in it)
 * and, for a change to how sign-in is protected, by e-mail to the owner.
 */
export async function recordFactorChange(
  request: FastifyRequest,
  deps: Pick<AuthDeps, 'db' | 'mailer' | 'publicUrl'>,
  user: { id: string; email: string },
  name: FactorChange,
  details: Record<string, unknown> = {},
) {
  const [merchant] = await deps.db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.userId, user.id));
  await recordSecurityEvent(deps.db, {
    type: 'settings_change',
    name,
    merchantId: merchant?.id ?? null,
    subjectEmail: user.email,
    details: { email: maskEmail(user.email), ...details },
    ipAddress: request.ip,
    userAgent: request.headers['user-agent'],
  });
  const notice = OWNER_NOTICES[name];
  if (!notice) return;
  const browser = describeUserAgent(request.headers['user-agent'] ?? null);
  await deps.mailer.send(
    authEmails.factorChanged(user.email, {
      summary: notice(details),
      at: new Date(),
      from: browser ? `${request.ip} (${browser})` : request.ip,
      settingsUrl: `${deps.publicUrl}/settings?tab=security`,
    }),
  );
}

/**
 * A wrong second-step code. Counted by the sign-in throttle like a wrong password, whether it was typed
 * to finish a sign-in or to confirm a change.
 */
export function recordWrongCode(
  request: FastifyRequest,
  db: Db,
  owner: CodeOwner,
  kind: 'totp' | 'recovery_code' | 'phone',
  reason: 'wrong' | 'reused',
) {
  return recordAuthFailure(
    request,
    db,
    'second_step_failed',
    { kind, outcome: reason, during: owner.signingIn ? 'sign_in' : 'change' },
    owner.email,
  );
}
