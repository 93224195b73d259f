import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  cancelOrderOutput,
  type CancelOrderInput,
  type StoreCancellationDecisionInput,
} from '#common/api/orders';
import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/** A cancellation changes the order, its payment's refunds, the analytics and the dashboard's lists. */
function useRefreshAfterCancel() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.payments }),
      queryClient.invalidateQueries({ queryKey: queryKeys.analytics }),
      queryClient.invalidateQueries({ queryKey: ['orders'] }),
    ]);
}

/**
 * POST /api/orders/:id/cancel with the submission's Idempotency-Key (ADR 056): a second send of one
 * submission is answered with the first cancellation; the order is cancelled and refunded once anyway.
 */
export function useCancelOrder(orderId: string) {
  const refresh = useRefreshAfterCancel();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CancelOrderInput; idempotencyKey: string }) =>
      apiRequest(`/api/orders/${encodeURIComponent(orderId)}/cancel`, {
        method: 'POST',
        body,
        headers: { 'idempotency-key': idempotencyKey },
        schema: cancelOrderOutput,
      }),
    // Not awaited: react-query calls the submitter's own callbacks (its toast, closing the dialog) only
    // after this settles, and the refreshed list no longer offers the cancelled order's dialog, which
    // then unmounts with its callbacks untold (the merchant never heard the order was cancelled).
    onSettled: () => void refresh(),
  });
}

/** POST /api/orders/:id/store-cancellation: the merchant's decision on an order the store cancelled. */
export function useDecideStoreCancellation(orderId: string) {
  const refresh = useRefreshAfterCancel();
  return useMutation({
    mutationFn: (body: StoreCancellationDecisionInput) =>
      apiRequest(`/api/orders/${encodeURIComponent(orderId)}/store-cancellation`, {
        method: 'POST',
        body,
        schema: cancelOrderOutput,
      }),
    onSettled: () => void refresh(),
  });
}
