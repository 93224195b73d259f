import { useQuery } from '@tanstack/react-query';
import { agentApplicationFacts } from '#common/api/agent-application';
import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/** GET /api/agent-application: what the application says about the merchant (shown on /agent/apply). */
export function getAgentApplication() {
  return apiRequest('/api/agent-application', { schema: agentApplicationFacts });
}

/** Inside the merchant family: a change to the merchant or its connections refreshes these facts too. */
export function useAgentApplication() {
  return useQuery({ queryKey: [...queryKeys.merchant, 'agent-application'], queryFn: getAgentApplication });
}
