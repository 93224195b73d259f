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

/**
 * Names a store platform or payment provider as the server's registries do (ADR 011: the web app keeps
 * no list of its own), falling back to the id until the list has loaded.
 */
export function useIntegrationName(): (id: string) => string {
  const { data } = useConnections();
  return (id) =>
    data?.platforms.find((p) => p.id === id)?.name ??
    data?.paymentProviders.find((p) => p.id === id)?.name ??
    id;
}
