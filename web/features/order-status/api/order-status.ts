import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { orderStatusOutput } from '#common/api/order-status';
import { apiRequest, retryUnlessNotFound } from '#web/lib/api-client';

/** GET /api/order-status/:token: the buyer's order, as the order-status link may show it. */
export function useOrderStatus(token: string) {
  return useQuery({
    queryKey: ['order-status', token],
    queryFn: () =>
      apiRequest(`/api/order-status/${encodeURIComponent(token)}`, { schema: orderStatusOutput }),
    retry: retryUnlessNotFound,
  });
}

/**
 * POST /api/order-status/:token/refund-invoice: the buyer's Lightning invoice for their refund, paid by
 * the store's provider (ADR 053). The answer is the order as it then stands, so the page shows it at once.
 */
export function useSubmitRefundInvoice(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invoice: string) =>
      apiRequest(`/api/order-status/${encodeURIComponent(token)}/refund-invoice`, {
        method: 'POST',
        body: { invoice },
        schema: orderStatusOutput,
      }),
    onSuccess: (order) => queryClient.setQueryData(['order-status', token], order),
    onError: () => queryClient.invalidateQueries({ queryKey: ['order-status', token] }),
  });
}
