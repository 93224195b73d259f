import { useQuery } from '@tanstack/react-query';
import { readinessReport } from '#common/api/readiness';
import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/** Agent readiness is rechecked every 60 s while the panel is open. */
export const READINESS_POLL_MS = 60_000;

/**
 * GET /api/readiness (spec acp-readiness): whether agents can buy from the merchant right now, and why
 * not. Each check carries a fresh `x-request-id`, which the server echoes and logs, so a report the
 * merchant quotes to support can be found.
 */
export function checkReadiness() {
  return apiRequest('/api/readiness', {
    // A poll is not the person being active: it must not hold the session open past its idle timeout.
    headers: { 'x-request-id': crypto.randomUUID(), 'x-agentcart-background': '1' },
    schema: readinessReport,
  });
}

/** Polled only for a merchant that exists: before onboarding creates one there is nothing to check. */
export function useReadiness({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.readiness,
    queryFn: checkReadiness,
    enabled,
    refetchInterval: READINESS_POLL_MS,
  });
}
