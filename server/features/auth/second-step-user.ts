import { and, eq, gt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { parseCookies, stripSecureCookiePrefix } from 'better-auth/cookies';
import type { Db } from '../../db/client';
import { users, verifications } from '../../db/schema/index';
import type { Auth } from './auth';
import { TWO_FACTOR_COOKIE } from './two-factor';

export interface CodeOwner {
  id: string;
  email: string;
  twoFactorEnabled: boolean;
  /** True when the code finishes a sign-in; false when a signed-in user confirms a change with it. */
  signingIn: boolean;
}

/**
 * A signed pending-sign-in cookie's value: the identifier the library stored (`2fa-` and 20 random
 * letters and digits), a dot, and its signature (an HMAC-SHA-256, 44 characters of base64, as the
 * library's cookie reader requires). Anything else names no pending sign-in.
 */
const SIGNED_IDENTIFIER = /^([A-Za-z0-9_-]{1,64})\.[A-Za-z0-9+/]{43}=$/;

/**
 * The identifier the pending-sign-in cookie carries, or null when the request has none or a malformed
 * one (a bad escape, an overlong value, another shape). Parsed with the library's own cookie reader,
 * which never throws on a bad escape.
 */
export function pendingIdentifier(request: FastifyRequest): string | null {
  const cookies = parseCookies(request.headers.cookie ?? '');
  for (const [name, value] of cookies) {
    if (!stripSecureCookiePrefix(name).endsWith(`.${TWO_FACTOR_COOKIE}`)) continue;
    return SIGNED_IDENTIFIER.exec(value)?.[1] ?? null;
  }
  return null;
}

/**
 * Whose code this is, before the library checks it, so the sign-in throttle and the used-code guard can
 * run first. A signed-in caller (whose session the session guard has passed) confirms a change;
 * otherwise the pending sign-in named by the library's cookie. The signature is left to the library: an
 * identifier is 20 random characters that only the cookie's holder knows, and an unknown one matches no
 * row.
 */
export async function codeOwner(request: FastifyRequest, auth: Auth, db: Db): Promise<CodeOwner | null> {
  const current = auth.sessionGuard.sessionOf(request);
  if (current) {
    const { id, email } = current.user;
    return { id, email, twoFactorEnabled: current.user.twoFactorEnabled === true, signingIn: false };
  }
  const identifier = pendingIdentifier(request);
  if (!identifier) return null;
  const [row] = await db
    .select({ id: users.id, email: users.email, twoFactorEnabled: users.twoFactorEnabled })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, new Date())));
  return row ? { ...row, signingIn: true } : null;
}
