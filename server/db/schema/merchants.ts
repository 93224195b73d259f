import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

export interface OnboardingState {
  platform?: string | null;
  platform_configured?: boolean;
  stripe_connected?: boolean;
  payment_methods_chosen?: boolean;
  test_order_passed?: boolean;
  completed?: boolean;
  completed_at?: string | null;
}

export interface BtcConfig {
  expiryMins?: number;
  /** Encrypted envelopes, never plaintext (see lib/crypto once credentials arrive). */
  opennode_api_key?: string;
  coincorner?: { api_key?: string; api_secret?: string };
}

export interface WebhookConfig {
  url?: string;
  /** Encrypted envelope of the whsec_ secret. */
  secret?: string;
  events?: string[];
}

export interface SecuritySettings {
  two_factor_enabled?: boolean;
  ip_whitelist?: string[];
  /** Whether the allowlist also applies to the agent API key (documented agent API and ACP). */
  ip_whitelist_agent_api?: boolean;
  session_timeout?: number;
}

export type NotificationPreferences = Record<string, { email: boolean; push: boolean; digest?: boolean }>;

/** One merchant per user. Every merchant-owned row elsewhere points here. */
export const merchants = pgTable(
  'merchants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default('My Store'),
    region: text('region'),
    defaultCurrency: text('default_currency').notNull().default('GBP'),
    platform: text('platform'),
    storeUrl: text('store_url'),
    /** Settings › General: the shop's logo (an https:// image address) in its storefront header; null = none. */
    logoUrl: text('logo_url'),
    /**
     * The selling store: the integration agents' offers, checkouts and orders use. Set when the first store
     * is connected, changed only by the merchant's explicit choice (ADR 042). A composite foreign key
     * (id, primary_integration_id) → merchant_integrations (merchant_id, id), written in migration 0029,
     * keeps it one of the merchant's own stores; deleting that store clears it.
     */
    primaryIntegrationId: uuid('primary_integration_id'),
    pspConfig: jsonb('psp_config').$type<Record<string, unknown>>().notNull().default({}),
    onboardingState: jsonb('onboarding_state').$type<OnboardingState>().notNull().default({}),
    /** 'pending_setup' = card payments on but not connected; null = trial / card payments off. */
    stripeAccountId: text('stripe_account_id'),
    stripeDefaultPaymentMethod: text('stripe_default_payment_method'),
    apiKeyHash: text('api_key_hash').unique(),
    apiKeyDisplay: text('api_key_display'),
    apiKeyCreatedAt: timestamp('api_key_created_at', { withTimezone: true }),
    btcEnabled: boolean('btc_enabled').notNull().default(false),
    btcOpennodeEnabled: boolean('btc_opennode_enabled').notNull().default(false),
    btcProvider: text('btc_provider'),
    btcConfig: jsonb('btc_config').$type<BtcConfig>().notNull().default({}),
    notificationPreferences: jsonb('notification_preferences')
      .$type<NotificationPreferences>()
      .notNull()
      .default({}),
    webhookConfig: jsonb('webhook_config').$type<WebhookConfig>().notNull().default({}),
    securitySettings: jsonb('security_settings').$type<SecuritySettings>().notNull().default({}),
    /**
     * What an order the store cancels gets (ADR 056): `refund` (refunded in full at once) or `flag` (shown to
     * the merchant as "Cancelled in store — refund?" for their decision).
     */
    storeCancellationPolicy: text('store_cancellation_policy').notNull().default('flag'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A storefront page and a Connect event name only the Stripe account.
  (t) => [index('merchants_stripe_account_idx').on(t.stripeAccountId, t.createdAt)],
);

export type Merchant = typeof merchants.$inferSelect;

/** A user's role; 'admin' unlocks the role-based access control card. */
export const userRoles = pgTable('user_roles', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: text('role').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
