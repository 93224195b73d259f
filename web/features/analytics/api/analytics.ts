import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { analyticsReport, type AnalyticsWindow } from '#common/api/analytics';
import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/**
 * GET /api/analytics: the merchant's sales over the last `days` UTC days, with its own test orders only
 * when `includeTest` (ADR 043).
 */
export function getAnalytics(days: AnalyticsWindow, includeTest = false) {
  return apiRequest(`/api/analytics?days=${days}${includeTest ? '&include_test=true' : ''}`, {
    schema: analyticsReport,
  });
}

export function useAnalytics(days: AnalyticsWindow, includeTest = false) {
  return useQuery({
    queryKey: [...queryKeys.analytics, days, includeTest],
    queryFn: () => getAnalytics(days, includeTest),
    // The previous window's figures stay while the next loads, so the page does not collapse.
    placeholderData: keepPreviousData,
  });
}
