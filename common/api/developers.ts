import { z } from 'zod';

/** The merchant's agent API key as the dashboard sees it: its display form and age, never the key. */
export const apiKeyView = z.object({ display: z.string(), createdAt: z.string() }).nullable();
export const apiKeyOutput = z.object({ key: apiKeyView });

/** A freshly issued key: the only answer that carries the key itself (shown once). */
export const issuedApiKeyOutput = z.object({
  apiKey: z.string(),
  display: z.string(),
  createdAt: z.string(),
});
export type IssuedApiKey = z.infer<typeof issuedApiKeyOutput>;
