import { useMutation } from '@tanstack/react-query';
import { testTokenOutput, type TestTokenInput } from '#common/api/agent-tests';
import { apiRequest } from '#web/lib/api-client';

/**
 * POST /api/agent-tests/test-token: "Use a test token". Sandbox only: a Shared Payment Token for the
 * merchant's own Stripe account, as an AI agent would hand over, allowing up to `amount` in `currency`.
 */
export function mintTestToken(input: TestTokenInput) {
  return apiRequest('/api/agent-tests/test-token', { body: input, schema: testTokenOutput });
}

export function useMintTestToken() {
  return useMutation({ mutationFn: mintTestToken });
}
