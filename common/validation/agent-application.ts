import { z } from 'zod';

/**
 * Agent application: regions and currencies are split on commas and trimmed, product URLs keep
 * their non-blank lines. The form and the server share these rules, so both show the same messages.
 */
export const AGENT_APPLICATION_MESSAGES = {
  regionsRequired: 'Enter at least one region, such as UK',
  currenciesRequired: 'Enter at least one currency, such as GBP',
  currencyFormat: 'Currencies must be 3-letter codes, such as GBP, EUR, USD',
  fulfilmentRequired: 'Describe how you fulfil orders, such as Own fulfilment',
  productUrlFormat: 'Each product URL must start with https:// or http://, one per line',
  tooMany: (what: string, max: number) => `Enter at most ${max} ${what}`,
  bundleGenerated: 'Application Bundle Generated',
  bundleGeneratedNote:
    'Submit the downloaded file with your application to ChatGPT Instant Checkout for its checkout review.',
  generationFailed: 'Generation Failed',
  generationFailedNote: 'Could not generate application bundle. Please try again.',
} as const;

/** The /agent/apply inputs' defaults. */
export const AGENT_APPLICATION_DEFAULTS = {
  productUrls: '',
  regions: 'UK, EU',
  currencies: 'GBP, EUR, USD',
  fulfilment: 'Own fulfilment',
} as const;

const MAX_LIST = 50;
const MAX_PRODUCT_URLS = 100;

/** "UK, EU" -> ["UK", "EU"]: split on commas, trimmed, empty entries dropped. */
export const splitCommaList = (text: string) =>
  text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/** The non-blank lines of a multi-line field, trimmed. */
export const nonBlankLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

const commaList = (required: string, what: string) =>
  z
    .string()
    .max(2000)
    .transform(splitCommaList)
    .pipe(
      z
        .array(z.string().max(60))
        .min(1, required)
        .max(MAX_LIST, AGENT_APPLICATION_MESSAGES.tooMany(what, MAX_LIST)),
    );

export const agentApplicationSchema = z.object({
  productUrls: z
    .string()
    .max(50_000)
    .transform(nonBlankLines)
    .refine(
      (urls) => urls.every((url) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(url)),
      AGENT_APPLICATION_MESSAGES.productUrlFormat,
    )
    .refine(
      (urls) => urls.length <= MAX_PRODUCT_URLS,
      AGENT_APPLICATION_MESSAGES.tooMany('product URLs', MAX_PRODUCT_URLS),
    ),
  regions: commaList(AGENT_APPLICATION_MESSAGES.regionsRequired, 'regions'),
  currencies: commaList(AGENT_APPLICATION_MESSAGES.currenciesRequired, 'currencies')
    .transform((codes) => codes.map((code) => code.toUpperCase()))
    .refine(
      (codes) => codes.every((code) => /^[A-Z]{3}$/.test(code)),
      AGENT_APPLICATION_MESSAGES.currencyFormat,
    ),
  fulfilment: z.string().trim().min(1, AGENT_APPLICATION_MESSAGES.fulfilmentRequired).max(200),
});
export type AgentApplicationInput = z.input<typeof agentApplicationSchema>;
export type AgentApplication = z.output<typeof agentApplicationSchema>;
