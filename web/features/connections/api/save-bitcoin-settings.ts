import { messageOutput, type BitcoinSettingsInput } from '#common/api/connections';
import { apiRequest } from '#web/lib/api-client';
import { useInvalidatingMutation } from '#web/lib/use-invalidating-mutation';
import { PAYMENT_SETUP_KEYS } from './payment-setup-keys';

/** PUT /api/connections/bitcoin: Bitcoin on or off with one provider; new credentials are tested first. */
export function saveBitcoinSettings(input: BitcoinSettingsInput) {
  return apiRequest('/api/connections/bitcoin', { method: 'PUT', body: input, schema: messageOutput });
}

export const useSaveBitcoinSettings = () => useInvalidatingMutation(saveBitcoinSettings, PAYMENT_SETUP_KEYS);
