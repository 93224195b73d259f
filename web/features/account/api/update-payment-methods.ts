import { merchantView, type PaymentMethodsInput } from '#common/api/merchant';
import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';
import { useInvalidatingMutation } from '#web/lib/use-invalidating-mutation';

/**
 * PUT /api/merchant/payment-methods: the card and Bitcoin switches. Card on sets the card
 * provider to pending_setup (or back to the account connected before), off clears it; Bitcoin sets
 * btc_enabled. Answers the merchant as it now is.
 */
export function updatePaymentMethods(input: PaymentMethodsInput) {
  return apiRequest('/api/merchant/payment-methods', { method: 'PUT', body: input, schema: merchantView });
}

/** Afterwards the merchant is refetched and agent readiness rechecked. */
export function useUpdatePaymentMethods() {
  return useInvalidatingMutation(updatePaymentMethods, [queryKeys.merchant, queryKeys.readiness]);
}
