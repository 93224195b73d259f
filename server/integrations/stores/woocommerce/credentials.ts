import { z } from 'zod';
import type { CredentialField } from '../../credentials';

/** Store setup's one message for any empty WooCommerce field. */
export const MISSING_WOOCOMMERCE_CREDENTIALS = 'Please fill in all WooCommerce credentials';

// An empty field gets only the "fill in" message, not a format complaint on top.
const required = z.string().trim().min(1, { message: MISSING_WOOCOMMERCE_CREDENTIALS, abort: true });

/**
 * A merchant's WooCommerce REST API keys (WooCommerce › Settings › Advanced › REST API). WooCommerce
 * generates both halves as a prefix plus 40 hex characters. Requiring https:// store URLs is the caller's
 * rule (live mode only): the adapter itself also speaks to plain-HTTP stores, signing with OAuth 1.0a.
 */
export const woocommerceCredentials = z.object({
  storeUrl: required
    .transform((url) => url.replace(/\/+$/, ''))
    .pipe(
      z.string().regex(/^https?:\/\/[^\s/?#]+[^\s?#]*$/i, 'Store URL must be an http:// or https:// address'),
    ),
  consumerKey: required.regex(
    /^ck_[0-9a-f]{40}$/i,
    'Consumer key must be "ck_" followed by 40 hexadecimal characters',
  ),
  consumerSecret: required.regex(
    /^cs_[0-9a-f]{40}$/i,
    'Consumer secret must be "cs_" followed by 40 hexadecimal characters',
  ),
});
export type WoocommerceCredentials = z.infer<typeof woocommerceCredentials>;

export const woocommerceCredentialFields: CredentialField[] = [
  {
    name: 'storeUrl',
    label: 'Store URL',
    secret: false,
    placeholder: 'https://shop.example.com',
    help: 'The address of your WordPress site (the part before /wp-json).',
  },
  {
    name: 'consumerKey',
    label: 'Consumer key',
    secret: false,
    placeholder: 'ck_…',
    help: 'WooCommerce › Settings › Advanced › REST API › Add key, with Read/Write permissions.',
  },
  {
    name: 'consumerSecret',
    label: 'Consumer secret',
    secret: true,
    placeholder: 'cs_…',
    help: 'Shown once, next to the consumer key, when the key is created.',
  },
];
