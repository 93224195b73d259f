import { useMutation, useQueryClient } from '@tanstack/react-query';
import { merchantView, type PaymentMethodsInput } from '#common/api/merchant';
import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/**
 * PUT /api/merchant/payment-methods: the card and Bitcoin switches (spec §4). Card on sets the card
 * provider to pending_setup (or back to the account connected before), off clears it; Bitcoin sets
 * btc_enabled. Answers the merchant as it now is.
 */
export function updatePaymentMethods(input: PaymentMethodsInput) {
  return apiRequest('/api/merchant/payment-methods', { method: 'PUT', body: input, schema: merchantView });
}

export function useUpdatePaymentMethods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentMethods,
    // Spec §4: afterwards the merchant is refetched and agent readiness rechecked.
    onSuccess: () =>
      Promise.all(
        [queryKeys.merchant, queryKeys.readiness].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
