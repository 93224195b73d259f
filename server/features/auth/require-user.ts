import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { AppError } from '../../lib/app-error';
import type { Auth } from './auth';

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
}

/**
 * The signed-in user and session behind a dashboard API request, or a 401; a session past its idle
 * timeout or maximum age is ended here (401 session_expired), one from outside the allowlist refused
 * (403 ip_not_allowed).
 */
export async function requireSession(
  auth: Auth,
  request: FastifyRequest,
): Promise<{ user: SignedInUser; sessionId: string }> {
  const current = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!current) throw new AppError('unauthorized', 'You must be signed in.');
  await auth.sessionPolicy.enforce(current.session, request);
  const { id, email, name } = current.user;
  return { user: { id, email, name }, sessionId: current.session.id };
}

/** The signed-in user behind a dashboard API request (requireSession's rules apply). */
export async function requireUser(auth: Auth, request: FastifyRequest): Promise<SignedInUser> {
  return (await requireSession(auth, request)).user;
}
