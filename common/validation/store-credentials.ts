import { z } from 'zod';
import { CONNECTION_MESSAGES } from './connections';

/** The credential fields that hold a store address (WooCommerce and Magento store URLs, the custom API endpoint). */
export const STORE_URL_FIELDS: readonly string[] = ['storeUrl', 'endpoint'];

/**
 * Store setup, for the form and the server alike: every field of the platform is required (one
 * message per platform), and a store address loses its trailing slashes and must be on https://.
 * Each platform's own format rules come after, on the server.
 */
export function storeCredentialsSchema(platformName: string, fieldNames: readonly string[]) {
  const missing = CONNECTION_MESSAGES.fillAllCredentials(platformName);
  const required = z.string(missing).trim().min(1, { message: missing, abort: true });
  const storeAddress = required
    .transform((url) => url.replace(/\/+$/, ''))
    .refine((url) => /^https:\/\//i.test(url), CONNECTION_MESSAGES.storeUrlHttps);
  return z.object(
    Object.fromEntries(
      fieldNames.map((name) => [name, STORE_URL_FIELDS.includes(name) ? storeAddress : required]),
    ),
  );
}
