import type { PhoneCodeSentOutput, SecondStepMethod, SecondStepOutput } from '#common/api/auth';
import type { SignInInput } from '#common/validation/auth';
import type { LogSecurityEventInput } from '#common/api/security-events';
import { apiRequest } from '#web/lib/api-client';
import { noteSessionEnded } from '#web/lib/session-notice';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

interface SessionResponse {
  user: SessionUser;
  session: { expiresAt: string };
}

/** The current session, or null when signed out (the endpoint answers 200 either way). */
export async function fetchSession(): Promise<SessionUser | null> {
  let data: SessionResponse | null;
  try {
    data = await apiRequest<SessionResponse | null>('/api/auth/get-session');
  } catch (err) {
    // The server ended the session (idle, 24 hours) or refuses this address: signed out, with a reason.
    if (noteSessionEnded(err)) return null;
    throw err;
  }
  return data?.user ? { id: data.user.id, email: data.user.email, name: data.user.name } : null;
}

/** A right password either signs in, or (two-factor on) opens the second step. */
export function signInRequest(input: SignInInput) {
  return apiRequest<{ user: SessionUser } | SecondStepOutput>('/api/auth/sign-in/email', { body: input });
}

/** The second step's code: from the authenticator app, one of the recovery codes, or by SMS. */
export type SecondStepCode = SecondStepMethod | 'recovery';

const SECOND_STEP_PATHS: Record<SecondStepCode, string> = {
  totp: '/api/auth/two-factor/verify-totp',
  recovery: '/api/auth/two-factor/verify-backup-code',
  phone: '/api/auth/two-factor/verify-otp',
};

export function secondStepRequest(kind: SecondStepCode, code: string) {
  return apiRequest<{ user: SessionUser }>(SECOND_STEP_PATHS[kind], { body: { code } });
}

/** "Text me a code": a code by SMS to the account's verified number, for the pending sign-in. */
export function sendSignInCodeRequest() {
  return apiRequest<PhoneCodeSentOutput>('/api/auth/two-factor/send-otp', { body: {} });
}

export function signOutRequest() {
  return apiRequest<{ success: boolean }>('/api/auth/sign-out', { body: {} });
}

/** Logs a security event, fire and forget; a failure to log never bothers the person. */
export function logSecurityEvent(event: LogSecurityEventInput): void {
  apiRequest('/api/security-events', { body: event }).catch(() => undefined);
}
