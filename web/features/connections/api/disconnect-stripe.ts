import { z } from 'zod';
import { apiRequest } from '#web/lib/api-client';
import { useInvalidatingMutation } from '#web/lib/use-invalidating-mutation';
import { PAYMENT_SETUP_KEYS } from './payment-setup-keys';

/**
 * DELETE /api/connections/stripe: the merchant's Stripe account stops being its card provider (card
 * payments then need an account again; past payments can still be refunded). Answers 204.
 */
export function disconnectStripe() {
  return apiRequest('/api/connections/stripe', { method: 'DELETE', schema: z.null() });
}

export const useDisconnectStripe = () =>
  useInvalidatingMutation<void, null>(disconnectStripe, PAYMENT_SETUP_KEYS);
