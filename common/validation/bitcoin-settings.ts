import { z } from 'zod';
import {
  BTC_EXPIRY_DEFAULT_MINUTES,
  BTC_EXPIRY_MAX_MINUTES,
  BTC_EXPIRY_MIN_MINUTES,
  CONNECTION_MESSAGES,
} from './connections';

/**
 * The message when a provider's credentials are missing: OpenNode and CoinCorner ask by name, any other provider with the general words. Which providers a merchant can pick is the server's list (GET /api/connections, ADR 011).
 */
const MISSING: Partial<Record<string, string>> = {
  opennode: CONNECTION_MESSAGES.opennodeKeyRequired,
  coincorner: CONNECTION_MESSAGES.coincornerCredentialsRequired,
};
const MISSING_OTHERWISE = 'Please enter your API credentials';

/**
 * The Bitcoin settings form (onboarding step 1 and settings): every credential field the provider names
 * is required, with that provider's message, and the invoice expiry is 5-60 minutes.
 * `keepSaved` allows empty credentials, meaning "keep the ones already saved".
 */
export function bitcoinSettingsSchema(provider: string, fieldNames: string[], keepSaved = false) {
  const field = z.string().trim();
  return z.object({
    credentials: z.object(
      Object.fromEntries(
        fieldNames.map((name) => [
          name,
          keepSaved ? field : field.min(1, MISSING[provider] ?? MISSING_OTHERWISE),
        ]),
      ),
    ),
    expiryMins: z.coerce
      .number<string | number>(CONNECTION_MESSAGES.expiryRange)
      .int(CONNECTION_MESSAGES.expiryRange)
      .min(BTC_EXPIRY_MIN_MINUTES, CONNECTION_MESSAGES.expiryRange)
      .max(BTC_EXPIRY_MAX_MINUTES, CONNECTION_MESSAGES.expiryRange),
  });
}

export const BITCOIN_EXPIRY_DEFAULT = BTC_EXPIRY_DEFAULT_MINUTES;
