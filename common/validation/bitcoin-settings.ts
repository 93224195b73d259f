import { z } from 'zod';
import {
  BTC_EXPIRY_DEFAULT_MINUTES,
  BTC_EXPIRY_MAX_MINUTES,
  BTC_EXPIRY_MIN_MINUTES,
  CONNECTION_MESSAGES,
} from './connections';

/** The Bitcoin providers a merchant can pick today in Settings › Payments. */
export const BITCOIN_PROVIDERS = { opennode: 'OpenNode', coincorner: 'CoinCorner' } as const;
export type BitcoinProvider = keyof typeof BITCOIN_PROVIDERS;

/** The message when a provider's credentials are missing. */
const MISSING: Record<BitcoinProvider, string> = {
  opennode: CONNECTION_MESSAGES.opennodeKeyRequired,
  coincorner: CONNECTION_MESSAGES.coincornerCredentialsRequired,
};

/**
 * The Bitcoin settings form (onboarding step 1 and settings): every credential field the provider names
 * is required, with the spec's message for that provider, and the invoice expiry is 5-60 minutes.
 * `keepSaved` allows empty credentials, meaning "keep the ones already saved".
 */
export function bitcoinSettingsSchema(provider: BitcoinProvider, fieldNames: string[], keepSaved = false) {
  const field = z.string().trim();
  return z.object({
    credentials: z.object(
      Object.fromEntries(
        fieldNames.map((name) => [name, keepSaved ? field : field.min(1, MISSING[provider])]),
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
