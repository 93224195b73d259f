import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  phoneCodeSentOutput,
  phoneFactorAddedOutput,
  twoFactorSetupOutput,
  twoFactorStatusOutput,
} from '#common/api/auth';
import type { FactorChangeInput } from '#common/validation/auth';
import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/** GET /api/account/two-factor: whether two-factor sign-in is on, and with which factors. */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: queryKeys.twoFactor,
    queryFn: () => apiRequest('/api/account/two-factor', { schema: twoFactorStatusOutput }),
  });
}

/** Every change here rotates the session cookie and changes the status: both are re-read. */
function useTwoFactorMutation<I, O>(request: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor }),
  });
}

/** Step one of enrolment: a new secret (inside the otpauth URI) and ten recovery codes. */
export const useStartTwoFactorSetup = () =>
  useTwoFactorMutation((input: { password: string }) =>
    apiRequest('/api/auth/two-factor/enable', { body: input, schema: twoFactorSetupOutput }),
  );

/** Step two: the first code from the app turns two-factor sign-in on. */
export const useConfirmTwoFactorSetup = () =>
  useTwoFactorMutation((input: { code: string }) =>
    apiRequest<unknown>('/api/auth/two-factor/verify-totp', { body: input }),
  );

/** Turns two-factor off, confirmed with the password and a fresh second factor. */
export const useTurnOffTwoFactor = () =>
  useTwoFactorMutation((input: FactorChangeInput) =>
    apiRequest<unknown>('/api/auth/two-factor/disable', { body: input }),
  );

/** Ten new recovery codes, confirmed with the password and a fresh second factor. */
export const useNewRecoveryCodes = () =>
  useTwoFactorMutation((input: FactorChangeInput) =>
    apiRequest<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes', { body: input }),
  );

/**
 * Adds a mobile number (unverified until a code texted to it comes back), confirmed with the password
 * and a code from the app or a recovery code.
 */
export const useAddPhoneNumber = () =>
  useTwoFactorMutation((input: FactorChangeInput & { phoneNumber: string }) =>
    apiRequest('/api/account/two-factor/phone', { body: input, schema: phoneFactorAddedOutput }),
  );

/** Texts a code: to the number being verified, or to the verified number to confirm a change. */
export const useSendPhoneCode = () =>
  useMutation({
    mutationFn: () => apiRequest('/api/auth/two-factor/send-otp', { body: {}, schema: phoneCodeSentOutput }),
  });

/** The code from the text verifies the number. */
export const useVerifyPhoneNumber = () =>
  useTwoFactorMutation((input: { code: string }) =>
    apiRequest<unknown>('/api/auth/two-factor/verify-otp', { body: input }),
  );

/** Removes the number, confirmed with the password and a fresh second factor. */
export const useRemovePhoneNumber = () =>
  useTwoFactorMutation((input: FactorChangeInput) =>
    apiRequest<unknown>('/api/account/two-factor/phone/remove', { body: input }),
  );
