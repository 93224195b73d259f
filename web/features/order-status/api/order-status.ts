import { useQuery } from '@tanstack/react-query';
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
