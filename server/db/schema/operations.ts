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
