import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listPaymentsOutput, type ListPaymentsQuery, type PaymentsFilter } from '#common/api/payments';
import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/** The filters as query parameters, leaving out the defaults (all methods, all statuses, no dates). */
function filterParams(filter: PaymentsFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value && value !== 'all') params.set(key, String(value));
  }
  return params;
}

/** GET /api/payments: one page of the merchant's payments, newest first, and the next page's cursor. */
export function listPayments(query: ListPaymentsQuery) {
  const params = filterParams(query);
  return apiRequest(`/api/payments?${params}`, { schema: listPaymentsOutput });
}

export function usePaymentsPage(query: ListPaymentsQuery) {
  return useQuery({
    queryKey: [...queryKeys.payments, query],
    queryFn: () => listPayments(query),
    // The current rows stay on screen while the next page loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}

/** Where the browser downloads the filtered payments as CSV (the server streams every page). */
export function paymentsExportUrl(filter: PaymentsFilter): string {
  const params = filterParams(filter).toString();
  return `/api/payments/export.csv${params ? `?${params}` : ''}`;
}
