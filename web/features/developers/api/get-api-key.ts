import { useQuery } from '@tanstack/react-query';
import { apiKeyOutput } from '#common/api/developers';
import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/** GET /api/developers/api-key: the agent API key's display form and creation time, or null. */
export function getApiKey() {
  return apiRequest('/api/developers/api-key', { schema: apiKeyOutput });
}

export function useApiKey() {
  return useQuery({ queryKey: queryKeys.apiKey, queryFn: getApiKey });
}
