import { useMutation } from '@tanstack/react-query';
import { uatCollection } from '#common/api/agent-application';
import { apiRequest } from '#web/lib/api-client';

/** GET /api/agent-application/uat-collection: the Postman collection that tests both agent APIs. */
export function getUatCollection() {
  return apiRequest('/api/agent-application/uat-collection', { schema: uatCollection });
}

/** A mutation, not a query: the file is fetched when the merchant asks for it, never cached. */
export function useDownloadUatCollection() {
  return useMutation({ mutationFn: getUatCollection });
}
