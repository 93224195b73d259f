import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { AppError } from '../../lib/app-error';
import type { Auth } from './auth';

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
}

/** The signed-in user behind a dashboard API request, or a 401. */
export async function requireUser(auth: Auth, request: FastifyRequest): Promise<SignedInUser> {
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) throw new AppError('unauthorized', 'You must be signed in.');
  const { id, email, name } = session.user;
  return { id, email, name };
}
