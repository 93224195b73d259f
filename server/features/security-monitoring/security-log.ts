import { sql } from 'drizzle-orm';
import type { SecurityLogEntry } from '#common/api/security';
import { maskEmail } from '#common/domain/privacy';
import type { Db } from '../../db/client';
import type { MerchantScope } from './checkout-access';
import { isoUtc, subjectHashOf } from './sql';

const SECRET_KEY = /password|secret|token|^api_?key$/i;
const EMAIL_KEY = /email/i;
const KEY_ID_KEY = /key_?id$/i;

/**
 * What a security event's details may show: secrets (passwords, tokens, API keys) blanked, e-mails
 * masked to their first 3 characters plus ***, key ids cut to 8 characters. Applied to every event on
 * the way out, whatever its recorder already did, so one careless recorder cannot leak through the log.
 */
export function maskSecurityDetails(details: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(details).flatMap(([key, value]): [string, unknown][] => {
      if (SECRET_KEY.test(key)) return [];
      if (typeof value === 'string' && EMAIL_KEY.test(key)) return [[key, maskEmail(value)]];
      if (typeof value === 'string' && KEY_ID_KEY.test(key)) return [[key, value.slice(0, 8)]];
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        return [[key, maskSecurityDetails(value as Record<string, unknown>)]];
      }
      return [[key, value]];
    }),
  );
}

/**
 * The security log, newest first: the merchant's own security events (invalid API keys, agent
 * signatures…) and the failed sign-ins to its user's account, which are recorded before anyone knows
 * the merchant and so are found by the account's e-mail hash. An admin's every-merchant view is all events.
 */
export async function securityLog(
  db: Db,
  scope: MerchantScope,
  opts: { limit: number },
): Promise<SecurityLogEntry[]> {
  const columns = sql`e.id, e.merchant_id, e.type, e.name, e.details, e.user_agent, e.created_at`;
  const query =
    'merchantId' in scope
      ? sql`
        (SELECT ${columns} FROM security_events e
          WHERE e.merchant_id = ${scope.merchantId} ORDER BY e.created_at DESC LIMIT ${opts.limit})
        UNION
        (SELECT ${columns} FROM security_events e
          WHERE e.subject_hash = (SELECT ${subjectHashOf(sql`u.email`)} FROM merchants m JOIN users u ON u.id = m.user_id
                                   WHERE m.id = ${scope.merchantId})
          ORDER BY e.created_at DESC LIMIT ${opts.limit})`
      : sql`SELECT ${columns} FROM security_events e ORDER BY e.created_at DESC LIMIT ${opts.limit}`;
  const result = await db.execute<{
    id: string;
    merchant_id: string | null;
    type: string;
    name: string | null;
    details: Record<string, unknown>;
    user_agent: string | null;
    created_at: string;
  }>(sql`SELECT id, merchant_id, type, name, details, user_agent, ${isoUtc(sql`created_at`)} AS created_at
           FROM (${query}) events ORDER BY events.created_at DESC LIMIT ${opts.limit}`);
  return result.rows.map((r) => ({ ...r, details: maskSecurityDetails(r.details ?? {}) }));
}
