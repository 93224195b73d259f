import { useQuery } from '@tanstack/react-query';
import { connectionsOutput } from '#common/api/connections';
import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/** GET /api/connections: the merchant's store and payment connections, and every platform's form fields. */
export function listConnections() {
  return apiRequest('/api/connections', { schema: connectionsOutput });
}

export function useConnections() {
  return useQuery({ queryKey: queryKeys.connections, queryFn: listConnections });
}
