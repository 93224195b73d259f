import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sellingStoreOutput } from '#common/api/connections';
import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/** POST /api/connections/stores/:integrationId/selling: agents sell from this store from now on. */
export function chooseSellingStore(integrationId: string) {
  return apiRequest(`/api/connections/stores/${encodeURIComponent(integrationId)}/selling`, {
    method: 'POST',
    schema: sellingStoreOutput,
  });
}

export function useChooseSellingStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseSellingStore,
    // The merchant's platform and store address follow the selling store.
    onSuccess: () =>
      Promise.all(
        [queryKeys.connections, queryKeys.merchant, queryKeys.readiness].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
