import { useMutation } from '@tanstack/react-query';
import { applicationBundle } from '#common/api/agent-application';
import type { AgentApplicationInput } from '#common/validation/agent-application';
import { apiRequest } from '#web/lib/api-client';

/** POST /api/agent-application/bundle: the application bundle, with the live agent documents embedded. */
export function generateApplicationBundle(application: AgentApplicationInput) {
  return apiRequest('/api/agent-application/bundle', { body: application, schema: applicationBundle });
}

export function useGenerateApplicationBundle() {
  return useMutation({ mutationFn: generateApplicationBundle });
}
