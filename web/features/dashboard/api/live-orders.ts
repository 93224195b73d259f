import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  listOrdersOutput,
  ORDER_STREAM_EVENT,
  orderStreamEvent,
  type ListOrdersOutput,
  type OrderStreamEvent,
} from '#common/api/orders';
import { apiRequest } from '#web/lib/api-client';
import { subscribeLiveStream } from '#web/lib/live-stream';
import { queryKeys } from '#web/lib/query-keys';

/** GET /api/orders: the merchant's latest orders, newest first, and the month's count. */
export function listOrders(limit: number) {
  return apiRequest(`/api/orders?limit=${limit}`, { schema: listOrdersOutput });
}

/**
 * Applies one change from the stream to a loaded list: a new order goes to the front (the list keeps
 * its length, and the month's count grows), an updated one replaces its entry where it stands.
 */
export function applyOrderChange(
  list: ListOrdersOutput,
  change: OrderStreamEvent,
  limit: number,
): ListOrdersOutput {
  const known = list.orders.some((o) => o.id === change.order.id);
  if (known) {
    return { ...list, orders: list.orders.map((o) => (o.id === change.order.id ? change.order : o)) };
  }
  // An update for an order outside the list (older than the shown few) changes nothing shown.
  if (change.type === 'UPDATE') return list;
  return { orders: [change.order, ...list.orders].slice(0, limit), month_count: list.month_count + 1 };
}

/**
 * The merchant's latest `limit` orders, kept live by the server-sent order stream: changes are applied
 * to the cached list as they arrive, so a new order shows without a reload. When the stream drops the
 * browser reconnects by itself.
 */
export function useLiveOrders(limit: number) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.orders(limit), queryFn: () => listOrders(limit) });
  useEffect(() => subscribeToOrders(queryClient, limit), [queryClient, limit]);
  return query;
}

function subscribeToOrders(queryClient: QueryClient, limit: number): () => void {
  return subscribeLiveStream({
    event: ORDER_STREAM_EVENT,
    // The list may have been read before the subscription was live (or while it was down): reading it
    // again each time the stream opens means no order falls between the two.
    onOpen: () => void queryClient.invalidateQueries({ queryKey: queryKeys.orders(limit) }),
    onMessage(data) {
      const change = orderStreamEvent.safeParse(data);
      if (!change.success) return;
      queryClient.setQueryData<ListOrdersOutput>(queryKeys.orders(limit), (list) =>
        list ? applyOrderChange(list, change.data, limit) : list,
      );
    },
  });
}
