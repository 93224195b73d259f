import { isIPv6 } from 'node:net';
import { eq } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { canonicalIpv4 } from '#common/validation/security-settings';
import type { Db } from '../../db/client';
import { merchants, type SecuritySettings } from '../../db/schema/index';
import { recordSecurityEvent } from '../security-events';

const IPV4_WITH_PORT = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/;
const BRACKETED_IPV6 = /^\[([^\]]+)\](?::\d+)?$/;
const IPV4_MAPPED = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/;

/**
 * The client address as allowlist entries spell it. Fastify's request.ip is the socket's peer, or with
 * TRUST_PROXY the left-most X-Forwarded-For address, exactly as the proxy wrote it. An IPv4 client can
 * then arrive as IPv4-mapped IPv6 in any spelling (a dual-stack socket's `::ffff:203.0.113.7`, a
 * proxy's `::FFFF:CB00:7107` or `0:0:0:0:0:ffff:…`), with a port (`203.0.113.7:51234`, `[…]:443`) or a
 * zone id: each is reduced to the dotted IPv4 address, without leading zeros as entries are stored. Other IPv6 addresses come back in their one
 * canonical spelling (lower case, zeros compressed), so they can never match by accident of spelling.
 */
export function clientAddress(ip: string): string {
  let address = ip.trim();
  address = IPV4_WITH_PORT.exec(address)?.[1] ?? BRACKETED_IPV6.exec(address)?.[1] ?? address;
  address = address.replace(/%.*$/, '');
  if (!isIPv6(address)) return canonicalIpv4(address) ?? address;
  // The WHATWG URL parser canonicalises IPv6 (RFC 5952) and writes an embedded IPv4 part in hex.
  const canonical = new URL(`http://[${address}]`).hostname.slice(1, -1);
  const mapped = IPV4_MAPPED.exec(canonical);
  if (!mapped) return canonical;
  const [high, low] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** The merchant's allowlist; empty means every address may use the account. */
export const allowlistOf = (settings: SecuritySettings | null | undefined): string[] =>
  settings?.ip_whitelist ?? [];

/** Whether `ip` may use an account with this allowlist. */
export function isAddressAllowed(allowlist: readonly string[], ip: string): boolean {
  return allowlist.length === 0 || allowlist.includes(clientAddress(ip));
}

/** What a refused address is told: why, and what to do about it. */
export function addressRefusedMessage(ip: string): string {
  return (
    `Access from ${clientAddress(ip)} is blocked by this account's IP allowlist. ` +
    'Connect from an allowed network, or ask an account administrator to add this address.'
  );
}

/**
 * Why `ip` may not sign in to `userId`'s account (the message to show), or null when it may. A refusal
 * is recorded as a suspicious_activity event naming the step it stopped.
 */
export async function allowlistRefusal(
  db: Db,
  userId: string,
  ip: string,
  at: 'sign_in' | 'second_step',
): Promise<string | null> {
  const [merchant] = await db
    .select({ id: merchants.id, security: merchants.securitySettings })
    .from(merchants)
    .where(eq(merchants.userId, userId));
  if (isAddressAllowed(allowlistOf(merchant?.security), ip)) return null;
  await recordSecurityEvent(db, {
    type: 'suspicious_activity',
    name: 'ip_not_allowed',
    merchantId: merchant?.id ?? null,
    details: { at },
    ipAddress: ip,
  });
  return addressRefusedMessage(ip);
}

/**
 * Refuses to create a session (any sign-in: password, link, confirmation) from an address outside the
 * account's allowlist. Runs after the credentials were checked, so only someone who knows them learns
 * that an allowlist exists.
 */
export async function refuseSignInOutsideAllowlist(
  db: Db,
  session: { userId: string; ipAddress?: string | null },
): Promise<void> {
  const refused = await allowlistRefusal(db, session.userId, session.ipAddress ?? '', 'sign_in');
  if (refused) throw new APIError('FORBIDDEN', { code: 'IP_NOT_ALLOWED', message: refused });
}
