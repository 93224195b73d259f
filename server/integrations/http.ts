import type { Logger } from '../lib/logger';
import type { Clock } from '../lib/clock';

/**
 * How an adapter reaches its provider. Adapters never read process.env and never call the global fetch:
 * sandbox mode, tests and fault injection are all a matter of what is passed here.
 */
export interface HttpContext {
  baseUrl: string;
  fetch: typeof fetch;
  /** Per-request timeout; a provider that does not answer in time is "unavailable". Default 10 s. */
  timeoutMs?: number;
  /**
   * A caller's deadline over several requests (e.g. an agent's confirm): once it fires, the request in
   * flight and every later one end as "unavailable", as a timeout does.
   */
  deadline?: AbortSignal;
}

/** Everything an adapter operation gets first. */
export interface AdapterContext<Credentials> {
  credentials: Credentials;
  http: HttpContext;
  clock: Clock;
  logger: Logger;
}

export type ProviderErrorKind =
  | 'auth' // credentials refused
  | 'declined' // a card or payment refused by the provider
  | 'invalid_request' // the provider says our request is wrong
  | 'not_found'
  | 'rate_limited'
  | 'unavailable' // down, unreachable, 5xx, timeout
  | 'malformed_response'; // answered with something we cannot read

const RETRYABLE: Record<ProviderErrorKind, boolean> = {
  auth: false,
  declined: false,
  invalid_request: false,
  not_found: false,
  rate_limited: true,
  unavailable: true,
  malformed_response: true,
};

/** What adapters throw. `message` is safe to show a merchant; it never contains a credential. */
export class ProviderError extends Error {
  readonly retryable: boolean;
  readonly status: number | undefined;
  readonly statusText: string | undefined;
  readonly providerCode: string | undefined;

  constructor(
    readonly provider: string,
    readonly kind: ProviderErrorKind,
    message: string,
    opts: { status?: number; statusText?: string; providerCode?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: opts.cause });
    this.name = 'ProviderError';
    this.retryable = RETRYABLE[kind];
    this.status = opts.status;
    this.statusText = opts.statusText;
    this.providerCode = opts.providerCode;
  }
}

export interface HttpRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  /** Sent as JSON unless `form` is set. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: URLSearchParams;
}

export interface HttpResponse {
  status: number;
  statusText: string;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  body: unknown;
}

export function buildUrl(baseUrl: string, path: string, query?: HttpRequest['query']): URL {
  const url = new URL(path.replace(/^\//, ''), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}

function requestSignal(http: HttpContext): AbortSignal {
  const timeout = AbortSignal.timeout(http.timeoutMs ?? 10_000);
  return http.deadline ? AbortSignal.any([timeout, http.deadline]) : timeout;
}

/**
 * One HTTP exchange with a provider. Network failures and timeouts become `unavailable` ProviderErrors;
 * any HTTP status is returned for the adapter to interpret (only it knows the provider's error shapes).
 */
export async function sendRequest(
  provider: string,
  http: HttpContext,
  req: HttpRequest,
): Promise<HttpResponse> {
  const url = buildUrl(http.baseUrl, req.path, req.query);
  const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
  let body: string | undefined;
  if (req.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = req.form.toString();
  } else if (req.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.json);
  }
  let response: Response;
  try {
    response = await http.fetch(url, {
      method: req.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: requestSignal(http),
      redirect: 'manual',
    });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new ProviderError(
      provider,
      'unavailable',
      timedOut ? `${provider} did not answer in time` : `Could not reach ${provider}`,
      { cause: err },
    );
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    text,
    body: parsed,
  };
}

export type { Clock, Logger };
