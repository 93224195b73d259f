import { useMutation } from '@tanstack/react-query';
import { accountStatusOutput } from '#common/api/connections';
import { apiRequest } from '#web/lib/api-client';

/** GET /api/connections/stripe/account-status: spec get-account-status, asked for on demand (Check Status). */
export function getAccountStatus() {
  return apiRequest('/api/connections/stripe/account-status', { schema: accountStatusOutput });
}

export const useCheckAccountStatus = () => useMutation({ mutationFn: getAccountStatus });
