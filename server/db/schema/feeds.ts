import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { merchants } from './merchants';

/**
 * Where the merchant's product feed is pushed (ADR 055): the agent's Feed API (ACP 2026-04-17
 * `openapi.feed.yaml`), the bearer token it takes, the target countries (one feed each at the agent)
 * and the schedule. No row: in sandbox the agent simulator with a sandbox token; in live, no pushing.
 */
export const feedPushSettings = pgTable('feed_push_settings', {
  merchantId: uuid('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  /** The Feed API's base URL (`POST {endpoint}/feeds`). */
  endpointUrl: text('endpoint_url'),
  /** Sealed (lib/crypto) bearer token for the agent's Feed API. */
  tokenSealed: text('token_sealed'),
  /** ISO 3166-1 alpha-2 codes: one feed per country at the agent. */
  countries: text('countries').array().notNull().default(['US']),
  /** off | hourly | daily */
  schedule: text('schedule').notNull().default('off'),
  /** The agent's feed id per country, for this endpoint and token (cleared when either changes). */
  agentFeeds: jsonb('agent_feeds').$type<Record<string, string>>().notNull().default({}),
  /** sha256 of the records last accepted by the agent: the change watch pushes when the store's differ. */
  pushedDigest: text('pushed_digest'),
  /** When the schedule last sent a push (daily pushes wait a day after it). */
  lastScheduledAt: timestamp('last_scheduled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type FeedPushSettings = typeof feedPushSettings.$inferSelect;

/**
 * The feed delivery log: one push of the merchant's feed to one country's feed at the agent, queued by
 * "Push now" or the schedule and worked by the `feed-push` job (retried while the agent is unreachable).
 */
export const feedDeliveries = pgTable(
  'feed_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** manual | schedule | change (the store's catalogue changed) */
    trigger: text('trigger').notNull(),
    country: text('country').notNull(),
    /** The Feed API it went to (as the settings were when it was queued). */
    endpointUrl: text('endpoint_url').notNull(),
    /** The agent's feed id, once known. */
    feedId: text('feed_id'),
    /** pending | accepted | partial | rejected | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    productsSent: integer('products_sent').notNull().default(0),
    productsAccepted: integer('products_accepted').notNull().default(0),
    productsRejected: integer('products_rejected').notNull().default(0),
    /** Whether the read-back (`GET /feeds/{id}`) found the feed after the upserts. */
    confirmed: boolean('confirmed').notNull().default(false),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('feed_deliveries_merchant_idx').on(t.merchantId, t.createdAt)],
);
export type FeedDelivery = typeof feedDeliveries.$inferSelect;
