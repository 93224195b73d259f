import { z } from 'zod';
import {
  BTC_EXPIRY_DEFAULT_MINUTES,
  BTC_EXPIRY_MAX_MINUTES,
  BTC_EXPIRY_MIN_MINUTES,
  CONNECTION_MESSAGES,
} from '../validation/connections';

/**
 * Dashboard API for store and payment connections. Credentials go in; only display hints come out.
 * Platform and provider ids are whatever the server's registries hold (it serves them in `platforms` and
 * `paymentProviders`, and its routes check ids against them), so common/ names none (ADR 011).
 */
/**
 * Where "View in Stripe" opens a connected account: Stripe's dashboard in live mode; in sandbox the
 * Stripe simulator's own page of the account (its payments and refunds), served from the app's origin.
 */
export const SANDBOX_STRIPE_ACCOUNT_PATH = (accountId: string) =>
  `/__sim/stripe/accounts/${encodeURIComponent(accountId)}`;
export const stripeAccountDashboardUrl = (accountId: string, sandbox: boolean) =>
  sandbox
    ? SANDBOX_STRIPE_ACCOUNT_PATH(accountId)
    : `https://dashboard.stripe.com/connect/accounts/${encodeURIComponent(accountId)}`;

export const platformId = z.string().min(1);
export const bitcoinProviderId = z.string().min(1);

export const credentialFieldView = z.object({
  name: z.string(),
  label: z.string(),
  secret: z.boolean(),
  placeholder: z.string().optional(),
  help: z.string().optional(),
});

export const connectionDisplay = z.object({
  storeUrl: z.string().nullish(),
  host: z.string().nullish(),
  storeName: z.string().nullish(),
  keyHint: z.string().nullish(),
  accountLabel: z.string().nullish(),
});

export const connectionsOutput = z.object({
  stores: z.array(
    z.object({
      id: z.string(),
      platform: z.string(),
      status: z.string(),
      display: connectionDisplay,
      lastTestedAt: z.string().nullable(),
      lastError: z.string().nullable(),
      updatedAt: z.string(),
      /** The store agents sell from (ADR 042): exactly one of a merchant's stores, once it has any. */
      selling: z.boolean(),
      /**
       * Where "Open store" goes: the store's own address in live mode; in sandbox the simulator's page of
       * the store (its orders), or null where the platform's simulator has none.
       */
      openUrl: z.string().nullable(),
    }),
  ),
  payments: z.array(
    z.object({
      provider: z.string(),
      status: z.string(),
      accountId: z.string().nullable(),
      display: connectionDisplay,
      updatedAt: z.string(),
    }),
  ),
  platforms: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** What connecting needs, in a sentence. */
      summary: z.string(),
      availability: z.enum(['live', 'coming_soon']),
      credentialFields: z.array(credentialFieldView),
    }),
  ),
  paymentProviders: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      method: z.enum(['card', 'lightning']),
      availability: z.enum(['live', 'coming_soon']),
      credentialFields: z.array(credentialFieldView),
      /** The message for missing credentials, when the provider words its own. */
      missingCredentialsMessage: z.string().nullable(),
      /** Whether the health checks probe it (it then has an entry, by its id, in the status services). */
      healthChecked: z.boolean(),
      /** Its payments-history method (`stripe_spt`, `btc_<id>`) and what the dashboard calls it. */
      paymentMethod: z.object({ name: z.string(), label: z.string() }),
    }),
  ),
});
export type ConnectionsOutput = z.infer<typeof connectionsOutput>;

/** Credentials as the setup forms send them; each platform's own schema validates the fields. */
export const storeCredentialsInput = z.object({
  platform: platformId,
  credentials: z.record(z.string(), z.string().max(2000)),
});
export const storeTestOutput = z.object({
  success: z.literal(true),
  message: z.string(),
  storeName: z.string().nullable(),
});
/**
 * Saving a store: `selling` makes it the store agents sell from. The first store always is; a later one
 * only when the merchant says so (ADR 042).
 */
export const storeSaveInput = z.object({
  credentials: storeCredentialsInput.shape.credentials,
  selling: z.boolean().optional(),
});
/** `selling`: whether the saved store is the one agents sell from. */
export const storeSaveOutput = z.object({
  integrationId: z.string(),
  selling: z.boolean(),
  message: z.string(),
});
export type StoreSaveOutput = z.infer<typeof storeSaveOutput>;
/** POST /api/connections/stores/:integrationId/selling; `changed` is false when it already was. */
export const sellingStoreOutput = z.object({ integrationId: z.string(), changed: z.boolean() });
export type SellingStoreOutput = z.infer<typeof sellingStoreOutput>;
export const connectionCheckOutput = z.object({ success: z.boolean(), error: z.string().optional() });

export const bitcoinTestInput = z.object({
  provider: bitcoinProviderId,
  credentials: z.record(z.string(), z.string().max(2000)),
});
export const bitcoinSettingsInput = z.object({
  enabled: z.boolean(),
  provider: bitcoinProviderId,
  /** Omitted to keep the saved credentials (they are never sent back to the browser to be re-sent). */
  credentials: z.record(z.string(), z.string().max(2000)).optional(),
  expiryMins: z
    .number()
    .int(CONNECTION_MESSAGES.expiryRange)
    .min(BTC_EXPIRY_MIN_MINUTES, CONNECTION_MESSAGES.expiryRange)
    .max(BTC_EXPIRY_MAX_MINUTES, CONNECTION_MESSAGES.expiryRange)
    .default(BTC_EXPIRY_DEFAULT_MINUTES),
});
export type BitcoinSettingsInput = z.infer<typeof bitcoinSettingsInput>;

export const stripeVerifyInput = z.object({
  secretKey: z
    .string()
    .trim()
    .min(1, CONNECTION_MESSAGES.stripeKeyRequired)
    .refine((v) => v.startsWith('sk_'), CONNECTION_MESSAGES.stripeKeyFormat),
});
export const messageOutput = z.object({ message: z.string() });
export const urlOutput = z.object({ url: z.string() });
/**
 * Where Stripe sends the merchant back after its hosted pages (OAuth consent, Express onboarding): the
 * page they started from. A fixed choice, never a URL, so it cannot be turned into an open redirect.
 */
export const STRIPE_RETURN_PAGES = ['settings', 'onboarding'] as const;
export type StripeReturnPage = (typeof STRIPE_RETURN_PAGES)[number];
export const stripeReturnInput = z.object({ returnTo: z.enum(STRIPE_RETURN_PAGES).optional() }).nullish();
export const connectedAccountOutput = z.object({ accountId: z.string(), alreadyExists: z.boolean() });
export const accountStatusOutput = z.object({
  accountId: z.string(),
  chargesEnabled: z.boolean(),
  detailsSubmitted: z.boolean(),
  payoutsEnabled: z.boolean(),
});
