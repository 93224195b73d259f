import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  feedDeliveriesOutput,
  feedPreviewOutput,
  feedProductOutput,
  feedPushSettingsOutput,
  pushFeedOutput,
  type FeedStatus,
  type UpdateFeedPushSettingsInput,
} from '#common/api/feed';
import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';
import { useInvalidatingMutation } from '#web/lib/use-invalidating-mutation';

export interface FeedQuery {
  status?: FeedStatus;
  q?: string;
  page: number;
}

/** GET /api/feed: counts per status and one page of products, filtered and searched. */
export function useFeedPreview(query: FeedQuery) {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.q) params.set('q', query.q);
  if (query.page > 1) params.set('page', String(query.page));
  return useQuery({
    queryKey: [...queryKeys.feed, 'preview', query],
    queryFn: () => apiRequest(`/api/feed?${params}`, { schema: feedPreviewOutput }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/feed/rebuild: reads the store again now. */
export const useRebuildFeed = () =>
  useInvalidatingMutation(
    () => apiRequest('/api/feed/rebuild', { method: 'POST', body: {}, schema: feedPreviewOutput }),
    [queryKeys.feed],
  );

/** GET /api/feed/products/:id: one product's checks and the exact record an agent receives. */
export function useFeedProduct(productId: string | null) {
  return useQuery({
    queryKey: [...queryKeys.feed, 'product', productId],
    queryFn: () =>
      apiRequest(`/api/feed/products/${encodeURIComponent(productId!)}`, { schema: feedProductOutput }),
    enabled: productId !== null,
  });
}

export const useFeedPushSettings = () =>
  useQuery({
    queryKey: [...queryKeys.feedPush, 'settings'],
    queryFn: () => apiRequest('/api/feed/push/settings', { schema: feedPushSettingsOutput }),
  });

export const useSaveFeedPushSettings = () =>
  useInvalidatingMutation(
    (input: UpdateFeedPushSettingsInput) =>
      apiRequest('/api/feed/push/settings', { method: 'PUT', body: input, schema: feedPushSettingsOutput }),
    [queryKeys.feedPush],
  );

/** The delivery log; polled while a push is still being sent, so its result appears by itself. */
export const useFeedDeliveries = () =>
  useQuery({
    queryKey: [...queryKeys.feedPush, 'deliveries'],
    queryFn: () => apiRequest('/api/feed/push/deliveries', { schema: feedDeliveriesOutput }),
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === 'pending') ? 2000 : false,
  });

export const usePushFeed = () =>
  useInvalidatingMutation(
    () => apiRequest('/api/feed/push', { method: 'POST', body: {}, schema: pushFeedOutput }),
    [queryKeys.feedPush],
  );

/** Where the browser downloads the feed files for an agent's file upload. */
export const feedExportUrls = (country?: string) => ({
  metadata: `/api/feed/export/metadata.json${country ? `?country=${encodeURIComponent(country)}` : ''}`,
  products: '/api/feed/export/products.jsonl',
});
