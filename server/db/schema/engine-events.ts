import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The engine's outbox (docs/decisions/012): one row per change to an order, checkout or offer, written by
 * a trigger in the transaction that made the change (an offer's by the relay, in the commit that marks
 * the offer counted), so an event exists exactly when its change committed. The relay marks each row
 * relayed in the transaction that queues it for its subscribers.
 */
export const engineEvents = pgTable(
  'engine_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    change: text('change').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    subjectId: text('subject_id').notNull(),
    status: text('status'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set only by relays before issue 22 (claim with a lease, queue, then mark): today's relay leaves a
     * row leased by one of those alone until the lease ends, so a rolling deploy relays no row twice.
     */
    relayLeaseUntil: timestamp('relay_lease_until', { withTimezone: true }),
    relayedAt: timestamp('relayed_at', { withTimezone: true }),
  },
  (t) => [
    index('engine_events_unrelayed_idx')
      .on(t.id)
      .where(sql`${t.relayedAt} IS NULL`),
    index('engine_events_occurred_idx').on(t.occurredAt),
  ],
);
