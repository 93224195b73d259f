import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { MAX_SESSION_HOURS } from '#common/domain/limits';
import { SESSION_TIMEOUT_MINUTES } from '#common/validation/security-settings';
import type { Db } from '../../db/client';
import { merchants, sessions, type SecuritySettings } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { addressRefusedMessage, allowlistOf, isAddressAllowed } from './ip-allowlist';

const MINUTE_MS = 60_000;
const MAX_SESSION_MS = MAX_SESSION_HOURS * 60 * MINUTE_MS;

/**
 * How stale the recorded last activity may get before a request writes it again. Writing on every
 * request would cost a write per dashboard call; the idle timeout is at least 5 minutes, so measuring
 * it to the minute is enough (a session may end up to a minute early, never late).
 */
const ACTIVITY_RESOLUTION_MS = MINUTE_MS;

/**
 * Requests the app makes on its own (polls) send this header: they are checked like any other, but do
 * not count as the person being active, or an open dashboard would never go idle.
 */
export const BACKGROUND_REQUEST_HEADER = 'x-agentcart-background';

export const SESSION_ENDED_MESSAGES = {
  idle: (minutes: number) =>
    `You were signed out after ${minutes} minutes without activity. Please sign in again.`,
  maximum: `Sessions last at most ${MAX_SESSION_HOURS} hours. Please sign in again.`,
  revoked: 'This session was signed out. Please sign in again.',
} as const;

export const sessionTimeoutOf = (settings: SecuritySettings | null | undefined): number =>
  settings?.session_timeout ?? SESSION_TIMEOUT_MINUTES.default;

export interface SessionRef {
  id: string;
  userId: string;
}

export type SessionVerdict =
  { ok: true } | { ok: false; code: 'session_expired' | 'ip_not_allowed'; message: string };

/**
 * The merchant's session rules, applied by the server on every signed-in request (better-auth knows
 * neither an idle timeout nor an allowlist): a session idle longer than the merchant's timeout, or
 * older than the 24-hour maximum, is deleted and refused; a session used from an address outside a
 * non-empty allowlist is refused (and kept: the person may be back on an allowed network next).
 * Time comes from the app's clock, so tests can move it.
 */
export function createSessionPolicy(deps: { db: Db; clock: Clock }) {
  async function check(session: SessionRef, request: FastifyRequest): Promise<SessionVerdict> {
    const [row] = await deps.db
      .select({
        createdAt: sessions.createdAt,
        lastActiveAt: sessions.lastActiveAt,
        security: merchants.securitySettings,
      })
      .from(sessions)
      .leftJoin(merchants, eq(merchants.userId, sessions.userId))
      .where(eq(sessions.id, session.id));
    if (!row) return { ok: false, code: 'session_expired', message: SESSION_ENDED_MESSAGES.revoked };

    const now = deps.clock.now().getTime();
    const lastActive = (row.lastActiveAt ?? row.createdAt).getTime();
    const timeout = sessionTimeoutOf(row.security);
    const ended =
      now - row.createdAt.getTime() > MAX_SESSION_MS
        ? SESSION_ENDED_MESSAGES.maximum
        : now - lastActive > timeout * MINUTE_MS
          ? SESSION_ENDED_MESSAGES.idle(timeout)
          : null;
    if (ended) {
      await deps.db.delete(sessions).where(eq(sessions.id, session.id));
      return { ok: false, code: 'session_expired', message: ended };
    }
    if (!isAddressAllowed(allowlistOf(row.security), request.ip)) {
      return { ok: false, code: 'ip_not_allowed', message: addressRefusedMessage(request.ip) };
    }
    const background = request.headers[BACKGROUND_REQUEST_HEADER] === '1';
    if (!background && now - lastActive >= ACTIVITY_RESOLUTION_MS) {
      await deps.db
        .update(sessions)
        .set({ lastActiveAt: new Date(now) })
        .where(eq(sessions.id, session.id));
    }
    return { ok: true };
  }

  return {
    check,
    /** check, throwing the refusal in the app's error shape (401 session_expired, 403 ip_not_allowed). */
    async enforce(session: SessionRef, request: FastifyRequest): Promise<void> {
      const verdict = await check(session, request);
      if (!verdict.ok) throw new AppError(verdict.code, verdict.message);
    },
  };
}

export type SessionPolicy = ReturnType<typeof createSessionPolicy>;
