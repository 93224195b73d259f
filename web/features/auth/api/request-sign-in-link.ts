import { useMutation } from '@tanstack/react-query';
import { checkEmailOutput } from '#common/api/auth';
import type { SignInLinkInput } from '#common/validation/auth';
import { apiRequest } from '#web/lib/api-client';

/** POST /api/auth/sign-in/magic-link: mails a one-time sign-in link if the address has an account. */
export function requestSignInLink(input: SignInLinkInput) {
  return apiRequest('/api/auth/sign-in/magic-link', { body: input, schema: checkEmailOutput });
}

export function useRequestSignInLink() {
  return useMutation({ mutationFn: requestSignInLink });
}
