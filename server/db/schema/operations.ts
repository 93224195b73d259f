import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Server errors (5xx) as they happen, for the health status's recent-errors metric. */
export const requestErrors = pgTable(
  'request_errors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    route: text('route').notNull(),
    status: integer('status').notNull(),
    requestId: text('request_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('request_errors_created_idx').on(t.createdAt)],
);

/**
 * The app's running processes (docs/decisions/010). Each inserts its row at start, with an id of its
 * own, and touches `heartbeat_at` every few seconds; a lease (a confirm's claim, an Idempotency-Key in
 * flight, a store write) records the id of the process that took it, so another process can tell a
 * lease whose owner died from one a live instance still holds.
 */
export const appInstances = pgTable('app_instances', {
  id: uuid('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});
