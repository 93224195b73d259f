import { z } from 'zod';
import { decimalToMinor } from '../domain/money';

/** The agent tests: a merchant runs a real checkout against its own setup (and, in sandbox, pays it). */
export const AGENT_TEST_DEFAULTS = { sku: 'TEST-PRODUCT-001', amount: 19.99, currency: 'GBP' } as const;

/** The agent tests' validation messages. */
export const AGENT_TEST_MESSAGES = {
  skuAndAmount: 'Please fill in test SKU and amount',
  sptFormat: 'Please enter a valid test SPT token (format: spt_...)',
  amountDecimals: 'The amount can have at most 2 decimal places',
  currency: 'The currency must be a 3-letter code such as GBP',
  paymentMethod: 'Choose stripe or bitcoin as the payment method',
  checkoutId: 'checkout_id is required to confirm a test checkout',
  testTokenAmount: 'Enter the most the test token may spend, such as 29.99',
  testTokenSandboxOnly:
    'Test tokens exist only in sandbox mode. In live mode an AI agent hands over a real Shared Payment Token.',
  testTokenNoStripe: 'Connect your Stripe account in Settings before minting a test token.',
} as const;

const SPT = /^spt_[A-Za-z0-9_]+$/;

/** Exact minor units of a decimal amount like 19.99, or null when it has more than 2 decimals. */
export function amountToMinor(amount: number): number | null {
  try {
    return decimalToMinor(String(amount));
  } catch {
    return null;
  }
}

/** An amount in major units, such as 19.99: positive, with at most 2 decimals. */
const majorAmount = (message: string) =>
  z
    .number(message)
    .positive(message)
    .max(1_000_000)
    .refine((v) => amountToMinor(v) !== null, AGENT_TEST_MESSAGES.amountDecimals);

const currencyCode = z
  .string(AGENT_TEST_MESSAGES.currency)
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, AGENT_TEST_MESSAGES.currency);

export const acpFlowInput = z
  .object({
    sku: z
      .string(AGENT_TEST_MESSAGES.skuAndAmount)
      .trim()
      .min(1, AGENT_TEST_MESSAGES.skuAndAmount)
      .max(100)
      .default(AGENT_TEST_DEFAULTS.sku),
    /**
     * What the person expects the product to cost, in major units. The store is the authority on price:
     * a different store price is reported, never charged in its place.
     */
    amount: majorAmount(AGENT_TEST_MESSAGES.skuAndAmount).default(AGENT_TEST_DEFAULTS.amount),
    currency: currencyCode.default(AGENT_TEST_DEFAULTS.currency),
    payment_method: z.enum(['stripe', 'bitcoin'], AGENT_TEST_MESSAGES.paymentMethod),
    test_spt: z
      .string(AGENT_TEST_MESSAGES.sptFormat)
      .trim()
      .regex(SPT, AGENT_TEST_MESSAGES.sptFormat)
      .optional(),
    /** Confirms the checkout `checkout_id` (a Bitcoin test after its invoice was paid) instead of starting one. */
    confirm_only: z.boolean().optional(),
    checkout_id: z.string().trim().min(1).max(100).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.confirm_only) {
      if (!body.checkout_id)
        ctx.addIssue({ code: 'custom', path: ['checkout_id'], message: AGENT_TEST_MESSAGES.checkoutId });
    } else if (body.payment_method === 'stripe' && !body.test_spt) {
      ctx.addIssue({ code: 'custom', path: ['test_spt'], message: AGENT_TEST_MESSAGES.sptFormat });
    }
  });
export type AcpFlowInput = z.input<typeof acpFlowInput>;

export const ACP_FLOW_STEPS = ['offer', 'checkout', 'confirm'] as const;

/**
 * The test's answer: HTTP 200 whenever the flow ran, with `error` and `step` when a step failed (a
 * declined card is a test result, not a failed request). `status` is the checkout's: ACCEPTED,
 * DECLINED or PENDING_PAYMENT. Amounts are minor units.
 */
export const acpFlowOutput = z.object({
  error: z.string().optional(),
  step: z.enum(ACP_FLOW_STEPS).optional(),
  status: z.string().optional(),
  message: z.string().optional(),
  checkout_id: z.string().optional(),
  amount: z.number().optional(),
  currency: z.string().optional(),
  requires_payment: z.boolean().optional(),
  invoice_id: z.string().nullable().optional(),
  /** The BOLT11 payment request (what the QR code shows). */
  invoice_url: z.string().nullable().optional(),
  expires_at: z.string().optional(),
  order_id: z.string().optional(),
  /** The store's own order id, under its published name woo_order_id whatever the platform. */
  woo_order_id: z.string().nullable().optional(),
});
export type AcpFlowOutput = z.infer<typeof acpFlowOutput>;

export const simulateInvoicePaidInput = z.object({
  checkout_id: z.string().trim().min(1).max(100),
  invoice_id: z.string().trim().min(1).max(200),
});
export const simulateInvoicePaidOutput = z.object({ message: z.string() });

/**
 * Stripe's test cards a sandbox test token can stand for: one approved, two declined the ways a buyer's
 * bank most often declines. The labels are what the tester shows.
 */
export const TEST_CARDS = ['visa', 'declined', 'insufficient_funds'] as const;
export type TestCard = (typeof TEST_CARDS)[number];
export const TEST_CARD_LABELS: Record<TestCard, string> = {
  visa: 'Visa ending 4242 (approved)',
  declined: 'Visa ending 0002 (declined)',
  insufficient_funds: 'Visa ending 9995 (insufficient funds)',
};

/**
 * "Use a test token" (sandbox only): a Shared Payment Token such as an AI agent hands over, minted for the
 * merchant's own Stripe account, allowing up to `amount` (major units) in `currency`.
 */
export const testTokenInput = z.object({
  amount: majorAmount(AGENT_TEST_MESSAGES.testTokenAmount),
  currency: currencyCode,
  card: z.enum(TEST_CARDS).default('visa'),
});
export type TestTokenInput = z.input<typeof testTokenInput>;

/** The minted token, with the limit it carries (minor units). */
export const testTokenOutput = z.object({
  token: z.string().regex(SPT),
  max_amount: z.number().int(),
  currency: z.string(),
  card: z.enum(TEST_CARDS),
});
export type TestTokenOutput = z.infer<typeof testTokenOutput>;
