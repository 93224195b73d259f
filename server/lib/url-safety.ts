import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { createNodeHttpFetch } from './node-http-fetch';

/**
 * Merchant-supplied URLs (store, webhook, self-hosted BTCPay) must not reach our own network (SSRF).
 * The check runs when the connection is made, on the address actually dialled, so a hostname that
 * resolves differently later (DNS rebinding) is still caught.
 *
 * Addresses are classified by ipaddr.js's table of special-purpose ranges (IANA's registries), not by a
 * list of our own: only what it calls `unicast` (global) is public. IPv6 forms that carry an IPv4 address
 * are judged by the IPv4 address they reach.
 */
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');
/** ::a.b.c.d, deprecated by RFC 4291: never a real receiver, so refused outright whatever it embeds. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');
/** The same written with a dotted tail, which ipaddr.js reads as IPv4-mapped (::ffff:a.b.c.d) instead. */
const DOTTED_IPV4_COMPATIBLE = /^::\d+\.\d+\.\d+\.\d+(%.*)?$/;

/**
 * The IPv4 address an IPv6 one reaches: IPv4-mapped (::ffff:a.b.c.d) and IPv4-translated
 * (::ffff:0:a.b.c.d) in their last 32 bits, NAT64's well-known prefix (64:ff9b::/96, RFC 6052) likewise,
 * and 6to4 (2002:AABB:CCDD::/48) in bits 16 to 47. The local-use NAT64 prefix (64:ff9b:1::/48) places
 * it where the local network chose, and Teredo hides it; ipaddr.js names both as non-unicast ranges,
 * so they are refused without looking inside.
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  const range = address.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || address.match(NAT64_WELL_KNOWN))
    return new ipaddr.IPv4(bytes.slice(12));
  if (range === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}

/** Whether an address must not be dialled for a merchant: anything not public, or not an address. */
export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 0 || !ipaddr.isValid(address) || DOTTED_IPV4_COMPATIBLE.test(address)) return true;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() !== 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  if (v6.match(IPV4_COMPATIBLE)) return true;
  const reached = embeddedIPv4(v6);
  return reached ? reached.range() !== 'unicast' : v6.range() !== 'unicast';
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
  // The URL parser has already written any IPv4 spelling (0x7f.1, 2130706433) as a.b.c.d; a trailing dot
  // names the same host.
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
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
 * follows redirects on its own (a redirect to an internal host would bypass the check).
 */
export function createPublicOnlyFetch(opts: { resolve?: Resolver } = {}): typeof fetch {
  return createNodeHttpFetch({
    lookup: publicOnlyLookup(opts.resolve ?? (dnsLookup as unknown as Resolver)) as LookupFunction,
    checkUrl: assertPublicUrlShape,
  });
}
