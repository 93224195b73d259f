import { z } from 'zod';
import { CURRENCIES } from '../domain/currencies';
import { businessNameSchema } from './auth';

/** Settings › General: the regions a merchant sells from, with their labels. */
export const REGIONS = { UK: 'United Kingdom', US: 'United States', EU: 'European Union' } as const;
export type Region = keyof typeof REGIONS;

/** Settings › General: the merchant's name (the sign-up business-name rules), region and currency. */
export const merchantProfileSchema = z.object({
  name: businessNameSchema,
  region: z.enum(Object.keys(REGIONS) as [Region, ...Region[]], 'Choose a region'),
  defaultCurrency: z.enum(CURRENCIES, 'Choose a currency'),
});
export type MerchantProfileInput = z.infer<typeof merchantProfileSchema>;
