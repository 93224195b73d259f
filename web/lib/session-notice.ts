import { ApiRequestError } from './api-client';

/** The codes with which the server ends or refuses a session (idle, 24-hour maximum, IP allowlist). */
const SESSION_ENDED_CODES = new Set(['session_expired', 'ip_not_allowed']);
const KEY = 'agentcart-session-notice';

/**
 * Keeps the server's reason when it ends a session, for the sign-in page to show once. Returns whether
 * `err` was such an ending (the caller then treats the person as signed out).
 */
export function noteSessionEnded(err: unknown): boolean {
  if (!(err instanceof ApiRequestError) || !SESSION_ENDED_CODES.has(err.code)) return false;
  try {
    sessionStorage.setItem(KEY, err.message);
  } catch {
    // Storage refused (private mode): the person is still sent to sign in, without the reason.
  }
  return true;
}

/** The reason the last session ended, once: reading it forgets it. */
export function takeSessionNotice(): string | null {
  try {
    const notice = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return notice;
  } catch {
    return null;
  }
}
