import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { merchants } from './merchants';

/**
 * Every notification the app fired for a merchant (features/notifications): what it said, whether it went
 * to the bell (`in_app`, the push switch) and when the merchant read it there. E-mails are in
 * outbound_emails.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** new_order | order_fulfilled | trial_ending | usage_limit | api_errors */
    eventId: text('event_id').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** An app path the notification leads to. */
    link: text('link'),
    /** Names an occurrence told about once ever (a billing notice's key); null for the others. */
    occurrenceKey: text('occurrence_key'),
    inApp: boolean('in_app').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_bell_idx')
      .on(t.merchantId, t.createdAt)
      .where(sql`${t.inApp}`),
    uniqueIndex('notifications_occurrence_idx').on(t.merchantId, t.occurrenceKey),
  ],
);

export type Notification = typeof notifications.$inferSelect;

/**
 * When each merchant was last notified of each event: a notification claims its slot with one
 * conditional upsert (only if the last was an hour ago or more), so every instance together fires each
 * event at most once an hour per merchant.
 */
export const notificationSlots = pgTable(
  'notification_slots',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    lastFiredAt: timestamp('last_fired_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.eventId] })],
);

/**
 * Notices waiting for the merchant's hourly digest (a `digest` preference, ADR 042): one row per
 * occurrence, bundled into one notification by the digest job, which stamps `digested_at`.
 */
export const notificationDigestItems = pgTable(
  'notification_digest_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    /** The notice's occurrence key: an occurrence waits in the digest once. */
    occurrenceKey: text('occurrence_key').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    digestedAt: timestamp('digested_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notification_digest_items_occurrence_idx').on(t.merchantId, t.occurrenceKey),
    index('notification_digest_items_pending_idx')
      .on(t.merchantId, t.createdAt)
      .where(sql`${t.digestedAt} IS NULL`),
  ],
);
