import { connectedAccountOutput, urlOutput, type StripeReturnPage } from '#common/api/connections';
import { apiRequest } from '#web/lib/api-client';
import { useInvalidatingMutation } from '#web/lib/use-invalidating-mutation';
import { PAYMENT_SETUP_KEYS } from './payment-setup-keys';

/**
 * Spec create-connected-account, then create-account-link: a new Express account (created once) and
 * the URL of Stripe's hosted onboarding for it, coming back to `returnTo`.
 */
export async function startExpressOnboarding(returnTo: StripeReturnPage) {
  await apiRequest('/api/connections/stripe/connected-account', { body: {}, schema: connectedAccountOutput });
  return apiRequest('/api/connections/stripe/account-link', { body: { returnTo }, schema: urlOutput });
}

export const useStartExpressOnboarding = () =>
  useInvalidatingMutation(startExpressOnboarding, PAYMENT_SETUP_KEYS);
