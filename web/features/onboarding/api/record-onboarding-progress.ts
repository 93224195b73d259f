import { merchantView, type OnboardingProgressInput } from '#common/api/merchant';
import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';
import { useInvalidatingMutation } from '#web/lib/use-invalidating-mutation';

/** POST /api/onboarding/progress: records a finished step once the server has checked it is true. */
export function recordOnboardingProgress(step: OnboardingProgressInput['step']) {
  return apiRequest('/api/onboarding/progress', { body: { step }, schema: merchantView });
}

export const useRecordOnboardingProgress = () =>
  useInvalidatingMutation(recordOnboardingProgress, [queryKeys.merchant]);
