import { messageOutput } from '#common/api/connections';
import { apiRequest } from '#web/lib/api-client';
import { useInvalidatingMutation } from '#web/lib/use-invalidating-mutation';
import { PAYMENT_SETUP_KEYS } from './payment-setup-keys';

/** POST /api/connections/stripe/verify: spec verify-stripe-connection with the merchant's secret key. */
export function verifyStripeKey(secretKey: string) {
  return apiRequest('/api/connections/stripe/verify', { body: { secretKey }, schema: messageOutput });
}

export const useVerifyStripeKey = () => useInvalidatingMutation(verifyStripeKey, PAYMENT_SETUP_KEYS);
