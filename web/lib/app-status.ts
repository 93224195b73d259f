import { useQuery } from '@tanstack/react-query';
import { statusResponse } from '#common/api/status';
import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/** GET /api/status: the health of the app, with the mode it runs in. */
export function getStatus() {
  return apiRequest('/api/status', { schema: statusResponse });
}

/**
 * Whether the app runs in sandbox mode, where sandbox-only controls (test tokens, paying an invoice
 * through the simulator) work; undefined while unknown, so those controls stay hidden until it is.
 */
export function useIsSandbox(): boolean | undefined {
  const status = useQuery({
    queryKey: queryKeys.status,
    queryFn: getStatus,
    // The mode is fixed when the server starts.
    staleTime: Infinity,
  });
  return status.data ? status.data.mode === 'sandbox' : undefined;
}
