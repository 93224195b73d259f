import { urlOutput, type StripeReturnPage } from '#common/api/connections';
import { apiRequest } from '#web/lib/api-client';
import { useInvalidatingMutation } from '#web/lib/use-invalidating-mutation';
import { PAYMENT_SETUP_KEYS } from './payment-setup-keys';

/** POST /api/connections/stripe/oauth/start: Stripe's consent page, coming back to `returnTo`. */
export function startStripeOAuth(returnTo: StripeReturnPage) {
  return apiRequest('/api/connections/stripe/oauth/start', { body: { returnTo }, schema: urlOutput });
}

export const useStartStripeOAuth = () => useInvalidatingMutation(startStripeOAuth, PAYMENT_SETUP_KEYS);
