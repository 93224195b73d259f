import { and, desc, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import type { ActiveSession } from '#common/api/account-security';
import { MAX_SESSION_HOURS } from '#common/domain/limits';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/index';
import { describeUserAgent } from './describe-user-agent';

/**
 * The user's sessions that can still be used, newest activity first. Sessions the idle timeout or the
 * maximum age has ended are deleted first (their owner may never come back to end them by a request).
 */
export async function listActiveSessions(
  db: Db,
  user: { userId: string; currentSessionId: string },
  policy: { now: Date; timeoutMinutes: number },
): Promise<ActiveSession[]> {
  const now = policy.now.getTime();
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, user.userId),
        or(
          lt(
            sql`coalesce(${sessions.lastActiveAt}, ${sessions.createdAt})`,
            new Date(now - policy.timeoutMinutes * 60_000),
          ),
          lt(sessions.createdAt, new Date(now - MAX_SESSION_HOURS * 3_600_000)),
        ),
      ),
    );
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, user.userId), gt(sessions.expiresAt, policy.now)))
    .orderBy(desc(sql`coalesce(${sessions.lastActiveAt}, ${sessions.createdAt})`));
  return rows.map((row) => ({
    id: row.id,
    browser: describeUserAgent(row.userAgent),
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: (row.lastActiveAt ?? row.createdAt).toISOString(),
    current: row.id === user.currentSessionId,
  }));
}

/** Ends one of the user's sessions; false when the user has no such session. */
export async function revokeSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

/** Ends every session of the user but the current one; returns how many ended. */
export async function revokeOtherSessions(db: Db, userId: string, currentSessionId: string) {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)))
    .returning({ id: sessions.id });
  return deleted.length;
}
