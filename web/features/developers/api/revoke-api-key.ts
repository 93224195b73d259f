import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';
import { useInvalidatingMutation } from '#web/lib/use-invalidating-mutation';

/** DELETE /api/developers/api-key: the key stops working at once; agents need a new one. */
export const useRevokeApiKey = () =>
  useInvalidatingMutation(
    () => apiRequest<null>('/api/developers/api-key', { method: 'DELETE' }),
    [queryKeys.apiKey, queryKeys.readiness],
  );
