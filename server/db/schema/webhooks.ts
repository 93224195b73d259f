import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { acpSessions } from './acp';
import { merchants } from './merchants';

/**
 * Every webhook the app owes someone outside, with its delivery history (the delivery logs the merchant
 * reads): order events to the merchant's AI agent platform (channel `acp_agent`), to the UCP platform a
 * checkout came from (channel `ucp_platform`, the full UCP order entity) and the merchant's own
 * webhooks (channel `merchant`). One table and one delivery job (lib/outbound-webhooks) serve both; each
 * channel signs in its own scheme.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** acp_agent | ucp_platform | merchant */
    channel: text('channel').notNull(),
    /** acp_agent: order_create | order_update; merchant: order.created, checkout.completed, … */
    eventType: text('event_type').notNull(),
    /** merchant: the order, checkout or offer the event is about (one delivery per event and subject). */
    subjectId: text('subject_id'),
    /** acp_agent: the ACP session the order came through. */
    sessionId: text('session_id').references(() => acpSessions.id, { onDelete: 'cascade' }),
    /** acp_agent: the order status the event reports (created, confirmed, shipped, fulfilled, canceled, …). */
    orderStatus: text('order_status'),
    /** acp_agent: the ACP version the body is written in. */
    apiVersion: text('api_version'),
    url: text('url').notNull(),
    /** The exact JSON body sent (what the signature covers). */
    payload: text('payload').notNull(),
    /** pending | delivered | failed */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastResponseStatus: integer('last_response_status'),
    lastResponseBody: text('last_response_body'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_merchant_idx').on(t.merchantId, t.channel, t.createdAt),
    index('webhook_deliveries_session_idx').on(t.sessionId),
    // Engine events arrive at least once (and an order can be FULFILLED again after a store update), so
    // "this event about this subject" is recorded once and a repeat is a no-op.
    uniqueIndex('webhook_deliveries_subject_idx')
      .on(t.merchantId, t.channel, t.eventType, t.subjectId)
      .where(sql`${t.subjectId} IS NOT NULL`),
  ],
);
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;

/**
 * Where the merchant's own webhooks go: its endpoint, the event ids it subscribed to, and its `whsec_`
 * secret (sealed, lib/crypto). Kept apart from the agent's secret: an agent platform that can verify
 * order events must not be able to sign the merchant's own webhooks.
 */
export const merchantWebhookSettings = pgTable('merchant_webhook_settings', {
  merchantId: uuid('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  url: text('url'),
  events: jsonb('events').$type<string[]>().notNull().default([]),
  secretSealed: text('secret_sealed'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type MerchantWebhookSettings = typeof merchantWebhookSettings.$inferSelect;
