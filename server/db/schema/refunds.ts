import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { RefundLineItem } from '#common/domain/refunds';
import { orders, payments } from './commerce';
import { merchants } from './merchants';

/**
 * Money given back on a payment: one row per logical refund, written before any provider is asked, so
 * a refund is never lost between our ledger and the provider's (ADR 047). Pending and succeeded rows
 * hold their amount against the payment's remainder; failed rows release it.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** The order the payment paid for, when it has one (a refund tells its store order). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** common/domain/refunds REFUND_RAILS: card | lightning. */
    rail: text('rail').notNull(),
    /** The payment's provider, which makes the refund: stripe, opennode … */
    provider: text('provider').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** REFUND_REASONS: duplicate | fraudulent | requested_by_customer | other. */
    reason: text('reason').notNull(),
    /** The refunded lines, when the refund is by line items; null for a refund by amount. */
    lineItems: jsonb('line_items').$type<RefundLineItem[] | null>(),
    /** Whether the store puts the refunded items back in stock. */
    restock: boolean('restock').notNull().default(false),
    /** REFUND_STATUSES: pending | succeeded | failed. */
    status: text('status').notNull(),
    /** Why it failed, in the provider's words, when it did. */
    failureReason: text('failure_reason'),
    /** The provider's id of the refund (re_… on Stripe) once the provider has it. */
    providerRefundId: text('provider_refund_id'),
    /**
     * One per logical refund: the merchant's Idempotency-Key (or one made for it), also sent to the
     * provider, so a replayed request and a retried provider call both refund once.
     */
    idempotencyKey: text('idempotency_key').notNull(),
    /** REFUND_ORIGINS: merchant_app | provider_dashboard. */
    origin: text('origin').notNull(),
    /** The payment's test flag (ADR 043): a test refund counts toward nothing. */
    test: boolean('test').notNull().default(false),
    /** The store's id of the refund on its order, once the store has been told. */
    storeRefundId: text('store_refund_id'),
    /**
     * Lightning (ADR 053): the sats the buyer is owed, the refund's fiat amount at the payment's own
     * exchange rate, fixed when the refund is made.
     */
    amountSats: bigint('amount_sats', { mode: 'number' }),
    /**
     * Lightning: the buyer's BOLT11 invoice this refund pays. Setting it (from null, while pending) is the
     * claim that lets one request pay; the unique index refuses an invoice given for another refund.
     */
    paymentRequest: text('payment_request'),
    /**
     * Lightning on a provider with no payout API (CoinCorner): the merchant gave the money back outside
     * AgentCart and recorded it here; nothing was sent by us.
     */
    settledOutside: boolean('settled_outside').notNull().default(false),
    storeWriteAttempts: integer('store_write_attempts').notNull().default(0),
    storeWriteError: text('store_write_error'),
    /**
     * The store write's lease, as on orders (ADR 021): one writer tells the store at a time, without a
     * transaction held across the HTTP call; it ends at its time or when its writer's instance dies.
     */
    storeWriteLeaseUntil: timestamp('store_write_lease_until', { withTimezone: true }),
    storeWriteClaimedBy: uuid('store_write_claimed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_payment_idx').on(t.paymentId, t.createdAt),
    index('refunds_merchant_idx').on(t.merchantId, t.createdAt),
    uniqueIndex('refunds_idempotency_idx').on(t.merchantId, t.idempotencyKey),
    // A provider's refund is recorded once, whether we made it or its webhook told us of it.
    uniqueIndex('refunds_provider_refund_idx')
      .on(t.provider, t.providerRefundId)
      .where(sql`${t.providerRefundId} IS NOT NULL`),
    // A buyer's invoice pays one refund: Lightning pays an invoice once.
    uniqueIndex('refunds_payment_request_idx')
      .on(t.paymentRequest)
      .where(sql`${t.paymentRequest} IS NOT NULL`),
  ],
);
export type Refund = typeof refunds.$inferSelect;
