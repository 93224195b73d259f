import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subjectHash } from '../security-events';

/** Failures older than this no longer count. */
export const FAILURE_WINDOW_MINUTES = 15;
const MAX_DELAY_SECONDS = FAILURE_WINDOW_MINUTES * 60;

/**
 * Who is slowed down, and from how many failures. The delay after the threshold doubles with every
 * further failure, up to 15 minutes.
 * - account_address: one address guessing one account's password. Slowed early; it is the common attack
 *   and the owner (at another address) is not affected.
 * - address: one address trying many accounts (credential stuffing).
 * - account: many addresses on one account (a distributed guess). The owner is exempt at an address they
 *   have signed in from before, and can always ask for a sign-in link by e-mail, so this cannot lock the
 *   owner out either.
 */
const SCOPES = {
  account_address: { threshold: 5, baseSeconds: 30 },
  address: { threshold: 20, baseSeconds: 30 },
  account: { threshold: 10, baseSeconds: 60 },
} as const;

export type ThrottleScope = keyof typeof SCOPES;

export type SignInThrottle =
  | { throttled: false }
  | { throttled: true; scope: ThrottleScope; retryAfterSeconds: number; failures: number };

/** How long after its latest failure a scope with `failures` failures stays closed, in seconds. */
export function delayAfter(scope: ThrottleScope, failures: number): number {
  const { threshold, baseSeconds } = SCOPES[scope];
  if (failures < threshold) return 0;
  return Math.min(baseSeconds * 2 ** (failures - threshold), MAX_DELAY_SECONDS);
}

export function throttledMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or use "Email me a sign-in link".`;
}

/**
 * Decides whether a sign-in for `email` from `ip` must wait, from the failures recorded as auth_failure
 * security events (so every failed attempt, whichever path it came through, counts). A wrong second-step
 * code counts as a wrong password does: six digits are far easier to guess than a password. Account failures
 * count only since the account's latest successful sign-in.
 */
export async function checkSignInThrottle(db: Db, email: string, ip: string): Promise<SignInThrottle> {
  const subject = subjectHash(email);
  const result = await db.execute<{
    pair_n: number;
    pair_age: number | null;
    ip_n: number;
    ip_age: number | null;
    acct_n: number;
    acct_age: number | null;
    known_address: boolean;
  }>(sql`
    WITH owner AS (
      SELECT u.id FROM users u WHERE lower(u.email) = lower(${email.trim()})
    ), last_success AS (
      SELECT COALESCE(max(s.created_at), '-infinity'::timestamptz) AS at
      FROM sessions s WHERE s.user_id IN (SELECT id FROM owner)
    ), failures AS (
      SELECT e.created_at, e.ip_address, e.subject_hash,
        e.subject_hash = ${subject} AND e.created_at > (SELECT at FROM last_success) AS on_account
      FROM security_events e
      WHERE e.type = 'auth_failure' AND e.name IN ('signin_failed', 'second_step_failed')
        AND e.created_at > now() - make_interval(mins => ${FAILURE_WINDOW_MINUTES})
        AND (e.subject_hash = ${subject} OR e.ip_address = ${ip})
    )
    SELECT
      count(*) FILTER (WHERE on_account AND ip_address = ${ip})::int AS pair_n,
      extract(epoch FROM now() - max(created_at) FILTER (WHERE on_account AND ip_address = ${ip}))::float AS pair_age,
      count(*) FILTER (WHERE ip_address = ${ip})::int AS ip_n,
      extract(epoch FROM now() - max(created_at) FILTER (WHERE ip_address = ${ip}))::float AS ip_age,
      count(*) FILTER (WHERE on_account)::int AS acct_n,
      extract(epoch FROM now() - max(created_at) FILTER (WHERE on_account))::float AS acct_age,
      EXISTS (SELECT 1 FROM sessions s WHERE s.user_id IN (SELECT id FROM owner) AND s.ip_address = ${ip})
        AS known_address
    FROM failures`);
  const row = result.rows[0];
  if (!row) return { throttled: false };

  const candidates: Array<{ scope: ThrottleScope; failures: number; age: number | null }> = [
    { scope: 'account_address', failures: row.pair_n, age: row.pair_age },
    { scope: 'address', failures: row.ip_n, age: row.ip_age },
    ...(row.known_address ? [] : [{ scope: 'account' as const, failures: row.acct_n, age: row.acct_age }]),
  ];
  let worst: SignInThrottle = { throttled: false };
  for (const { scope, failures, age } of candidates) {
    const wait = Math.ceil(delayAfter(scope, failures) - (age ?? Infinity));
    if (wait > 0 && (!worst.throttled || wait > worst.retryAfterSeconds)) {
      worst = { throttled: true, scope, retryAfterSeconds: wait, failures };
    }
  }
  return worst;
}
