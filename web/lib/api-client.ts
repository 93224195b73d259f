import type { z } from 'zod';
import type { ApiError } from '#common/api/errors';

/** An error the server answered with, carrying its message and any per-field messages. */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fieldErrors: Record<string, string> = {},
    /** With code plan_upgrade_required: the lowest plan that includes what was refused. */
    readonly requiredPlan?: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** The server said there is no such thing (a store, an order): asking again will not change that. */
export const isNotFound = (err: unknown) => err instanceof ApiRequestError && err.status === 404;

/** A query's retry rule for public pages: a couple of retries for failures, none for "not found". */
export const retryUnlessNotFound = (failures: number, err: Error) => failures < 2 && !isNotFound(err);

interface RequestOptions {
  method?: string;
  body?: unknown;
  /** Extra request headers, such as the `x-request-id` that ties a readiness check to the server's log. */
  headers?: Record<string, string>;
}

/** The message for an answer that does not match its contract: a deploy in progress, usually. */
export const UNEXPECTED_ANSWER_MESSAGE =
  'The server sent an answer this page does not understand. Refresh the page and try again.';

/**
 * JSON over fetch to our own API. Both error shapes we serve are understood: the dashboard API's
 * `{ error: { code, message, fieldErrors } }` and the auth library's `{ code, message, fieldErrors }`.
 * With a `schema` (one of common/api's contracts) the answer is parsed with it, so callers get checked
 * data; zod is only a type import here, which keeps it off the landing page's critical path.
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  init: RequestOptions & { schema: S },
): Promise<z.output<S>>;
/** Unparsed: only for callers that have no contract in common/api yet (the auth library's endpoints). */
export async function apiRequest<T>(path: string, init?: RequestOptions): Promise<T>;
export async function apiRequest(
  path: string,
  init: RequestOptions & { schema?: z.ZodType } = {},
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...init.headers,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiRequestError(
      'Could not reach the server. Check your connection and try again.',
      0,
      'network',
    );
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!response.ok) throw errorFrom(response.status, data);
  if (!init.schema) return data;
  const parsed = init.schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiRequestError(UNEXPECTED_ANSWER_MESSAGE, response.status, 'invalid_response');
  }
  return parsed.data;
}

function errorFrom(status: number, data: unknown): ApiRequestError {
  // Read by hand rather than with zod: this module is on the landing page's critical path.
  const body = data as Partial<ApiError> & {
    message?: unknown;
    code?: unknown;
    fieldErrors?: Record<string, string>;
  };
  const source = body?.error ?? body ?? {};
  const message =
    typeof source.message === 'string' && source.message ? source.message : `Request failed (${status})`;
  const code = typeof source.code === 'string' ? source.code : 'error';
  const requiredPlan =
    'requiredPlan' in source && typeof source.requiredPlan === 'string' ? source.requiredPlan : undefined;
  return new ApiRequestError(message, status, code, source.fieldErrors ?? {}, requiredPlan);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
