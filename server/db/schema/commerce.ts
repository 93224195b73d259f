import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { merchants } from './merchants';

export interface OfferItem {
  sku: string;
  productId: string;
  variantId: string | null;
  name: string;
  quantity: number;
  unitPriceMinor: number;
}

export interface ShippingOption {
  id: string;
  label: string;
  priceMinor: number;
  eta: string;
  /** Business-day delivery window (absent on offers made before it was recorded). */
  minDays?: number;
  maxDays?: number;
}

export interface Destination {
  country: string;
  postalCode: string;
}

/** A priced basket an agent asked for: the store's prices at that moment, valid until expires_at. */
export const offers = pgTable(
  'offers',
  {
    id: text('id').primaryKey(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    items: jsonb('items').$type<OfferItem[]>().notNull(),
    currency: text('currency').notNull(),
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull(),
    shippingOptions: jsonb('shipping_options').$type<ShippingOption[]>().notNull(),
    destination: jsonb('destination').$type<Destination>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Where the agent asked (common/domain/sales-channel); its checkout and order carry the same. */
    channel: text('channel').notNull(),
    /** The agent's product name from its User-Agent (lib/agent-identity), when it sent one. */
    agent: text('agent'),
    /**
     * Made by one of the merchant's own test tools (onboarding's test order, the agent test bench), not
     * by an agent (ADR 043). Copied to the checkout and the order by the same trigger as the channel, and
     * to the payment by the checkout's insert; a test never counts as business (usage, fees, analytics).
     */
    test: boolean('test').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the relay counted the offer into analytics and wrote its engine event (events/count-offers.ts,
     * migration 0028); null until then, which is at most a relay round after the insert.
     */
    countedAt: timestamp('counted_at', { withTimezone: true }),
  },
  (t) => [
    index('offers_merchant_idx').on(t.merchantId, t.createdAt),
    // Only the offers not yet counted: what the relay claims and what analytics add to the rollup.
    index('offers_uncounted_idx')
      .on(t.merchantId, t.createdAt)
      .where(sql`${t.countedAt} IS NULL`),
  ],
);
export type Offer = typeof offers.$inferSelect;

export interface Buyer {
  name: string;
  email: string;
  phone?: string | null;
  address: {
    line1: string;
    line2?: string | null;
    city: string;
    region?: string | null;
    postalCode: string;
    country: string;
  };
}

/**
 * A checkout. Its status is the checkout's one state machine:
 * PENDING (card, awaiting confirm) | PENDING_PAYMENT (Lightning invoice open) -> PROCESSING (one confirm
 * holds it) -> ACCEPTED | DECLINED | EXPIRED. Moves are compare-and-set on `status`.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: text('id').primaryKey(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    offerId: text('offer_id')
      .notNull()
      .references(() => offers.id),
    status: text('status').notNull(),
    method: text('method').notNull(),
    provider: text('provider').notNull(),
    items: jsonb('items').$type<OfferItem[]>().notNull(),
    shippingOption: jsonb('shipping_option').$type<ShippingOption>().notNull(),
    buyer: jsonb('buyer').$type<Buyer>().notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** The agent's Shared Payment Token, sealed (lib/crypto) until the confirm charges it. */
    paymentTokenSealed: text('payment_token_sealed'),
    declineReason: text('decline_reason'),
    /**
     * The platform's fee on this checkout and the plan it was worked out under, fixed when the card charge
     * is first attempted: a retried charge (same idempotency key) carries the same application fee, and
     * the ledger records this fee, even if the merchant's plan changed in between.
     */
    platformFeeMinor: bigint('platform_fee_minor', { mode: 'number' }),
    platformFeePlan: text('platform_fee_plan'),
    /** The app instance (app_instances) whose confirm holds or last held the checkout PROCESSING. */
    claimedBy: uuid('claimed_by'),
    /** When a confirm first answered ACCEPTED; later confirms are told the checkout was processed. */
    acceptanceReportedAt: timestamp('acceptance_reported_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Copied from the offer by a trigger on insert (migration 0018), so no code path can forget it. */
    channel: text('channel').notNull().default(''),
    agent: text('agent'),
    /** Copied from the offer by the same trigger (ADR 043). */
    test: boolean('test').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('checkouts_merchant_idx').on(t.merchantId, t.createdAt),
    index('checkouts_status_idx').on(t.status),
  ],
);
export type Checkout = typeof checkouts.$inferSelect;

