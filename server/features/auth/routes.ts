import type { FastifyInstance, FastifyRequest } from 'fastify';
import { signInSchema, signUpSchema } from '#common/validation/auth';
import { maskEmail } from '#common/domain/privacy';
import type { Db } from '../../db/client';
import { firstMessagePerField } from '../../lib/app-error';
import { createMerchantForUser } from '../merchants/create-merchant';
import { recordSecurityEvent } from '../security-events/record-security-event';
import { CLIENT_IP_HEADER, type Auth } from './auth';
import { isSignInLocked, LOCKOUT_MESSAGE } from './sign-in-lockout';

const SIGN_UP = '/api/auth/sign-up/email';
const SIGN_IN = '/api/auth/sign-in/email';

function toWebRequest(request: FastifyRequest, publicUrl: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === CLIENT_IP_HEADER) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  // The only IP better-auth sees is the one Fastify derived from the socket (and TRUST_PROXY).
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  if (hasBody) headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Request(new URL(request.url, publicUrl), {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
}

function withoutSessionToken(text: string): string {
  if (!text.startsWith('{')) return text;
  try {
    const { token: _token, ...rest } = JSON.parse(text) as Record<string, unknown>;
    return JSON.stringify(rest);
  } catch {
    return text;
  }
}

const authError = (code: string, message: string, fieldErrors?: Record<string, string>) => ({
  code,
  message,
  ...(fieldErrors ? { fieldErrors } : {}),
});

/**
 * Mounts better-auth under /api/auth. Around the library's own handling we add what the product needs:
 * the spec's validation rules with their exact messages, a per-account lockout, auth_failure security
 * events with masked e-mails, and the merchant record created at sign-up.
 */
export function registerAuthRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db; publicUrl: string }) {
  const { auth, db } = deps;
  // better-auth answers an empty body itself; Fastify would reject an empty JSON body before it could.
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, raw, done) => {
      const text = String(raw);
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        const err = new Error('Request body is not valid JSON') as Error & { statusCode: number };
        err.statusCode = 400;
        done(err, undefined);
      }
    });

    scope.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      async handler(request, reply) {
        const path = request.url.split('?')[0];
        const body = (request.body ?? {}) as Record<string, unknown>;
        const email = typeof body.email === 'string' ? body.email : '';
        const userAgent = request.headers['user-agent'];

        if (path === SIGN_UP || path === SIGN_IN) {
          const parsed = (path === SIGN_UP ? signUpSchema : signInSchema).safeParse(body);
          if (!parsed.success) {
            const fieldErrors = firstMessagePerField(parsed.error.issues);
            return reply
              .status(400)
              .send(
                authError(
                  'VALIDATION_ERROR',
                  Object.values(fieldErrors)[0] ?? 'Invalid request',
                  fieldErrors,
                ),
              );
          }
          request.body = parsed.data;
        }
        if (path === SIGN_IN && (await isSignInLocked(db, email))) {
          return reply.status(429).send(authError('ACCOUNT_LOCKED', LOCKOUT_MESSAGE));
        }

        const response = await auth.handler(toWebRequest(request, deps.publicUrl));
        const text = await response.text();

        if ((path === SIGN_UP || path === SIGN_IN) && response.status >= 400 && response.status !== 429) {
          const reason = path === SIGN_UP ? 'signup_failed' : 'signin_failed';
          await recordSecurityEvent(db, {
            type: 'auth_failure',
            name: reason,
            subjectEmail: email,
            details: { reason, email: maskEmail(email), status: response.status },
            ipAddress: request.ip,
            userAgent,
          });
        }
        if (path === SIGN_UP && response.ok) {
          const { user } = JSON.parse(text) as { user: { id: string; name: string } };
          // The account exists either way; a missing merchant is created again on first use.
          await createMerchantForUser(db, user.id, user.name).catch((err: unknown) =>
            request.log.error({ err }, 'could not create the merchant profile after sign-up'),
          );
        }

        reply.status(response.status);
        // The session lives in an httpOnly cookie; the token is not repeated in a body scripts can read.
        const payload = withoutSessionToken(text);
        response.headers.forEach((value, key) => {
          if (key === 'set-cookie' || key === 'content-length') return;
          reply.header(key, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        return reply.send(payload);
      },
    });
  });
}
