import { z } from 'zod';

export const onboardingState = z.object({
  platform: z.string().nullable().optional(),
  platform_configured: z.boolean().optional(),
  stripe_connected: z.boolean().optional(),
  completed: z.boolean().optional(),
  completed_at: z.string().nullable().optional(),
});

/** The signed-in user's merchant as the dashboard sees it: no secrets, no hashes. */
export const merchantView = z.object({
  id: z.string(),
  name: z.string(),
  region: z.string().nullable(),
  defaultCurrency: z.string(),
  createdAt: z.string(),
  platform: z.string().nullable(),
  storeUrl: z.string().nullable(),
  onboardingState: onboardingState,
});
export type MerchantView = z.infer<typeof merchantView>;

export const currentAccountOutput = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  merchant: merchantView.nullable(),
  roles: z.array(z.string()),
});
export type CurrentAccount = z.infer<typeof currentAccountOutput>;
