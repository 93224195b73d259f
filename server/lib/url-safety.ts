import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';

/**
 * Merchant-supplied URLs (store, webhook, self-hosted BTCPay) must not reach our own network (SSRF).
 * The check runs when the connection is made, on the address actually dialled, so a hostname that
 * resolves differently later (DNS rebinding) is still caught.
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class UnsafeUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeUrlError';
  }
}

/** Only http(s) URLs without credentials; a literal private IP is refused before any network use. */
export function assertPublicUrlShape(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError('Invalid URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new UnsafeUrlError('Only http and https URLs are allowed');
  if (url.username || url.password) throw new UnsafeUrlError('URLs must not contain credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && isPrivateAddress(host)) throw new UnsafeUrlError('This address is on a private network');
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.internal') ||
    host.endsWith('.local')
  ) {
    throw new UnsafeUrlError('This address is on a private network');
  }
  return url;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

type Resolver = (
  hostname: string,
  options: { all: true },
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const publicOnlyLookup =
  (resolve: Resolver) => (hostname: string, options: object, callback: LookupCallback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses as LookupAddress[];
      const blocked = list.find((a) => isPrivateAddress(a.address));
      if (blocked) {
        const error = new UnsafeUrlError(
          `${hostname} resolves to a private network address`,
        ) as NodeJS.ErrnoException;
        error.code = 'EPRIVATE';
        return callback(error, '');
      }
      const wantsAll = (options as { all?: boolean }).all;
      return wantsAll ? callback(null, list) : callback(null, list[0]!.address, list[0]!.family);
    });
  };

/**
 * A fetch for merchant-supplied URLs in live mode: refuses private addresses at connect time and never
 * follows redirects on its own (a redirect to an internal host would bypass the check). Built on
 * node:http rather than the undici package: importing a second undici replaces the global dispatcher
 * that Node's own fetch uses, and mismatched versions break every request body.
 */
export function createPublicOnlyFetch(opts: { resolve?: Resolver } = {}): typeof fetch {
  const lookup = publicOnlyLookup(opts.resolve ?? (dnsLookup as unknown as Resolver));
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = assertPublicUrlShape(input instanceof Request ? input.url : String(input));
    const request = new Request(url, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    return new Promise<Response>((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const outgoing = client.request(
        url,
        {
          method: request.method,
          headers: Object.fromEntries(request.headers),
          lookup,
          signal: init?.signal ?? undefined,
        },
        (incoming) => {
          const headers = new Headers();
          for (const [key, value] of Object.entries(incoming.headers)) {
            for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
              headers.append(key, v);
          }
          const status = incoming.statusCode ?? 502;
          const hasBody = status !== 204 && status !== 304 && request.method !== 'HEAD';
          resolve(
            new Response(hasBody ? (Readable.toWeb(incoming) as ReadableStream) : null, {
              status,
              statusText: incoming.statusMessage,
              headers,
            }),
          );
        },
      );
      outgoing.on('error', (err) => reject(new TypeError('fetch failed', { cause: err })));
      outgoing.end(body);
    });
  }) as typeof fetch;
}
