import { z } from 'zod';
import { AGENT_TEST_DEFAULTS, AGENT_TEST_MESSAGES, amountToMinor } from '#common/api/agent-tests';

/**
 * Onboarding step 4's form: SKU and amount are required, the currency is upper-cased and at
 * most 3 letters, and a card test needs a token shaped spt_... (typed, or minted in the sandbox).
 */
export const testOrderFormSchema = z
  .object({
    method: z.enum(['stripe', 'bitcoin']),
    sku: z.string().trim().min(1, AGENT_TEST_MESSAGES.skuAndAmount),
    amount: z
      .string()
      .trim()
      .min(1, AGENT_TEST_MESSAGES.skuAndAmount)
      .refine((v) => Number(v) > 0, AGENT_TEST_MESSAGES.skuAndAmount)
      .refine((v) => amountToMinor(Number(v)) !== null, AGENT_TEST_MESSAGES.amountDecimals)
      .transform(Number),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, AGENT_TEST_MESSAGES.currency),
    token: z.string().trim(),
  })
  .superRefine((value, ctx) => {
    if (value.method === 'stripe' && !/^spt_[A-Za-z0-9_]+$/.test(value.token)) {
      ctx.addIssue({ code: 'custom', path: ['token'], message: AGENT_TEST_MESSAGES.sptFormat });
    }
  });
export type TestOrderForm = z.input<typeof testOrderFormSchema>;

export const testOrderDefaults = (method: 'stripe' | 'bitcoin'): TestOrderForm => ({
  method,
  sku: AGENT_TEST_DEFAULTS.sku,
  amount: String(AGENT_TEST_DEFAULTS.amount),
  currency: AGENT_TEST_DEFAULTS.currency,
  token: '',
});
