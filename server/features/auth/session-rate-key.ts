import type { FastifyRequest } from 'fastify';
import { sha256Hex } from '../../lib/hash';

/** better-auth's session cookie, with the prefix we configure (and __Secure- on https). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?agentcart\.session_token=([^;]+)/;

/**
 * A rate-limit key for signed-in actions: the session (hashed; the cookie is a credential), else the
 * client address. Offices and shops share an address, so limits meant for one merchant follow the
 * merchant's session rather than everyone behind the same router.
 */
export function sessionRateKey(request: FastifyRequest): string {
  const token = request.headers.cookie?.match(SESSION_COOKIE)?.[1];
  return token ? `session:${sha256Hex(token)}` : `ip:${request.ip}`;
}
