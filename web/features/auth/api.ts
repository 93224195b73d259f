import type { SignInInput } from '#common/validation/auth';
import type { LogSecurityEventInput } from '#common/api/security-events';
import { apiRequest } from '#web/lib/api-client';

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
  const data = await apiRequest<SessionResponse | null>('/api/auth/get-session');
  return data?.user ? { id: data.user.id, email: data.user.email, name: data.user.name } : null;
}

export function signInRequest(input: SignInInput) {
  return apiRequest<{ user: SessionUser }>('/api/auth/sign-in/email', { body: input });
}

export function signOutRequest() {
  return apiRequest<{ success: boolean }>('/api/auth/sign-out', { body: {} });
}

/** Logs a security event, fire and forget; a failure to log never bothers the person. */
export function logSecurityEvent(event: LogSecurityEventInput): void {
  apiRequest('/api/security-events', { body: event }).catch(() => undefined);
}
