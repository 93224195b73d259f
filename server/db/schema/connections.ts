import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { merchants } from './merchants';

/**
 * What the dashboard may show about a saved connection: enough to recognise it, never a usable secret.
 */
export interface ConnectionDisplay {
  storeUrl?: string | null;
  host?: string | null;
  storeName?: string | null;
  /** Masked credential, e.g. "ck_1a2b••••9f0e". */
  keyHint?: string | null;
  accountLabel?: string | null;
}

/**
 * A merchant's store integration: one store connection per merchant and platform. A merchant may have
 * several; agents sell from the one `merchants.primary_integration_id` names (the selling store, ADR 042).
 */
export const merchantIntegrations = pgTable(
  'merchant_integrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    /** AES-256-GCM envelope of the platform's credentials (lib/crypto). */
    configEncrypted: text('config_encrypted').notNull(),
    display: jsonb('display').$type<ConnectionDisplay>().notNull().default({}),
    status: text('status').notNull().default('connected'),
    lastTestedAt: timestamp('last_tested_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('merchant_integrations_merchant_platform_idx').on(t.merchantId, t.platform),
    // The target of merchants' composite foreign key (merchant, selling store): a merchant can only sell
    // from one of its own stores. The key itself is in migration 0029 (schema files cannot import both ways).
    uniqueIndex('merchant_integrations_merchant_id_idx').on(t.merchantId, t.id),
  ],
);
export type MerchantIntegration = typeof merchantIntegrations.$inferSelect;

/**
 * A merchant's payment provider account: encrypted API credentials (a Stripe secret key, an OpenNode
 * key, CoinCorner key and secret…) or, for Stripe Connect, only the connected account id.
 */
export const paymentConnections = pgTable(
  'payment_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    credentialsEncrypted: text('credentials_encrypted'),
    accountId: text('account_id'),
    display: jsonb('display').$type<ConnectionDisplay>().notNull().default({}),
    status: text('status').notNull().default('connected'),
    lastVerifiedAt: timestamp('last_verified_at', { withTimezone: true }),
    /**
     * Stripe only (ADR 058): the webhook endpoint registered on the merchant's own account when the key
     * was connected, and its signing secret (whsec_), sealed like the credentials. Null for connections
     * made before, or through Connect: their deliveries are not signature-checked (nothing is believed
     * from them either way).
     */
    webhookEndpointId: text('webhook_endpoint_id'),
    webhookSecretEncrypted: text('webhook_secret_encrypted'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_connections_merchant_provider_idx').on(t.merchantId, t.provider)],
);
export type PaymentConnection = typeof paymentConnections.$inferSelect;

/** One-time OAuth `state` values, kept in the database so any instance can finish the flow. */
export const oauthStates = pgTable(
  'oauth_states',
  {
    state: text('state').primaryKey(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The page the merchant started from (StripeReturnPage); the callback sends them back there. */
    returnTo: text('return_to'),
    /**
     * The session that started the flow: only it can finish it, so a state that leaks (a browser's
     * history, a log) is no use even to another of the merchant's own sessions, e.g. one left open on a
     * shared computer. Null only for states started before sessions were recorded: those cannot be finished, and expire
     * in minutes.
     */
    sessionId: text('session_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oauth_states_expires_idx').on(t.expiresAt)],
);
