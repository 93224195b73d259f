import type { ApiError } from '#common/api/errors';

/** An error the server answered with, carrying its message and any per-field messages. */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/**
 * JSON over fetch to our own API. Both error shapes we serve are understood: the dashboard API's
 * `{ error: { code, message, fieldErrors } }` and the auth library's `{ code, message, fieldErrors }`.
 */
export async function apiRequest<T>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
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
  if (!response.ok) {
    // Read by hand rather than with zod: this module is on the landing page's critical path.
    const body = data as Partial<ApiError> & {
      message?: unknown;
      code?: unknown;
      fieldErrors?: Record<string, string>;
    };
    const source = body?.error ?? body ?? {};
    const message =
      typeof source.message === 'string' && source.message
        ? source.message
        : `Request failed (${response.status})`;
    const code = typeof source.code === 'string' ? source.code : 'error';
    throw new ApiRequestError(message, response.status, code, source.fieldErrors ?? {});
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
