import { useMutation } from '@tanstack/react-query';
import { acpFlowOutput, type AcpFlowInput } from '#common/api/agent-tests';
import { apiRequest } from '#web/lib/api-client';

/**
 * POST /api/agent-tests/acp-flow: the agent test. A real offer, checkout and confirm through the
 * merchant's store and providers; a Bitcoin test answers with its invoice, and `confirm_only` confirms
 * it. A failed step is an answer (`error` and `step`), not a thrown error.
 */
export function runAcpFlow(input: AcpFlowInput) {
  return apiRequest('/api/agent-tests/acp-flow', { body: input, schema: acpFlowOutput });
}

export function useRunAcpFlow() {
  return useMutation({ mutationFn: runAcpFlow });
}