/** A payment: one per checkout attempt, written before anything is sent to the store. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkoutId: text('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** stripe_spt | btc_opennode | btc_coincorner | btc_btcpay | btc_strike */
    method: text('method').notNull(),
    provider: text('provider').notNull(),
    /** Normalized (common/domain/payment-status); shown as PAID/PENDING/EXPIRED/FAILED. */
    status: text('status').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    providerInvoiceId: text('provider_invoice_id'),
    /**
     * The provider account that took a card payment (Stripe acct_…), written when it is charged (ADR 059):
     * its refunds and dispute reads go to that account, never to whichever one is connected today. Null for
     * Lightning, for a card payment not charged yet, and for one charged before this was recorded whose
     * account could not be known.
     */
    providerAccountId: text('provider_account_id'),
    /** payment_request, payment_url, expires_at … and the provider's raw answer; purged after 90 days. */
    providerPayload: jsonb('provider_payload').$type<Record<string, unknown>>().notNull().default({}),
    payloadPurgedAt: timestamp('payload_purged_at', { withTimezone: true }),
    /** When the payment succeeded: the time an agent's buyer took to pay is paid_at - created_at. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The checkout's test flag, written by the insert that writes both (ADR 043). */
    test: boolean('test').notNull().default(false),
    /**
     * A card payment the buyer disputed with their bank (Stripe charge.dispute.created, ADR 053): the
     * provider's dispute id, its reason and when we learned of it. Set once; the id makes it once.
     */
    disputeId: text('dispute_id'),
    disputeReason: text('dispute_reason'),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    /**
     * The dispute's state as Stripe last told it (needs_response, under_review, won, lost, …; ADR 058),
     * the amount it holds back (minor units of the payment's currency) and when it closed (won or lost).
     * A lost dispute's amount leaves net revenue on the day it closed.
     */
    disputeStatus: text('dispute_status'),
    disputeAmountMinor: bigint('dispute_amount_minor', { mode: 'number' }),
    disputeClosedAt: timestamp('dispute_closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // With the id, the payments table's keyset pages (created_at, id) read straight off the index.
    index('payments_merchant_idx').on(t.merchantId, t.createdAt, t.id),
    // Security monitoring counts the payments the 90-day purge anonymized, per hour.
    index('payments_purged_idx')
      .on(t.merchantId, t.payloadPurgedAt)
      .where(sql`${t.payloadPurgedAt} IS NOT NULL`),
    uniqueIndex('payments_checkout_idx').on(t.checkoutId),
    // Analytics sums lost disputes per merchant since a day: the few lost ones, not every payment (ADR 058).
    index('payments_disputes_lost_idx')
      .on(t.merchantId, t.disputeClosedAt)
      .where(sql`${t.disputeStatus} = 'lost'`),
    index('payments_provider_invoice_idx').on(t.provider, t.providerInvoiceId),
  ],
);
export type Payment = typeof payments.$inferSelect;

/**
 * An order: created in the same transaction that records a successful payment, then written to
 * the store by a durable job (the outbox). `store_write_lease_until` lets one writer at a time try.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    checkoutId: text('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    /** PENDING | IN_PROGRESS | ACCEPTED | FULFILLED | CANCELLED | REJECTED. */
    status: text('status').notNull(),
    platform: text('platform'),
    storeOrderId: text('store_order_id'),
    storeOrderNumber: text('store_order_number'),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    tracking: jsonb('tracking').$type<{
      carrier: string | null;
      number: string | null;
      url: string | null;
    } | null>(),
    storeWriteAttempts: integer('store_write_attempts').notNull().default(0),
    storeWriteError: text('store_write_error'),
    storeWriteLeaseUntil: timestamp('store_write_lease_until', { withTimezone: true }),
    /**
     * The app instance that owes the store write: the one that settled the order (holding the lease from
     * the settlement, it makes the first attempt), then each writer that takes the lease. If it died, the
     * order is written again without waiting.
     */
    storeWriteClaimedBy: uuid('store_write_claimed_by'),
    /**
     * A cancellation (ADR 056): when, by whom (`merchant` in AgentCart, or `store` when the store cancelled
     * it), and the merchant's reason (a refund reason). Null while the order stands.
     */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by'),
    cancelReason: text('cancel_reason'),
    /**
     * A store-side cancellation's outcome under the merchant's `store_cancellation_policy`: `flagged`
     * (awaiting the merchant's decision), `refunded` (refunded in full), `kept` (the merchant kept the money).
     */
    storeCancellation: text('store_cancellation'),
    /** The store told of the merchant's cancellation, once: a leased, retried write as a refund's (ADR 052). */
    storeCancelledAt: timestamp('store_cancelled_at', { withTimezone: true }),
    storeCancelAttempts: integer('store_cancel_attempts').notNull().default(0),
    storeCancelError: text('store_cancel_error'),
    storeCancelLeaseUntil: timestamp('store_cancel_lease_until', { withTimezone: true }),
    storeCancelClaimedBy: uuid('store_cancel_claimed_by'),
    /** Copied from the checkout by a trigger on insert (migration 0018), as on checkouts. */
    channel: text('channel').notNull().default(''),
    agent: text('agent'),
    /** Copied from the checkout by the same trigger (ADR 043). */
    test: boolean('test').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_checkout_idx').on(t.checkoutId),
    index('orders_merchant_idx').on(t.merchantId, t.createdAt),
  ],
);
export type Order = typeof orders.$inferSelect;

/** Merchant events: checkout_data_accessed, agent_application_bundle_generated … */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_merchant_kind_idx').on(t.merchantId, t.kind, t.createdAt),
    // An admin's every-merchant security monitoring counts recent events of one kind.
    index('events_kind_created_idx').on(t.kind, t.createdAt),
  ],
);

/**
 * Idempotency-Key records, scoped to the key's merchant and endpoint. `in_progress` rows hold the key
 * while the first request runs; completed rows replay its answer for 24 hours.
 */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state').notNull(),
    /** The app instance running the request while the record is `in_progress`. */
    claimedBy: uuid('claimed_by'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.endpoint, t.key] }),
    index('idempotency_expires_idx').on(t.expiresAt),
  ],
);
