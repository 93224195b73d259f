import { connectionCheckOutput } from '#common/api/connections';
import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';
import { useInvalidatingMutation } from '#web/lib/use-invalidating-mutation';

/**
 * POST /api/connections/stores/:integrationId/check (spec test-platform-connection): calls the store
 * with the saved credentials. `success: false` carries the store's error; the check's outcome is saved
 * on the connection, so the list is reloaded.
 */
export function checkStoreConnection(integrationId: string) {
  return apiRequest(`/api/connections/stores/${encodeURIComponent(integrationId)}/check`, {
    method: 'POST',
    schema: connectionCheckOutput,
  });
}

export function useCheckStoreConnection() {
  return useInvalidatingMutation(checkStoreConnection, [queryKeys.connections]);
}
