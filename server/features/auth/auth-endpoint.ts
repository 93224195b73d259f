import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { maskEmail } from '#common/domain/privacy';
import type { Db } from '../../db/client';
import { firstMessagePerField } from '../../lib/app-error';
import type { Mailer } from '../mail';
import { recordSecurityEvent } from '../security-events';
import type { Auth } from './auth';
import { throttledMessage, type SignInThrottle } from './sign-in-throttle';

/*
 * The shape of one allow-listed better-auth endpoint and the helpers its product rules share
 * (routes.ts mounts them; two-factor-endpoints.ts adds the second step's).
 */

export type AuthDeps = {
  auth: Auth;
  db: Db;
  /** Tells the owner about changes to how their account is protected. */
  mailer: Mailer;
  publicUrl: string;
  /** Sandbox only: where the e-mail the product "sent" can be read, so the answers can point there. */
  sandboxMailbox?: string;
  /** Whether sign-in codes by SMS can be sent (an SMS provider is configured). */
  phoneFactor: boolean;
  /** Sandbox only: where the texts the product "sent" can be read. */
  sandboxPhone?: string;
};

/** What a product rule decides before the library runs: go on (with a body to hand over), or answer. */
export type Before =
  | { body?: Record<string, unknown> }
  | { answer: { status: number; body: unknown; headers?: Record<string, string> } };

/** What a product rule does with the library's answer: nothing, or replace its body (and status). */
export type After = (response: Response, text: string) => Promise<{ body?: unknown; status?: number } | void>;

export interface AuthEndpoint {
  method: 'GET' | 'POST';
  /** The library's path under /api/auth. */
  path: string;
  before?: (request: FastifyRequest, deps: AuthDeps) => Promise<Before>;
  after?: (request: FastifyRequest, deps: AuthDeps) => After;
}

export const authError = (code: string, message: string, fieldErrors?: Record<string, string>) => ({
  code,
  message,
  ...(fieldErrors ? { fieldErrors } : {}),
});

/** A rule's refusal, in the library's error shape (the route puts it in the app's). */
export const refuse = (status: number, code: string, message: string): Before => ({
  answer: { status, body: authError(code, message) },
});

/** The library's error code in one of its answers, if it has one. */
export function errorCode(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { code?: unknown };
    return typeof body.code === 'string' ? body.code : undefined;
  } catch {
    return undefined;
  }
}

export function validated<T extends z.ZodType>(
  schema: T,
  request: FastifyRequest,
): Before & { data?: z.infer<T> } {
  const parsed = schema.safeParse(request.body ?? {});
  if (parsed.success) return { data: parsed.data };
  const fieldErrors = firstMessagePerField(parsed.error.issues);
  const message = Object.values(fieldErrors)[0] ?? 'Invalid request';
  return { answer: { status: 400, body: authError('VALIDATION_ERROR', message, fieldErrors) } };
}

const emailOf = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : '';
};

/** An auth_failure security event about `email` (the address in the body unless given), masked. */
export function recordAuthFailure(
  request: FastifyRequest,
  db: Db,
  name: string,
  details: Record<string, unknown>,
  email = emailOf(request),
) {
  return recordSecurityEvent(db, {
    type: 'auth_failure',
    name,
    subjectEmail: email,
    details: { reason: name, email: maskEmail(email), ...details },
    ipAddress: request.ip,
    userAgent: request.headers['user-agent'],
  });
}

/** The 429 a throttled sign-in step gets, recorded first so the refusals show in the event log. */
export async function throttledAnswer(
  request: FastifyRequest,
  db: Db,
  throttle: Extract<SignInThrottle, { throttled: true }>,
  email?: string,
): Promise<Before> {
  await recordAuthFailure(
    request,
    db,
    'signin_throttled',
    { scope: throttle.scope, retryAfterSeconds: throttle.retryAfterSeconds },
    email,
  );
  return {
    answer: {
      status: 429,
      headers: { 'retry-after': String(throttle.retryAfterSeconds) },
      body: authError('ACCOUNT_LOCKED', throttledMessage(throttle.retryAfterSeconds)),
    },
  };
}

/**
 * Errors leave in the app's documented shape ({ error: { code, message, requestId, fieldErrors } }),
 * whether our rules or the library raised them; the library's codes are kept.
 */
export function inAppShape(status: number, body: unknown, requestId: string): unknown {
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
