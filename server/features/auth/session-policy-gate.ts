import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { authError, type AuthDeps, type Before } from './auth-endpoint';

/**
 * The session rules (idle timeout, maximum age, IP allowlist) before the library answers about a
 * session, so the web app learns why it was signed out instead of merely finding no session.
 */
export async function sessionPolicyGate(request: FastifyRequest, { auth }: AuthDeps): Promise<Before> {
  const current = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!current) return {};
  const verdict = await auth.sessionPolicy.check(current.session, request);
  if (verdict.ok) return {};
  const status = verdict.code === 'ip_not_allowed' ? 403 : 401;
  return { answer: { status, body: authError(verdict.code, verdict.message) } };
}
