import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { signInLinkSchema, signInSchema, signUpRequestSchema } from '#common/validation/auth';
import type { CheckEmailOutput } from '#common/api/auth';
import { CLIENT_IP_HEADER } from './auth';
import {
  authError,
  errorCode,
  inAppShape,
  recordAuthFailure,
  throttledAnswer,
  validated,
  type AuthDeps,
  type AuthEndpoint,
} from './auth-endpoint';
import { checkSignInThrottle } from './sign-in-throttle';
import { FACTOR_CHANGE_ENDPOINTS } from './factor-change';
import { PHONE_CODE_ENDPOINTS } from './phone-factor-endpoints';
import { SECOND_STEP_ENDPOINTS, secondStepAnswer } from './two-factor-endpoints';

/** The answer when the next step is in the person's mailbox (CheckEmailOutput). */
const checkEmail = (sandboxMailbox: string | undefined): CheckEmailOutput => ({
  status: 'check_email',
  ...(sandboxMailbox ? { sandboxMailbox } : {}),
});

/** Where a link from an e-mail lands: the auth page, which finishes the flow and moves on to `next`. */
function landing(flow: 'verified' | 'link', next: string | undefined): string {
  const query = new URLSearchParams({ [flow]: '1', ...(next ? { next } : {}) });
  return `/auth?${query.toString()}`;
}

/** Session tokens live only in the httpOnly cookie; no answer repeats one where a script could read it. */
function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'token')
      .map(([key, v]) => [key, withoutTokens(v)]),
  );
}

/**
 * The only better-auth endpoints reachable from outside, each with the product rules around it. Anything
 * else under /api/auth is a 404: the library's router normalises paths its own way, so nothing may reach
 * it except through an exact route whose rules have run.
 */
const ENDPOINTS: AuthEndpoint[] = [
  {
    method: 'POST',
    path: '/sign-up/email',
    async before(request) {
      const result = validated(signUpRequestSchema, request);
      if (!result.data) return result;
      const { next, ...fields } = result.data;
      return { body: { ...fields, callbackURL: landing('verified', next) } };
    },
    after:
      (request, { db, sandboxMailbox }) =>
      async (response) => {
        if (response.status >= 400 && response.status !== 429) {
          await recordAuthFailure(request, db, 'signup_failed', { status: response.status });
          return;
        }
        // A new address and a taken one get this same answer; the e-mail tells the owner which it was.
        if (response.ok) return { body: checkEmail(sandboxMailbox) };
      },
  },
  {
    method: 'POST',
    path: '/sign-in/email',
    async before(request, { db }) {
      const result = validated(signInSchema, request);
      if (!result.data) return result;
      const throttle = await checkSignInThrottle(db, result.data.email, request.ip);
      if (throttle.throttled) return throttledAnswer(request, db, throttle);
      return { body: result.data };
    },
    after: (request, deps) => async (response, text) => {
      const { db } = deps;
      if (response.ok) return secondStepAnswer(request, text, deps);
      if (response.status === 403 && errorCode(text) === 'EMAIL_NOT_VERIFIED') {
        // Right password, unconfirmed address: the library has sent a fresh confirmation link.
        return {
          body: authError(
            'EMAIL_NOT_VERIFIED',
            'Please confirm your email address first: we have just sent you a new link.',
          ),
        };
      }
      if (response.status >= 400 && response.status !== 429) {
        await recordAuthFailure(request, db, 'signin_failed', { status: response.status });
      }
    },
  },
  {
    method: 'POST',
    path: '/sign-in/magic-link',
    async before(request) {
      const result = validated(signInLinkSchema, request);
      if (!result.data) return result;
      const { email, next } = result.data;
      return {
        body: { email, callbackURL: landing('link', next), errorCallbackURL: landing('link', undefined) },
      };
    },
    // The library answers the same for every address; ours does too, in the shape sign-up uses.
    after:
      (_request, { sandboxMailbox }) =>
      async (response) => {
        if (response.ok) return { body: checkEmail(sandboxMailbox) };
      },
  },
  { method: 'POST', path: '/sign-out' },
  // The session guard (session-guard.ts) has held any session to the session rules before these run.
  { method: 'GET', path: '/get-session' },
  { method: 'GET', path: '/list-sessions' },
  { method: 'GET', path: '/verify-email' },
  { method: 'GET', path: '/magic-link/verify' },
  ...SECOND_STEP_ENDPOINTS,
  ...FACTOR_CHANGE_ENDPOINTS,
  ...PHONE_CODE_ENDPOINTS,
];

function toWebRequest(
  request: FastifyRequest,
  url: string,
  body: Record<string, unknown> | undefined,
): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === CLIENT_IP_HEADER) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  // The only IP better-auth sees is the one Fastify derived from the socket (and TRUST_PROXY).
  headers.set(CLIENT_IP_HEADER, request.ip);
  headers.delete('content-length');
  if (body) headers.set('content-type', 'application/json');
  return new Request(url, { method: request.method, headers, body: body ? JSON.stringify(body) : undefined });
}

async function sendLibraryAnswer(reply: FastifyReply, response: Response, status: number, body: unknown) {
  reply.status(status);
  response.headers.forEach((value, key) => {
    if (key === 'set-cookie' || key === 'content-length') return;
    reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return reply.send(body);
}

function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Mounts the allow-listed better-auth endpoints under /api/auth (ADR 003, ADR 008). Around the library we
 * add what the product needs: field validation with common/validation's messages, the sign-in throttle,
 * auth_failure security events with masked e-mails, uniform sign-up answers, and no tokens in bodies.
 */
export function registerAuthRoutes(app: FastifyInstance, deps: AuthDeps) {
  app.register(async (scope) => {
    // better-auth answers an empty body itself; Fastify would reject an empty JSON body before it could.
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

    for (const endpoint of ENDPOINTS) {
      const url = `/api/auth${endpoint.path}`;
      scope.route({
        method: endpoint.method,
        url,
        async handler(request, reply) {
          const before = endpoint.before ? await endpoint.before(request, deps) : {};
          if ('answer' in before) {
            const { status, body, headers } = before.answer;
            return reply
              .status(status)
              .headers(headers ?? {})
              .send(inAppShape(status, body, request.id));
          }
          const hasBody = endpoint.method === 'POST';
          const body =
            before.body ?? (hasBody ? ((request.body ?? {}) as Record<string, unknown>) : undefined);
          // The library sees the allow-listed path, never the caller's spelling of it.
          const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
          const response = await deps.auth.handler(
            toWebRequest(request, `${deps.publicUrl}${url}${query}`, body),
          );
          const text = await response.text();
          const replaced = endpoint.after ? await endpoint.after(request, deps)(response, text) : undefined;
          const answer = replaced?.body ?? (text ? withoutTokens(parsedOrText(text)) : text);
          const status = replaced?.status ?? response.status;
          return sendLibraryAnswer(reply, response, status, inAppShape(status, answer, request.id));
        },
      });
    }
  });
}
