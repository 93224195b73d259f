import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './commerce';
import { merchants } from './merchants';

/**
 * A merchant's account with the platform's own Stripe Billing: its customer, its subscription as Stripe
 * last described it, and the plan an operator set by contract. Absent until the merchant first needs one.
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    merchantId: uuid('merchant_id')
      .primaryKey()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    stripeCustomerId: text('stripe_customer_id').unique(),
    /** Upper-case ISO code the merchant is billed in (its subscription's, else its default currency). */
    currency: text('currency'),
    /**
     * Enterprise is agreed by contract, never bought at checkout: an operator sets this column, and it
     * outranks any subscription. Null means the plan follows the subscription.
     */
    contractPlan: text('contract_plan'),
    /**
     * Sandbox only: the plan the merchant switched to to try its features (POST /api/billing/sandbox-plan).
     * It outranks the subscription and the trial; live mode never sets or reads it. Null: not switched.
     */
    sandboxPlan: text('sandbox_plan'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** Stripe's status word: active, trialing, past_due, canceled, unpaid, incomplete… */
    subscriptionStatus: text('subscription_status'),
    subscriptionPlan: text('subscription_plan'),
    subscriptionPriceId: text('subscription_price_id'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** A downgrade scheduled for the period end: the plan it moves to, and when. */
    scheduledPlan: text('scheduled_plan'),
    scheduledPlanAt: timestamp('scheduled_plan_at', { withTimezone: true }),
    /**
     * When Stripe produced the subscription state stored here (the event's `created`). A webhook carrying
     * an older state than this is ignored, so out-of-order delivery never rolls the plan back.
     */
    subscriptionSyncedAt: timestamp('subscription_synced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('billing_accounts_contract_plan_check', sql`${t.contractPlan} IN ('enterprise')`),
    check(
      'billing_accounts_sandbox_plan_check',
      sql`${t.sandboxPlan} IN ('starter', 'growth', 'scale', 'enterprise')`,
    ),
    index('billing_accounts_subscription_idx').on(t.stripeSubscriptionId),
  ],
);
export type BillingAccount = typeof billingAccounts.$inferSelect;

/** Stripe Billing webhook events already applied, so a redelivered event changes nothing. */
export const billingWebhookEvents = pgTable('billing_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Orders counted per merchant and calendar month (UTC), so each order gets its place in the month once. */
export const billingUsageMonths = pgTable(
  'billing_usage_months',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    month: date('month').notNull(),
    orderCount: integer('order_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.month] })],
);

/**
 * The platform's ledger: one row per paid order, written once, with the transaction fee the merchant's
 * plan owed and how it is collected, and the overage when the order was beyond the plan's monthly
 * allowance. Amounts are integer minor units.
 */
export const billingOrderCharges = pgTable(
  'billing_order_charges',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    month: date('month').notNull(),
    /** 1 for the month's first order. */
    orderNumberInMonth: integer('order_number_in_month').notNull(),
    planId: text('plan_id').notNull(),
    orderTotalMinor: bigint('order_total_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    feeBasisPoints: integer('fee_basis_points').notNull(),
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull(),
    /** application_fee: taken by Stripe Connect at the charge; invoice: accrued and invoiced monthly. */
    feeCollection: text('fee_collection').notNull(),
    overageMinor: bigint('overage_minor', { mode: 'number' }).notNull().default(0),
    overageCurrency: text('overage_currency'),
    /**
     * meter: reported as a meter event on the merchant's subscription (its metered overage price bills it);
     * invoice: a merchant without a subscription has no such price, so it is invoiced monthly as an
     * invoice item, as accrued fees are.
     */
    overageCollection: text('overage_collection'),
    meterReportedAt: timestamp('meter_reported_at', { withTimezone: true }),
    /** When the monthly invoicing run billed this row's accrued fee (as its month's fees invoice item). */
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
    /** When the monthly invoicing run billed this row's overage (overage_collection 'invoice'). */
    overageInvoicedAt: timestamp('overage_invoiced_at', { withTimezone: true }),
    /**
     * Why the monthly run left this row's accrued fee, or its overage, uninvoiced. 'currency': it is in a
     * currency other than the one the merchant's Stripe customer is billed in (Stripe refuses invoice
     * items in a second currency, and nothing here converts), so it stays accrued until that changes.
     */
    feeHeldReason: text('fee_held_reason'),
    overageHeldReason: text('overage_held_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('billing_order_charges_month_idx').on(t.merchantId, t.month),
    check(
      'billing_order_charges_fee_collection_check',
      sql`${t.feeCollection} IN ('application_fee', 'invoice')`,
    ),
    check(
      'billing_order_charges_overage_collection_check',
      sql`${t.overageCollection} IS NULL OR ${t.overageCollection} IN ('meter', 'invoice')`,
    ),
    check(
      'billing_order_charges_fee_held_reason_check',
      sql`${t.feeHeldReason} IS NULL OR ${t.feeHeldReason} IN ('currency')`,
    ),
    check(
      'billing_order_charges_overage_held_reason_check',
      sql`${t.overageHeldReason} IS NULL OR ${t.overageHeldReason} IN ('currency')`,
    ),
  ],
);
export type BillingOrderCharge = typeof billingOrderCharges.$inferSelect;

/**
 * One invoice item per merchant, month, kind (fees or overage) and currency: what the month accrued. Its
 * key makes the Stripe idempotency key, so a rerun of the monthly job never bills twice.
 */
export const billingInvoiceItems = pgTable(
  'billing_invoice_items',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    month: date('month').notNull(),
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    stripeInvoiceItemId: text('stripe_invoice_item_id'),
    /** The one-off invoice that collected the item (billing_invoices); null while it is pending or when a subscription invoice took it. */
    stripeInvoiceId: text('stripe_invoice_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.month, t.kind, t.currency] })],
);

/**
 * The invoice the monthly run creates for a merchant without a subscription (nothing else would ever
 * invoice its pending items): one per merchant and billed month, recorded before Stripe is called so a
 * rerun finds it and creates no second one. Status and amounts are Stripe's, re-read on every invoice event.
 */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** The first day of the month the run billed (the month before it ran). */
    month: date('month').notNull(),
    stripeInvoiceId: text('stripe_invoice_id').unique(),
    /** Stripe's status: draft, open, paid, void or uncollectible. */
    status: text('status'),
    currency: text('currency'),
    amountDueMinor: bigint('amount_due_minor', { mode: 'number' }),
    amountPaidMinor: bigint('amount_paid_minor', { mode: 'number' }),
    hostedInvoiceUrl: text('hosted_invoice_url'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** When Stripe was asked to send it (its email with the hosted page). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.month] })],
);
export type BillingInvoice = typeof billingInvoices.$inferSelect;
