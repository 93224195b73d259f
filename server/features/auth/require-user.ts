import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { Auth } from './auth';

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
}

/**
 * The signed-in user and session behind a dashboard API request, or a 401. The session guard has already
 * held the session to the session rules (session-guard.ts) before the route runs.
 */
export async function requireSession(
  auth: Auth,
  request: FastifyRequest,
): Promise<{ user: SignedInUser; sessionId: string }> {
  const current = auth.sessionGuard.sessionOf(request);
  if (!current) throw new AppError('unauthorized', 'You must be signed in.');
  const { id, email, name } = current.user;
  return { user: { id, email, name }, sessionId: current.session.id };
}

/** The signed-in user behind a dashboard API request (requireSession's rules apply). */
export async function requireUser(auth: Auth, request: FastifyRequest): Promise<SignedInUser> {
  return (await requireSession(auth, request)).user;
}
