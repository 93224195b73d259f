import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createRefundOutput, paymentRefundsOutput, type CreateRefundInput } from '#common/api/refunds';
import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

const refundsKey = (paymentId: string) => [...queryKeys.payments, 'refunds', paymentId] as const;

/** GET /api/payments/:id/refunds: the payment's refunds, what is left to refund and its lines. */
export function usePaymentRefunds(paymentId: string, enabled: boolean) {
  return useQuery({
    queryKey: refundsKey(paymentId),
    queryFn: () =>
      apiRequest(`/api/payments/${encodeURIComponent(paymentId)}/refunds`, { schema: paymentRefundsOutput }),
    enabled,
    // The remainder must be the server's latest each time the dialog opens.
    staleTime: 0,
  });
}

/**
 * POST /api/payments/:id/refunds with the submission's Idempotency-Key: a second send of one submission
 * (a double click, a retry after a lost answer) is answered with the first refund, never a second one.
 * A refund changes the payments list, the analytics and the dashboard's figures, so all are refreshed.
 */
export function useCreateRefund(paymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateRefundInput; idempotencyKey: string }) =>
      apiRequest(`/api/payments/${encodeURIComponent(paymentId)}/refunds`, {
        method: 'POST',
        body,
        headers: { 'idempotency-key': idempotencyKey },
        schema: createRefundOutput,
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.payments }),
        queryClient.invalidateQueries({ queryKey: queryKeys.analytics }),
      ]),
  });
}
