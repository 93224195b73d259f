import { useMutation } from '@tanstack/react-query';
import { storeTestOutput } from '#common/api/connections';
import { apiRequest } from '#web/lib/api-client';

export interface StoreCredentials {
  platform: string;
  credentials: Record<string, string>;
}

/** POST /api/connections/stores/test: tests a platform connection, saving nothing. */
export function testStoreConnection(input: StoreCredentials) {
  return apiRequest('/api/connections/stores/test', { body: input, schema: storeTestOutput });
}

export function useTestStoreConnection() {
  return useMutation({ mutationFn: testStoreConnection });
}
