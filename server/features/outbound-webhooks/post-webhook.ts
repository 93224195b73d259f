import { performance } from 'node:perf_hooks';
import type { IntegrationRuntime } from '../../integrations/runtime';
import { UnsafeUrlError } from '../../lib/url-safety';
import { assertSendableUrl } from './endpoint-url';

const TIMEOUT_MS = 10_000;
/** What the delivery log keeps of a receiver's answer: enough to debug with, not a store for arbitrary data. */
export const ANSWER_BODY_LIMIT = 1_000;
/** What a test send shows of the answer (see plainTextExcerpt). */
export const ANSWER_EXCERPT_CHARS = 200;

/** One POST of a webhook, as the delivery log records it. */
export interface WebhookAnswer {
  delivered: boolean;
  /** false when trying again cannot help (an endpoint on a private network in live mode). */
  retryable: boolean;
  /** The receiver's HTTP status, or null when it could not be reached. */
  status: number | null;
  /** From sending until the receiver's status line arrived (or the attempt failed), in milliseconds. */
  durationMs: number;
  /** The answer's media type (`text/plain`), or null. */
  mediaType: string | null;
  /** The start of the receiver's answer. */
  body: string | null;
  /** What went wrong, in words for the merchant; null when delivered. */
  error: string | null;
}

function isUnsafe(err: unknown): err is Error {
  return err instanceof UnsafeUrlError || (err instanceof Error && err.cause instanceof UnsafeUrlError);
}

/** Why a POST got no answer, naming the receiving end as the merchant knows it ("The agent endpoint"). */
export function describeFailure(endpoint: string, err: unknown): string {
  if (err instanceof UnsafeUrlError) return err.message;
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
    return `${endpoint} did not answer within ${TIMEOUT_MS / 1000} s.`;
  const cause = err instanceof Error ? (err.cause as NodeJS.ErrnoException | undefined) : undefined;
  if (cause instanceof UnsafeUrlError) return cause.message;
  const why = cause?.code ? NETWORK_FAILURES[cause.code] : undefined;
  return `Could not reach ${endpoint.replace(/^(The|Your) /, (article) => article.toLowerCase())}${why ? `: ${why}` : ''}.`;
}

/** The network errors a merchant can act on, in words (the code itself means nothing to most). */
const NETWORK_FAILURES: Record<string, string> = {
  ENOTFOUND: 'its address was not found (check the host name)',
  EAI_AGAIN: 'its address could not be looked up',
  ECONNREFUSED: 'the server refused the connection (is it running?)',
  ECONNRESET: 'the connection was dropped',
  ETIMEDOUT: 'the connection timed out',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
};

/**
 * What may be shown of an answer to whoever typed the URL: a short plain-text excerpt to debug with
 * ("invalid signature"), never a way to read what a URL serves. Only a `text/plain` answer, its control
 * and format characters replaced by spaces, at most ANSWER_EXCERPT_CHARS characters; null otherwise.
 */
export function plainTextExcerpt(answer: Pick<WebhookAnswer, 'mediaType' | 'body'>): string | null {
  if (answer.mediaType !== 'text/plain' || !answer.body) return null;
  const plain = answer.body.replace(/[\p{Cc}\p{Cf}\s]+/gu, ' ').trim();
  return plain ? [...plain].slice(0, ANSWER_EXCERPT_CHARS).join('') : null;
}

/**
 * POSTs a signed JSON body to a merchant-supplied URL that is sendable in the runtime's mode (checked
 * here; in live mode also on the address dialled by the runtime's guarded fetch), never following
 * redirects (one to an internal host would bypass that check), and giving up after 10 s. 2xx is
 * delivered.
 */
export async function postWebhook(
  runtime: Pick<IntegrationRuntime, 'mode' | 'context'>,
  endpoint: string,
  request: { url: string; body: string; headers: Record<string, string> },
): Promise<WebhookAnswer> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let response: Response;
  try {
    assertSendableUrl(runtime.mode, request.url);
    response = await runtime.context(null, request.url, { merchantSupplied: true }).http.fetch(request.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...request.headers },
      body: request.body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'manual',
    });
  } catch (err) {
    return {
      delivered: false,
      retryable: !isUnsafe(err),
      status: null,
      durationMs: elapsed(),
      mediaType: null,
      body: null,
      error: describeFailure(endpoint, err),
    };
  }
  const durationMs = elapsed();
  const body = (await response.text().catch(() => '')).slice(0, ANSWER_BODY_LIMIT);
  const delivered = response.status >= 200 && response.status < 300;
  return {
    delivered,
    retryable: true,
    status: response.status,
    durationMs,
    mediaType: response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() || null,
    body,
    error: delivered ? null : `${endpoint} answered HTTP ${response.status}.`,
  };
}
