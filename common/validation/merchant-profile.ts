import { z } from 'zod';
import { CURRENCIES } from '../domain/currencies';
import { businessNameSchema } from './auth';

/** Settings › General: the regions a merchant sells from, with their labels. */
export const REGIONS = { UK: 'United Kingdom', US: 'United States', EU: 'European Union' } as const;
export type Region = keyof typeof REGIONS;

export const LOGO_URL_MESSAGES = {
  https: 'Logo URL must start with https://',
  invalid: 'Enter the full address of your logo image, e.g. https://example.com/logo.png',
  tooLong: 'Logo URL must be at most 2048 characters',
} as const;

/**
 * The shop's logo, shown in its storefront header: an https:// address of an image (there is no upload:
 * the merchant points at the logo where their site already serves it). Empty means no logo.
 */
export const logoUrlSchema = z
  .string()
  .trim()
  .max(2048, LOGO_URL_MESSAGES.tooLong)
  .refine((url) => url === '' || /^https:\/\//i.test(url), LOGO_URL_MESSAGES.https)
  .refine(
    (url) => url === '' || (URL.canParse(url) && new URL(url).hostname.includes('.')),
    LOGO_URL_MESSAGES.invalid,
  );

/**
 * Settings › General: the merchant's name (the sign-up business-name rules), region, currency and the
 * shop's logo (left as it is when not sent).
 */
export const merchantProfileSchema = z.object({
  name: businessNameSchema,
  region: z.enum(Object.keys(REGIONS) as [Region, ...Region[]], 'Choose a region'),
  defaultCurrency: z.enum(CURRENCIES, 'Choose a currency'),
  logoUrl: logoUrlSchema.optional(),
});
export type MerchantProfileInput = z.infer<typeof merchantProfileSchema>;
