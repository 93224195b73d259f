import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { checkouts, offers, orders, type OfferItem } from './commerce';
import { merchants } from './merchants';

/** One item an agent asked for: `id` is the store product's SKU. */
export interface AcpRequestedItem {
  id: string;
  quantity: number;
}

export interface AcpAddress {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  country: string;
  postalCode: string;
}

/** The buyer as ACP describes it, version-neutral. */
export interface AcpBuyer {
  firstName: string | null;
  lastName: string | null;
  fullName: string | null;
  email: string | null;
  phone: string | null;
}

/** Where and to whom the goods go (2025-09-29: fulfillment_address; 2026-04-17: fulfillment_details). */
export interface AcpFulfillment {
  name: string | null;
  email: string | null;
  phone: string | null;
  address: AcpAddress | null;
}

/** A problem with one requested item (unknown SKU, out of stock, …), reported as a message. */
export interface AcpItemIssue {
  index: number;
  id: string;
  problem: 'unknown_item' | 'not_for_sale' | 'out_of_stock' | 'invalid_quantity';
}

/** A message the session carries until the situation changes (for example a declined card). */
export interface AcpNotice {
  code: 'payment_declined' | 'prices_changed' | 'payment_expired' | 'payment_pending';
  content: string;
}

/**
 * An ACP checkout session (the standard front door). It is priced through an engine offer (`offer_id`,
 * renewed whenever items or the address change) and paid through an engine checkout (`checkout_id`),
 * so the engine's state machine, outbox and reconciliation guard the money. Status moves:
 * not_ready_for_payment <-> ready_for_payment -> in_progress -> completed, or -> canceled.
 */
export const acpSessions = pgTable(
  'acp_sessions',
  {
    id: text('id').primaryKey(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** The API-Version that created the session; every request is answered in its own version. */
    apiVersion: text('api_version').notNull(),
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    items: jsonb('items').$type<AcpRequestedItem[]>().notNull(),
    /** The sellable items as the store priced them at the last change (the offer repeats them). */
    pricedItems: jsonb('priced_items').$type<OfferItem[]>().notNull().default([]),
    itemIssues: jsonb('item_issues').$type<AcpItemIssue[]>().notNull().default([]),
    buyer: jsonb('buyer').$type<AcpBuyer | null>(),
    fulfillment: jsonb('fulfillment').$type<AcpFulfillment | null>(),
    selectedOptionId: text('selected_option_id'),
    offerId: text('offer_id').references(() => offers.id),
    /** The engine checkout that carries the payment (card at complete; a Lightning invoice earlier). */
    checkoutId: text('checkout_id').references(() => checkouts.id),
    orderId: uuid('order_id').references(() => orders.id),
    notices: jsonb('notices').$type<AcpNotice[]>().notNull().default([]),
    locale: text('locale'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * UCP sessions: the platform's profile URL from the creating request's `UCP-Agent` header, where the
     * order webhook URL is read from (ADR 048); null for ACP sessions.
     */
    platformProfileUrl: text('platform_profile_url'),
    /**
     * The secret in the buyer's order-status link (permalink_url): 64 hex characters from two random
     * UUIDs (244 random bits), unrelated to the session or order id. A column default, so every session
     * (and, through the migration, every session made before it) has one; docs/decisions/031.
     */
    orderPageToken: text('order_page_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('acp_sessions_merchant_idx').on(t.merchantId, t.createdAt),
    uniqueIndex('acp_sessions_checkout_idx').on(t.checkoutId),
    uniqueIndex('acp_sessions_order_idx').on(t.orderId),
    uniqueIndex('acp_sessions_order_page_token_idx').on(t.orderPageToken),
  ],
);
export type AcpSession = typeof acpSessions.$inferSelect;

/**
 * How a merchant's AI agent platform is set up: where order events go and how its requests are signed.
 * One per merchant, because the merchant's API key is the credential the agent holds.
 */
export const acpAgentSettings = pgTable('acp_agent_settings', {
  merchantId: uuid('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  /** Display name of the agent platform (for example "ChatGPT"). */
  agentName: text('agent_name').notNull().default('AI agent'),
  /** The agent's order-events endpoint; order webhooks are off while it is null. */
  webhookUrl: text('webhook_url'),
  /** Sealed (lib/crypto) HMAC secret the agent signs its requests with; verification is off while null. */
  signingSecretSealed: text('signing_secret_sealed'),
  /** strict: refuse bad signatures; log: accept but record them; off: ignore the headers. */
  signaturePolicy: text('signature_policy').notNull().default('off'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type AcpAgentSettings = typeof acpAgentSettings.$inferSelect;
