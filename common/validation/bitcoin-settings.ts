import { z } from 'zod';
import {
  BTC_EXPIRY_DEFAULT_MINUTES,
  BTC_EXPIRY_MAX_MINUTES,
  BTC_EXPIRY_MIN_MINUTES,
  CONNECTION_MESSAGES,
} from './connections';

/** For a provider whose manifest words no message of its own. */
const MISSING_OTHERWISE = 'Please enter your API credentials';

/**
 * The Bitcoin settings form (onboarding step 1 and settings): every credential field the provider names
 * is required, with the provider's own missing-credentials message (served with its form by
 * GET /api/connections, ADR 011), and the invoice expiry is 5-60 minutes. `keepSaved` allows empty
 * credentials, meaning "keep the ones already saved".
 */
export function bitcoinSettingsSchema(
  provider: { credentialFields: { name: string }[]; missingCredentialsMessage?: string | null },
  keepSaved = false,
) {
  const missing = provider.missingCredentialsMessage ?? MISSING_OTHERWISE;
  const field = z.string().trim();
  return z.object({
    credentials: z.object(
      Object.fromEntries(
        provider.credentialFields.map(({ name }) => [name, keepSaved ? field : field.min(1, missing)]),
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
