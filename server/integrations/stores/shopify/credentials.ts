import { z } from 'zod';
import { CONNECTION_MESSAGES } from '#common/validation/connections';
import type { CredentialField } from '../../credentials';

const REQUIRED = CONNECTION_MESSAGES.fillAllCredentials('Shopify');

/** Accepts what merchants paste: `my-store`, `my-store.myshopify.com` or the admin URL. */
function shopSubdomain(value: string): string {
  return value
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/\.myshopify\.com$/, '');
}

/** A Shopify store name and Admin API access token; the shop's API is https://{storeName}.myshopify.com. */
export const shopifyCredentials = z.object({
  storeName: z
    .string(REQUIRED)
    .trim()
    .min(1, REQUIRED)
    .overwrite(shopSubdomain)
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'Enter the store name from your my-store.myshopify.com address'),
  accessToken: z.string(REQUIRED).trim().min(1, REQUIRED),
});
/** The validated Shopify credentials. */
export type ShopifyCredentials = z.infer<typeof shopifyCredentials>;

/** The Shopify tab of the store setup form. */
export const shopifyCredentialFields: CredentialField[] = [
  {
    name: 'storeName',
    label: 'Store name',
    secret: false,
    placeholder: 'my-store',
    help: 'The part before .myshopify.com in your admin address.',
  },
  {
    name: 'accessToken',
    label: 'Admin API access token',
    secret: true,
    placeholder: 'shpat_…',
    help: 'Settings › Apps › Develop apps › your app › API credentials. Scopes: read_products, read_inventory, read_orders, write_orders, write_merchant_managed_fulfillment_orders.',
  },
];
