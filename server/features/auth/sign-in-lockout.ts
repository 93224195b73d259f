import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subjectHash } from '../security-events/record-security-event';

export const LOCKOUT_FAILURES = 5;
export const LOCKOUT_MINUTES = 15;
export const LOCKOUT_MESSAGE = `Too many failed sign-in attempts. Please try again in ${LOCKOUT_MINUTES} minutes.`;

/**
 * An account is locked after 5 failed sign-ins within 15 minutes, counting only failures since its last
 * successful sign-in. This complements the per-IP limit: it stops a slow, distributed password guess.
 */
export async function isSignInLocked(db: Db, email: string): Promise<boolean> {
  const result = await db.execute<{ failures: number }>(sql`
    SELECT count(*)::int AS failures
    FROM security_events e
    WHERE e.subject_hash = ${subjectHash(email)}
      AND e.type = 'auth_failure'
      AND e.name = 'signin_failed'
      AND e.created_at > now() - make_interval(mins => ${LOCKOUT_MINUTES})
      AND e.created_at > COALESCE(
        (SELECT max(s.created_at) FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE lower(u.email) = lower(${email.trim()})),
        '-infinity'::timestamptz)`);
  return (result.rows[0]?.failures ?? 0) >= LOCKOUT_FAILURES;
}
