import { bigint, boolean, date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { merchants } from './merchants';

/**
 * The merchant's sales per UTC day, kept current by triggers on offers, ACP sessions, checkouts,
 * orders and payments (migration 0021, ADR 028), so the analytics API sums a few hundred rows instead of
 * scanning every order. A row holds either the sales side (`method` '') or the payments side (`channel`
 * ''); '' stands for "no agent" so that the key has no nulls.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    channel: text('channel').notNull(),
    agent: text('agent').notNull(),
    method: text('method').notNull(),
    currency: text('currency').notNull(),
    /** The merchant's own test sales (ADR 043), kept apart so figures leave them out unless asked. */
    test: boolean('test').notNull().default(false),
    /** Offers on the agent API and the tester, sessions on ACP (by creation day). */
    started: integer('started').notNull().default(0),
    checkouts: integer('checkouts').notNull().default(0),
    /** Orders neither cancelled nor rejected, and their total (by the order's creation day). */
    orders: integer('orders').notNull().default(0),
    revenueMinor: bigint('revenue_minor', { mode: 'number' }).notNull().default(0),
    /** Succeeded payments and their amount, by the day they were paid. */
    paymentsPaid: integer('payments_paid').notNull().default(0),
    paidMinor: bigint('paid_minor', { mode: 'number' }).notNull().default(0),
    /** Lightning invoices paid or expired, by the day the invoice was created. */
    lightningPaid: integer('lightning_paid').notNull().default(0),
    lightningExpired: integer('lightning_expired').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.channel, t.agent, t.method, t.currency, t.test] })],
);

/**
 * How long paid Lightning invoices took to pay, per invoice creation day: a median cannot be summed
 * across days, but a histogram can. `seconds` is a bucket's lower bound (analytics_pay_bucket in
 * migration 0021): exact to the second under a minute, to 10 s under 10 minutes, to the minute under an hour.
 */
export const analyticsPayTimes = pgTable(
  'analytics_pay_times',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    seconds: integer('seconds').notNull(),
    payments: integer('payments').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.seconds] })],
);

/**
 * How many orders the merchant has had per UTC month, whatever their status: what the plan's allowance
 * counts (billing usage, the orders list's month count). Kept exact by a trigger in the orders rows' own
 * transaction (migration 0025, ADR 028), so neither reads every order of the month.
 */
export const orderMonths = pgTable(
  'order_months',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** The first day of the UTC month. */
    month: date('month', { mode: 'string' }).notNull(),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.month] })],
);
