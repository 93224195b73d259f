import { useQuery } from '@tanstack/react-query';
import {
  activeSessionsOutput,
  revokedSessionsOutput,
  securitySettingsView,
} from '#common/api/account-security';
import type { SecuritySettingsInput } from '#common/validation/security-settings';
import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';
import { useInvalidatingMutation } from '#web/lib/use-invalidating-mutation';

/** GET /api/account/security: idle timeout, allowlist (and whether the plan allows it), admin or not. */
export function useSecuritySettings() {
  return useQuery({
    queryKey: queryKeys.securitySettings,
    queryFn: () => apiRequest('/api/account/security', { schema: securitySettingsView }),
  });
}

export const useUpdateSecuritySettings = () =>
  useInvalidatingMutation(
    (input: SecuritySettingsInput) =>
      apiRequest('/api/account/security', { method: 'PUT', body: input, schema: securitySettingsView }),
    [queryKeys.securitySettings, queryKeys.sessions],
  );

/** GET /api/account/sessions: every session that can still be used, this one marked. */
export function useActiveSessions() {
  return useQuery({
    queryKey: queryKeys.sessions,
    queryFn: () => apiRequest('/api/account/sessions', { schema: activeSessionsOutput }),
  });
}

export const useRevokeSession = () =>
  useInvalidatingMutation(
    (id: string) => apiRequest<null>(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    [queryKeys.sessions],
  );

export const useRevokeOtherSessions = () =>
  useInvalidatingMutation(
    () => apiRequest('/api/account/sessions/revoke-others', { body: {}, schema: revokedSessionsOutput }),
    [queryKeys.sessions],
  );
