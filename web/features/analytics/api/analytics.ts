import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { analyticsReport, type AnalyticsWindow } from '#common/api/analytics';
import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/** GET /api/analytics: the merchant's sales over the last `days` UTC days. */
export function getAnalytics(days: AnalyticsWindow) {
  return apiRequest(`/api/analytics?days=${days}`, { schema: analyticsReport });
}

export function useAnalytics(days: AnalyticsWindow) {
  return useQuery({
    queryKey: [...queryKeys.analytics, days],
    queryFn: () => getAnalytics(days),
    // The previous window's figures stay while the next loads, so the page does not collapse.
    placeholderData: keepPreviousData,
  });
}
