import { useQuery } from '@tanstack/react-query';
import {
  billingSummary,
  hostedPageOutput,
  type CreateCheckoutInput,
  type SandboxPlanInput,
} from '#common/api/billing';
import { queryKeys } from '#web/lib/query-keys';
import { useInvalidatingMutation } from '#web/lib/use-invalidating-mutation';
import { apiRequest } from '#web/lib/api-client';
import { SUBSCRIPTION_POLL_MS, SUBSCRIPTION_QUERY_KEY } from '#web/features/auth';

export { checkSubscription } from '#web/lib/subscription-check';

export const billingKeys = {
  subscription: SUBSCRIPTION_QUERY_KEY,
  summary: ['billing', 'summary'] as const,
};

/** After the merchant comes back from the portal, its changes are read again this much later. */
export const PORTAL_RETURN_RECHECK_MS = 5_000;

export function createCheckout(input: CreateCheckoutInput) {
  return apiRequest('/api/billing/create-checkout', { body: input, schema: hostedPageOutput });
}

export function openCustomerPortal() {
  return apiRequest('/api/billing/customer-portal', { method: 'POST', schema: hostedPageOutput });
}

/** The dashboard's billing cards read one summary, refreshed with the subscription poll. */
export function useBillingSummary() {
  return useQuery({
    queryKey: billingKeys.summary,
    queryFn: () => apiRequest('/api/billing/summary', { schema: billingSummary }),
    refetchInterval: SUBSCRIPTION_POLL_MS,
  });
}

/** Sandbox: try a plan's features without paying (null: back to the subscription and trial). */
export function useSwitchSandboxPlan() {
  return useInvalidatingMutation(
    (plan: SandboxPlanInput['plan']) =>
      apiRequest('/api/billing/sandbox-plan', { body: { plan }, schema: billingSummary }),
    [billingKeys.summary, queryKeys.securitySettings],
  );
}
