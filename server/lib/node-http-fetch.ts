import type { LookupFunction } from 'node:net';
import http from 'node:http';
import https from 'node:https';

/** What an answer may weigh: providers answer in kilobytes; a merchant's URL must not fill the memory. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface NodeHttpFetchOptions {
  /** Resolves each host as a connection is made (the private-network guard's lookup, say). */
  lookup?: LookupFunction;
  /** Checked, and may refuse by throwing, before anything is sent; returns the URL to dial. */
  checkUrl?: (url: string) => URL;
}

/**
 * `fetch` over node:http, for the app's calls to providers, stores and merchants' endpoints: the same
 * exchange for about a third of the CPU of Node's own fetch (0.4 ms instead of 1.0-1.3 ms a request on
 * the 2-core machine, docs/decisions/067), because it skips the WHATWG streams between the socket and
 * the caller: every answer here is a small document read whole, so it is buffered and handed over as one.
 *
 * Where it differs from fetch, on purpose:
 * - A redirect is answered as it is, whatever `redirect` says: every caller sends `redirect: 'manual'`,
 *   a provider's API does not redirect, and following one on its own would let a merchant's URL lead the
 *   request to a host the guard never saw.
 * - An answer larger than 10 MiB fails as a network error would.
 * Connections are kept alive and reused per host, as Node's fetch does. node:http rather than the undici
 * package's `request`: importing a second undici replaces the global dispatcher that Node's own fetch
 * uses, and mismatched versions break every request body.
 */
export function createNodeHttpFetch(opts: NodeHttpFetchOptions = {}): typeof fetch {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, lookup: opts.lookup }),
    'https:': new https.Agent({ keepAlive: true, lookup: opts.lookup }),
  };
  return (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const raw = input instanceof Request ? input.url : String(input);
    const url = opts.checkUrl ? opts.checkUrl(raw) : new URL(raw);
    const { method, headers, body } = await outgoingParts(input, init);
    const signal = init.signal ?? (input instanceof Request ? input.signal : undefined);
    const client = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : null;
    if (!client)
      throw new TypeError('fetch failed', { cause: new Error(`${url.protocol} is not supported`) });
    return new Promise<Response>((resolve, reject) => {
      const fail = (cause: unknown) =>
        reject(signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause }));
      const outgoing = client.request(
        url,
        { method, headers, agent: agents[url.protocol as 'http:' | 'https:'], signal: signal ?? undefined },
        (incoming) => {
          const chunks: Buffer[] = [];
          let size = 0;
          incoming.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_BODY_BYTES) incoming.destroy(new Error('The answer is larger than 10 MiB'));
            else chunks.push(chunk);
          });
          incoming.on('error', fail);
          // A connection cut (or a signal fired) after the status line but before the whole body.
          incoming.on('close', () => {
            if (!incoming.complete) fail(new Error('The connection closed before the answer was complete'));
          });
          incoming.on('end', () => {
            const status = incoming.statusCode ?? 502;
            const bodyless = status === 204 || status === 304 || method === 'HEAD';
            resolve(
              new Response(bodyless ? null : Buffer.concat(chunks, size), {
                status,
                statusText: incoming.statusMessage,
                headers: responseHeaders(incoming.headers),
              }),
            );
          });
        },
      );
      outgoing.on('error', fail);
      outgoing.end(body);
    });
  }) as typeof fetch;
}

interface OutgoingParts {
  method: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
}

/** The method, headers and body to send, read from fetch's arguments as fetch reads them. */
async function outgoingParts(input: RequestInfo | URL, init: RequestInit): Promise<OutgoingParts> {
  const method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  const body = init.body ?? null;
  const simpleBody = body === null || typeof body === 'string' || body instanceof Uint8Array;
  if (!(input instanceof Request) && simpleBody) {
    const headers = plainHeaders(init.headers);
    // A string is sent as UTF-8 text, as fetch sends it.
    if (typeof body === 'string' && !hasHeader(headers, 'content-type'))
      headers['content-type'] = 'text/plain;charset=UTF-8';
    return { method, headers, body: body ?? undefined };
  }
  // Anything else (a Request, URLSearchParams, a Blob, form data, a stream) is read the way fetch
  // would send it, content type included.
  const request = new Request(input, {
    ...init,
    method,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  const bytes = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
  return { method, headers: Object.fromEntries(request.headers), body: bytes };
}

function plainHeaders(headers: HeadersInit | undefined): Record<string, string> {
  if (!headers) return {};
  if (headers instanceof Headers || Array.isArray(headers)) return Object.fromEntries(new Headers(headers));
  return { ...headers };
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}

function responseHeaders(incoming: http.IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(incoming)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.append(key, value);
  }
  return headers;
}
