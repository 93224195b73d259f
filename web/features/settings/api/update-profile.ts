import { merchantView } from '#common/api/merchant';
import type { MerchantProfileInput } from '#common/validation/merchant-profile';
import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';
import { useInvalidatingMutation } from '#web/lib/use-invalidating-mutation';

/** PUT /api/merchant/profile: settings › general (creates the merchant when there is none). */
export function updateProfile(input: MerchantProfileInput) {
  return apiRequest('/api/merchant/profile', { method: 'PUT', body: input, schema: merchantView });
}

export const useUpdateProfile = () => useInvalidatingMutation(updateProfile, [queryKeys.merchant]);
