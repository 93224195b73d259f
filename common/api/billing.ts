import { z } from 'zod';
import { CURRENCIES } from '../domain/currencies';
import { PURCHASABLE_PLAN_IDS } from '../domain/plans';

const planId = z.enum(['starter', 'growth', 'scale', 'enterprise']);

/** check-subscription: what the web app keeps in its auth state, re-read every minute. */
export const subscriptionState = z.object({
  subscribed: z.boolean(),
  tier: planId.nullable(),
  /** ISO time the paid period ends (the renewal date, or the end date once cancelled). */
  subscription_end: z.string().nullable(),
});
export type SubscriptionState = z.infer<typeof subscriptionState>;

/** create-checkout: a paid plan, priced in one of the plan currencies. */
export const createCheckoutInput = z.strictObject({
  stripePriceId: z.enum(PURCHASABLE_PLAN_IDS),
  currency: z.enum(CURRENCIES),
});
export type CreateCheckoutInput = z.infer<typeof createCheckoutInput>;

/** sandbox-plan: the plan to try in the sandbox, or null to follow the subscription and trial again. */
export const sandboxPlanInput = z.strictObject({ plan: planId.nullable() });
export type SandboxPlanInput = z.infer<typeof sandboxPlanInput>;

/** A Stripe-hosted page to open: checkout (new tab) or the customer portal (new window). */
export const hostedPageOutput = z.object({ url: z.string() });

export const billingSummary = z.object({
  plan: planId,
  /**
   * The plan whose features the merchant has now: its plan, raised to the top self-serve plan during the
   * free trial, or exactly the plan switched to in the sandbox. Upgrade prompts compare against this.
   */
  feature_plan: planId,
  /** Sandbox only: the plan switched to with sandbox-plan; null when none. */
  sandbox_plan: planId.nullable(),
  subscription: subscriptionState.extend({
    /** Stripe's status word, or null without a subscription. */
    status: z.string().nullable(),
    cancel_at_period_end: z.boolean(),
    /** A downgrade scheduled for the period end: the plan, and when it takes effect. */
    scheduled_plan: planId.nullable(),
    scheduled_change_at: z.string().nullable(),
    /** Upper-case currency the merchant is billed in. */
    currency: z.enum(CURRENCIES),
  }),
  trial: z.object({
    state: z.enum(['trialing', 'expired', 'none']),
    days_used: z.number().int(),
    days_left: z.number().int(),
    ends_at: z.string(),
    warning: z.boolean(),
  }),
  usage: z.object({
    count: z.number().int(),
    limit: z.number().int().nullable(),
    level: z.enum(['ok', 'near', 'at_limit']),
    overage_orders: z.number().int(),
    /** Minor units of `currency`. */
    overage_amount: z.number().int(),
    overage_unit_amount: z.number().int(),
    currency: z.enum(CURRENCIES),
  }),
  /** This month's platform fees per order currency, minor units. */
  fees: z.array(
    z.object({
      currency: z.string(),
      charged: z.number().int(),
      accrued: z.number().int(),
      orders: z.number().int(),
    }),
  ),
  /**
   * The latest monthly invoices of a merchant without a subscription, newest first: the transaction fees
   * and overage each collected, and its Stripe-hosted page (where an open one is paid).
   */
  fee_invoices: z.array(
    z.object({
      id: z.string(),
      /** 'YYYY-MM', the month billed. */
      month: z.string(),
      status: z.enum(['open', 'paid', 'void', 'uncollectible']),
      currency: z.string(),
      fees: z.number().int(),
      overage: z.number().int(),
      amount_due: z.number().int(),
      hosted_invoice_url: z.string().nullable(),
      due_at: z.string().nullable(),
    }),
  ),
  /** Accrued fees not invoiced, per order currency, and why ('currency': not the billing currency). */
  held_fees: z.array(
    z.object({ currency: z.string(), amount: z.number().int(), reason: z.enum(['currency']) }),
  ),
});
export type BillingSummary = z.infer<typeof billingSummary>;
