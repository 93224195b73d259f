import { z } from 'zod';
import { CONNECTION_MESSAGES } from '#common/validation/connections';
import type { CredentialField } from '../../credentials';

const REQUIRED = CONNECTION_MESSAGES.fillAllCredentials('BigCommerce');

/** Accepts the bare hash or the API path BigCommerce shows (`https://api.bigcommerce.com/stores/abc123/v3/`). */
function storeHash(value: string): string {
  return (/\/stores\/([^/?#]+)/.exec(value)?.[1] ?? value).toLowerCase();
}

/** A BigCommerce store hash and access token; the API is https://api.bigcommerce.com/stores/{hash}. */
export const bigcommerceCredentials = z.object({
  storeHash: z
    .string(REQUIRED)
    .trim()
    .min(1, REQUIRED)
    .overwrite(storeHash)
    .regex(/^[a-z0-9]+$/, 'Enter the store hash from your API path, e.g. abc123 in /stores/abc123/'),
  accessToken: z.string(REQUIRED).trim().min(1, REQUIRED),
});
/** The validated BigCommerce credentials. */
export type BigcommerceCredentials = z.infer<typeof bigcommerceCredentials>;

/** The BigCommerce tab of the store setup form. */
export const bigcommerceCredentialFields: CredentialField[] = [
  {
    name: 'storeHash',
    label: 'Store hash',
    secret: false,
    placeholder: 'abc123xyz',
    help: 'From the API path of your store-level API account: https://api.bigcommerce.com/stores/{store hash}/v3/.',
  },
  {
    name: 'accessToken',
    label: 'Access token',
    secret: true,
    help: 'Settings › API › Store-level API accounts. Scopes: Information (read-only), Products (read-only), Orders (modify).',
  },
];
