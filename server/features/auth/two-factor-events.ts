import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { maskEmail } from '#common/domain/privacy';
import type { Db } from '../../db/client';
import { merchants } from '../../db/schema/index';
import { recordSecurityEvent } from '../security-events';
import { recordAuthFailure } from './auth-endpoint';
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

/** A change to the user's second factors, on their merchant's security log; no code or number in it. */
export async function recordFactorChange(
  request: FastifyRequest,
  db: Db,
  user: { id: string; email: string },
  name: FactorChange,
  details: Record<string, unknown> = {},
) {
  const [merchant] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.userId, user.id));
  await recordSecurityEvent(db, {
    type: 'settings_change',
    name,
    merchantId: merchant?.id ?? null,
    subjectEmail: user.email,
    details: { email: maskEmail(user.email), ...details },
    ipAddress: request.ip,
    userAgent: request.headers['user-agent'],
  });
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
