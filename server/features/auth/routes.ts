import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { signInLinkSchema, signInSchema, signUpRequestSchema } from '#common/validation/auth';
import type { CheckEmailOutput } from '#common/api/auth';
import { maskEmail } from '#common/domain/privacy';
import type { Db } from '../../db/client';
import { firstMessagePerField } from '../../lib/app-error';
import { recordSecurityEvent } from '../security-events';
import { CLIENT_IP_HEADER, type Auth } from './auth';
import { checkSignInThrottle, throttledMessage } from './sign-in-throttle';

type AuthDeps = {
  auth: Auth;
  db: Db;
  publicUrl: string;
  /** Sandbox only: where the e-mail the product "sent" can be read, so the answers can point there. */
  sandboxMailbox?: string;
};

/** What a product rule decides before the library runs: go on (with a body to hand over), or answer. */
type Before =
  | { body?: Record<string, unknown> }
  | { answer: { status: number; body: unknown; headers?: Record<string, string> } };

/** What a product rule does with the library's answer: nothing, or replace its body. */
type After = (response: Response, text: string) => Promise<{ body?: unknown } | void>;

interface AuthEndpoint {
  method: 'GET' | 'POST';
  /** The library's path under /api/auth. */
  path: string;
  before?: (request: FastifyRequest, deps: AuthDeps) => Promise<Before>;
  after?: (request: FastifyRequest, deps: AuthDeps) => After;
}

const authError = (code: string, message: string, fieldErrors?: Record<string, string>) => ({
  code,
  message,
  ...(fieldErrors ? { fieldErrors } : {}),
});

function validated<T extends z.ZodType>(schema: T, request: FastifyRequest): Before & { data?: z.infer<T> } {
  const parsed = schema.safeParse(request.body ?? {});
  if (parsed.success) return { data: parsed.data };
  const fieldErrors = firstMessagePerField(parsed.error.issues);
  const message = Object.values(fieldErrors)[0] ?? 'Invalid request';
  return { answer: { status: 400, body: authError('VALIDATION_ERROR', message, fieldErrors) } };
}

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

const emailOf = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : '';
};

function recordAuthFailure(request: FastifyRequest, db: Db, name: string, details: Record<string, unknown>) {
  const email = emailOf(request);
  return recordSecurityEvent(db, {
    type: 'auth_failure',
    name,
    subjectEmail: email,
    details: { reason: name, email: maskEmail(email), ...details },
    ipAddress: request.ip,
    userAgent: request.headers['user-agent'],
  });
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
      if (throttle.throttled) {
        await recordAuthFailure(request, db, 'signin_throttled', {
          scope: throttle.scope,
          retryAfterSeconds: throttle.retryAfterSeconds,
        });
        return {
          answer: {
            status: 429,
            headers: { 'retry-after': String(throttle.retryAfterSeconds) },
            body: {
              ...authError('ACCOUNT_LOCKED', throttledMessage(throttle.retryAfterSeconds)),
            },
          },
        };
      }
      return { body: result.data };
    },
    after:
      (request, { db }) =>
      async (response) => {
        if (response.status === 403) {
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
  { method: 'GET', path: '/get-session' },
  { method: 'GET', path: '/list-sessions' },
  { method: 'GET', path: '/verify-email' },
  { method: 'GET', path: '/magic-link/verify' },
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

/**
 * Errors leave in the app's documented shape ({ error: { code, message, requestId, fieldErrors } }),
 * whether our rules or the library raised them; the library's codes are kept.
 */
function inAppShape(status: number, body: unknown, requestId: string): unknown {
  if (status < 400 || !body || typeof body !== 'object' || 'error' in body) return body;
  const { code, message, fieldErrors } = body as { code?: unknown; message?: unknown; fieldErrors?: unknown };
  return {
    error: {
      code: typeof code === 'string' && code ? code : 'auth_error',
      message: typeof message === 'string' && message ? message : 'The request could not be completed.',
      requestId,
      ...(fieldErrors && typeof fieldErrors === 'object' ? { fieldErrors } : {}),
    },
  };
}

async function sendLibraryAnswer(reply: FastifyReply, response: Response, body: unknown) {
  reply.status(response.status);
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
 * add what the product needs: the spec's validation with its exact messages, the sign-in throttle,
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
          return sendLibraryAnswer(reply, response, inAppShape(response.status, answer, request.id));
        },
      });
    }
  });
}
