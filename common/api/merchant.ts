import { z } from 'zod';

export const onboardingState = z.object({
  platform: z.string().nullable().optional(),
  platform_configured: z.boolean().optional(),
  stripe_connected: z.boolean().optional(),
  /** Step 1 done: the merchant chose their payment methods. */
  payment_methods_chosen: z.boolean().optional(),
  /** Step 4 done: a test order went through the merchant's own store and provider. */
  test_order_passed: z.boolean().optional(),
  completed: z.boolean().optional(),
  completed_at: z.string().nullable().optional(),
});

/**
 * The card provider's state: off (stripe_account_id null), on but not connected yet
 * (pending_setup), or connected to an account.
 */
export const CARD_STATES = ['off', 'pending_setup', 'connected'] as const;
export type CardState = (typeof CARD_STATES)[number];

/** How the merchant takes payment: the fields the onboarding, settings and readiness toggles show. */
export const merchantPayments = z.object({
  card: z.enum(CARD_STATES),
  /** The connected card provider account (acct_…), when connected. */
  cardAccountId: z.string().nullable(),
  bitcoin: z.object({
    enabled: z.boolean(),
    provider: z.string().nullable(),
    expiryMins: z.number().int().nullable(),
  }),
});
export type MerchantPayments = z.infer<typeof merchantPayments>;

/** PUT /api/merchant/payment-methods: the card and Bitcoin switches (readiness toggles). */
export const paymentMethodsInput = z
  .object({ card: z.boolean().optional(), bitcoin: z.boolean().optional() })
  .refine((v) => v.card !== undefined || v.bitcoin !== undefined, 'Say which payment method to switch');
export type PaymentMethodsInput = z.infer<typeof paymentMethodsInput>;

/** The signed-in user's merchant as the dashboard sees it: no secrets, no hashes. */
export const merchantView = z.object({
  id: z.string(),
  name: z.string(),
  region: z.string().nullable(),
  defaultCurrency: z.string(),
  createdAt: z.string(),
  platform: z.string().nullable(),
  storeUrl: z.string().nullable(),
  /** The shop's logo in its storefront header (Settings › General), or null. */
  logoUrl: z.string().nullable(),
  onboardingState: onboardingState,
  payments: merchantPayments,
  /** What an order the store cancels gets (ADR 056): refunded in full at once, or flagged for a decision. */
  storeCancellationPolicy: z.enum(['refund', 'flag']),
});
export type MerchantView = z.infer<typeof merchantView>;

export const currentAccountOutput = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  merchant: merchantView.nullable(),
  roles: z.array(z.string()),
});
export type CurrentAccount = z.infer<typeof currentAccountOutput>;

/** POST /api/onboarding/progress: a step the merchant has finished (the server checks it is true). */
export const onboardingProgressInput = z.object({
  step: z.enum(['payment_methods', 'test_order', 'complete']),
});
export type OnboardingProgressInput = z.infer<typeof onboardingProgressInput>;

/** The store-cancellation policies (ADR 056); `flag` is the default. */
export const STORE_CANCELLATION_POLICIES = ['refund', 'flag'] as const;
export type StoreCancellationPolicy = (typeof STORE_CANCELLATION_POLICIES)[number];

/** PUT /api/merchant/order-settings: Settings › Platform, what an order the store cancels gets. */
export const orderSettingsInput = z.object({
  storeCancellationPolicy: z.enum(STORE_CANCELLATION_POLICIES, { error: 'Choose refund or flag' }),
});
export type OrderSettingsInput = z.infer<typeof orderSettingsInput>;
