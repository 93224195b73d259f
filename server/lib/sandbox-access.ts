import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { ApiError } from '#common/api/errors';

/**
 * The sandbox's own surfaces (the mailbox with every sign-in link, the simulator list, each simulator's
 * controls, the world's manifest) have no login: on loopback only this machine reaches them. Anywhere
 * else they need the sandbox access secret (SANDBOX_ACCESS_SECRET, docs/decisions/034): a script sends
 * it in a header, a browser opens one sandbox page once with `?access=<secret>` and keeps a cookie.
 */
export const SANDBOX_ACCESS_HEADER = 'x-sandbox-access';
export const SANDBOX_ACCESS_COOKIE = 'agentcart.sandbox_access';
const ACCESS_PARAM = 'access';
const COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export const SANDBOX_ACCESS_REFUSED =
  'This sandbox page needs the sandbox access secret (SANDBOX_ACCESS_SECRET). Open it once with ?access=<the secret> added to its address, or send the secret in the X-Sandbox-Access header.';

/**
 * Whether a listen address is reachable from this machine only: 127.0.0.0/8, ::1 (also IPv4-mapped)
 * or localhost. Anything else, short IPv4 spellings and other names included, counts as reachable.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase();
  if (bare === 'localhost') return true;
  if (!ipaddr.IPv4.isValidFourPartDecimal(bare) && !ipaddr.IPv6.isValid(bare)) return false;
  return ipaddr.process(bare).range() === 'loopback';
}

/** The headers a call to a guarded sandbox surface carries (none when no secret is set). */
export function sandboxAccessHeaders(secret: string | undefined): Record<string, string> {
  return secret ? { [SANDBOX_ACCESS_HEADER]: secret } : {};
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Equal to `expected`, compared in constant time (digests first, so the length does not show either). */
const matches = (given: unknown, expected: string) =>
  typeof given === 'string' && timingSafeEqual(digest(given), digest(expected));

/** The cookie holds a value derived from the secret, never the secret itself. */
const cookieToken = (secret: string) =>
  createHmac('sha256', secret).update('agentcart sandbox access cookie').digest('base64url');

/** One cookie's value, as sent; ours is base64url, so it needs no decoding. */
function cookieValue(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * Makes every route of `app` under `prefix` (`/__sim`, `/__world`) answer 401 unless the request
 * carries the secret: in the header, in the cookie, or as `?access=`, which sets the cookie and, for a
 * page, redirects to the same address without it so the secret leaves the address bar at once.
 */
export function requireSandboxAccess(
  app: FastifyInstance,
  opts: { secret: string; prefix: string; secureCookie: boolean },
) {
  const token = cookieToken(opts.secret);
  const cookie = [
    `${SANDBOX_ACCESS_COOKIE}=${token}`,
    `Path=${opts.prefix}`,
    `Max-Age=${COOKIE_MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(opts.secureCookie ? ['Secure'] : []),
  ].join('; ');
  // The matched route, not the raw path: the router decodes `/%5F_sim/...` to the same route.
  const guarded = (route: string | undefined) =>
    route !== undefined && (route === opts.prefix || route.startsWith(`${opts.prefix}/`));

  app.addHook('onRequest', async (request, reply) => {
    if (!guarded(request.routeOptions.url)) return;
    if (matches(request.headers[SANDBOX_ACCESS_HEADER], opts.secret)) return;
    if (matches(cookieValue(request, SANDBOX_ACCESS_COOKIE), token)) return;
    const target = new URL(request.url, 'http://sandbox.invalid');
    if (!matches(target.searchParams.get(ACCESS_PARAM), opts.secret)) {
      const body: ApiError = {
        error: { code: 'unauthorized', message: SANDBOX_ACCESS_REFUSED, requestId: request.id },
      };
      return reply.status(401).send(body);
    }
    reply.header('set-cookie', cookie);
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    target.searchParams.delete(ACCESS_PARAM);
    return reply.redirect(`${target.pathname}${target.search}`, 303);
  });
}
