import { useQuery } from '@tanstack/react-query';
import { getStatus } from '#web/lib/app-status';
import { queryKeys } from '#web/lib/query-keys';

/** The dashboard's system health is rechecked every 60 s while it is open. */
export const HEALTH_POLL_MS = 60_000;

/** GET /api/status, polled: shares its cache with the agent-testing page's sandbox check. */
export function useSystemHealth() {
  return useQuery({ queryKey: queryKeys.status, queryFn: getStatus, refetchInterval: HEALTH_POLL_MS });
}
