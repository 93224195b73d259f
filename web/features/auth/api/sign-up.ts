import { useMutation } from '@tanstack/react-query';
import { checkEmailOutput } from '#common/api/auth';
import type { SignUpInput } from '#common/validation/auth';
import { apiRequest } from '#web/lib/api-client';

/** POST /api/auth/sign-up/email: mails a confirmation link; the account opens when it is followed. */
export function signUp(input: SignUpInput & { next?: string }) {
  return apiRequest('/api/auth/sign-up/email', { body: input, schema: checkEmailOutput });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
