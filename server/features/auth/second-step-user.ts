import { and, eq, gt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
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

/** The identifier the pending-sign-in cookie carries (`<identifier>.<signature>`, signed by the library). */
function pendingIdentifier(request: FastifyRequest): string | null {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [rawName, ...rest] = part.trim().split('=');
    const name = rawName?.replace(/^__Secure-/, '');
    if (!name?.endsWith(`.${TWO_FACTOR_COOKIE}`)) continue;
    const value = decodeURIComponent(rest.join('='));
    const dot = value.lastIndexOf('.');
    return dot > 0 ? value.slice(0, dot) : null;
  }
  return null;
}

/**
 * Whose code this is, before the library checks it, so the sign-in throttle and the used-code guard can
 * run first. A signed-in caller confirms a change; otherwise the pending sign-in named by the library's
 * cookie. The signature is left to the library: an identifier is 20 random characters that only the
 * cookie's holder knows, and an unknown one matches no row.
 */
export async function codeOwner(request: FastifyRequest, auth: Auth, db: Db): Promise<CodeOwner | null> {
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (session) {
    const { id, email } = session.user;
    return { id, email, twoFactorEnabled: session.user.twoFactorEnabled === true, signingIn: false };
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
