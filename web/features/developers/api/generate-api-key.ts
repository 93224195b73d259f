import { issuedApiKeyOutput } from '#common/api/developers';
import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';
import { useInvalidatingMutation } from '#web/lib/use-invalidating-mutation';

/** POST /api/developers/api-key: spec generate-api-key. Issues a key (replacing any), shown this once. */
export function generateApiKey() {
  return apiRequest('/api/developers/api-key', { body: {}, schema: issuedApiKeyOutput });
}

export const useGenerateApiKey = () =>
  useInvalidatingMutation(generateApiKey, [queryKeys.apiKey, queryKeys.readiness]);
