import { useQuery } from '@tanstack/react-query';
import {
  checkoutAccessOutput,
  monitoredMerchantsOutput,
  SECURITY_REFRESH_MS,
  securityLogOutput,
  securityMetricsOutput,
  threatPatternsOutput,
} from '#common/api/security';
import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/**
 * Whose monitoring to show: undefined for the signed-in merchant's own; for an admin, a merchant id or
 * `all` (the server refuses both to anyone else).
 */
export type MonitoredMerchant = string | undefined;

const withScope = (path: string, merchant: MonitoredMerchant, extra: Record<string, string> = {}) => {
  const query = new URLSearchParams({ ...extra, ...(merchant ? { merchant } : {}) }).toString();
  return query ? `${path}?${query}` : path;
};

/** The event log shows the latest 10 reads of checkout data. */
export const ACCESS_LOG_SIZE = 10;

/** GET /api/security/checkout-access, every 30 s: the latest reads and the rapid-access flag. */
export function useCheckoutAccessLog(merchant: MonitoredMerchant) {
  return useQuery({
    queryKey: queryKeys.security('checkout-access', merchant),
    queryFn: () =>
      apiRequest(withScope('/api/security/checkout-access', merchant, { limit: String(ACCESS_LOG_SIZE) }), {
        schema: checkoutAccessOutput,
      }),
    refetchInterval: SECURITY_REFRESH_MS.accessLog,
  });
}

/** GET /api/security/threats, every 60 s. */
export function useThreatPatterns(merchant: MonitoredMerchant) {
  return useQuery({
    queryKey: queryKeys.security('threats', merchant),
    queryFn: () => apiRequest(withScope('/api/security/threats', merchant), { schema: threatPatternsOutput }),
    refetchInterval: SECURITY_REFRESH_MS.threats,
  });
}

/** GET /api/security/metrics (the last 24 hours, per hour), every 60 s. */
export function useSecurityMetrics(merchant: MonitoredMerchant) {
  return useQuery({
    queryKey: queryKeys.security('metrics', merchant),
    queryFn: () =>
      apiRequest(withScope('/api/security/metrics', merchant), { schema: securityMetricsOutput }),
    refetchInterval: SECURITY_REFRESH_MS.metrics,
  });
}

/** The security log shows the latest 5 events on the dashboard. */
export const SECURITY_LOG_SIZE = 5;

/** GET /api/security/log, every 60 s, refreshed with the rest of the monitoring. */
export function useSecurityLog(merchant: MonitoredMerchant) {
  return useQuery({
    queryKey: queryKeys.security('log', merchant),
    queryFn: () =>
      apiRequest(withScope('/api/security/log', merchant, { limit: String(SECURITY_LOG_SIZE) }), {
        schema: securityLogOutput,
      }),
    refetchInterval: SECURITY_REFRESH_MS.metrics,
  });
}

/** GET /api/security/merchants: every merchant, for an admin's picker. */
export function useMonitoredMerchants({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.security('merchants', undefined),
    queryFn: () => apiRequest('/api/security/merchants', { schema: monitoredMerchantsOutput }),
    enabled,
  });
}
