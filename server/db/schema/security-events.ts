import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { merchants } from './merchants';

/**
 * Security-relevant happenings: failed sign-ins, rejected form input, API key use. `subject_hash` is a
 * SHA-256 of the lower-cased e-mail so repeated failures for one account can be counted without keeping
 * the address; `details` holds only masked or non-secret values.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    name: text('name'),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    subjectHash: text('subject_hash'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('security_events_subject_idx').on(t.subjectHash, t.createdAt),
    index('security_events_type_idx').on(t.type, t.createdAt),
    // The sign-in throttle counts recent failures per client address.
    index('security_events_ip_idx').on(t.ipAddress, t.createdAt),
    // The dashboard's security log reads a merchant's events newest first.
    index('security_events_merchant_idx').on(t.merchantId, t.createdAt),
  ],
);
