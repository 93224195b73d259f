import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  phoneCodeSentOutput,
  phoneFactorAddedOutput,
  twoFactorSetupOutput,
  twoFactorStatusOutput,
} from '#common/api/auth';
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

export const useTurnOffTwoFactor = () =>
  useTwoFactorMutation((input: { password: string; code: string }) =>
    apiRequest<unknown>('/api/auth/two-factor/disable', { body: input }),
  );

export const useNewRecoveryCodes = () =>
  useTwoFactorMutation((input: { password: string }) =>
    apiRequest<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes', { body: input }),
  );

/** Adds a mobile number (unverified until a code texted to it comes back), after the password. */
export const useAddPhoneNumber = () =>
  useTwoFactorMutation((input: { phoneNumber: string; password: string }) =>
    apiRequest('/api/account/two-factor/phone', { body: input, schema: phoneFactorAddedOutput }),
  );

/** Texts a code to the number being verified. */
export const useSendPhoneCode = () =>
  useMutation({
    mutationFn: () => apiRequest('/api/auth/two-factor/send-otp', { body: {}, schema: phoneCodeSentOutput }),
  });

/** The code from the text verifies the number. */
export const useVerifyPhoneNumber = () =>
  useTwoFactorMutation((input: { code: string }) =>
    apiRequest<unknown>('/api/auth/two-factor/verify-otp', { body: input }),
  );

/** Removes the number, confirmed with an authenticator or recovery code. */
export const useRemovePhoneNumber = () =>
  useTwoFactorMutation((input: { code: string }) =>
    apiRequest<unknown>('/api/account/two-factor/phone/remove', { body: input }),
  );
