import { useMutation } from '@tanstack/react-query';
import { simulateInvoicePaidOutput } from '#common/api/agent-tests';
import { apiRequest } from '#web/lib/api-client';

/**
 * POST /api/agent-tests/simulate-opennode-paid (its name kept from when OpenNode was the only provider),
 * sandbox only: the simulator of the provider that issued the test checkout's invoice marks it paid, as a
 * buyer's wallet would; the next confirm then accepts the order.
 */
export function simulateInvoicePaid(input: { checkout_id: string; invoice_id: string }) {
  return apiRequest('/api/agent-tests/simulate-opennode-paid', {
    body: input,
    schema: simulateInvoicePaidOutput,
  });
}

export function useSimulateInvoicePaid() {
  return useMutation({ mutationFn: simulateInvoicePaid });
}
