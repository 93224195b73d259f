import { sql, type SQL } from 'drizzle-orm';
import type { MerchantScope } from './checkout-access';

/** A timestamptz as the API's ISO text (UTC, milliseconds), whichever driver reads it. */
export const isoUtc = (value: SQL) =>
  sql<string>`to_char((${value}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `AND <column> = merchant` for one merchant's scope; nothing for an admin's every-merchant view. */
export const andMerchant = (column: SQL, scope: MerchantScope) =>
  'merchantId' in scope ? sql` AND ${column} = ${scope.merchantId}` : sql``;

/** The security_events subject hash of a user's e-mail (SHA-256 of it trimmed and lower-cased). */
export const subjectHashOf = (email: SQL) =>
  sql`encode(sha256(convert_to(lower(trim(${email})), 'UTF8')), 'hex')`;
