import { merchantView, type OrderSettingsInput } from '#common/api/merchant';
import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';
import { useInvalidatingMutation } from '#web/lib/use-invalidating-mutation';

/** PUT /api/merchant/order-settings: Settings › Platform, what an order the store cancels gets (ADR 056). */
export function updateOrderSettings(input: OrderSettingsInput) {
  return apiRequest('/api/merchant/order-settings', { method: 'PUT', body: input, schema: merchantView });
}

export const useUpdateOrderSettings = () =>
  useInvalidatingMutation(updateOrderSettings, [queryKeys.merchant]);
