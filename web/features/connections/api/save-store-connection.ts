import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeSaveOutput } from '#common/api/connections';
import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';
import type { StoreCredentials } from './test-store-connection';

/**
 * PUT /api/connections/stores/:platform: tests again, then saves the credentials encrypted. `selling`
 * makes it the store agents sell from (the first store always is).
 */
export function saveStoreConnection({
  platform,
  credentials,
  selling,
}: StoreCredentials & { selling?: boolean }) {
  return apiRequest(`/api/connections/stores/${platform}`, {
    method: 'PUT',
    body: { credentials, ...(selling === undefined ? {} : { selling }) },
    schema: storeSaveOutput,
  });
}

export function useSaveStoreConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStoreConnection,
    // The merchant's platform, store URL and onboarding state change with it.
    onSuccess: () =>
      Promise.all(
        [queryKeys.connections, queryKeys.merchant, queryKeys.readiness].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
