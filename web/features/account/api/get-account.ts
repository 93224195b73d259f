import { useQuery } from '@tanstack/react-query';
import { currentAccountOutput } from '#common/api/merchant';
import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/** GET /api/account: the signed-in user, their merchant (null before onboarding creates it) and roles. */
export function getAccount() {
  return apiRequest('/api/account', { schema: currentAccountOutput });
}

/** Keyed as the merchant resource, so every change to the merchant refreshes it. */
export function useAccount() {
  return useQuery({ queryKey: queryKeys.merchant, queryFn: getAccount });
}
