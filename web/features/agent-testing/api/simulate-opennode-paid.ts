import { useMutation } from '@tanstack/react-query';
import { simulateOpennodePaidOutput } from '#common/api/agent-tests';
import { apiRequest } from '#web/lib/api-client';

/**
 * POST /api/agent-tests/simulate-opennode-paid, sandbox only: the OpenNode simulator marks the
 * test checkout's invoice paid, as a buyer's wallet would; the next confirm then accepts the order.
 */
export function simulateOpennodePaid(input: { checkout_id: string; invoice_id: string }) {
  return apiRequest('/api/agent-tests/simulate-opennode-paid', {
    body: input,
    schema: simulateOpennodePaidOutput,
  });
}

export function useSimulateOpennodePaid() {
  return useMutation({ mutationFn: simulateOpennodePaid });
}
