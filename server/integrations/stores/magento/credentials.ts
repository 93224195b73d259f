import { z } from 'zod';
import { CONNECTION_MESSAGES } from '#common/validation/connections';
import type { CredentialField } from '../../credentials';
import { storeUrlSchema } from '../store-kit';

const REQUIRED = CONNECTION_MESSAGES.fillAllCredentials('Magento');

/** A Magento connection is a store URL and an access token; the REST API is under {storeUrl}/rest/V1. */
export const magentoCredentials = z.object({
  storeUrl: storeUrlSchema({ required: REQUIRED, https: CONNECTION_MESSAGES.storeUrlHttps })
    // Merchants often paste the REST base they were given; the adapter adds /rest/V1 itself.
    .overwrite((value) => value.replace(/\/rest(\/[^/]+)?(\/V1)?$/i, '')),
  accessToken: z.string(REQUIRED).trim().min(1, REQUIRED),
});
/** The validated Magento credentials. */
export type MagentoCredentials = z.infer<typeof magentoCredentials>;

/** The Magento tab of the store setup form. */
export const magentoCredentialFields: CredentialField[] = [
  {
    name: 'storeUrl',
    label: 'Store URL',
    secret: false,
    placeholder: 'https://shop.example.com',
    help: 'The address of your Magento or Adobe Commerce storefront.',
  },
  {
    name: 'accessToken',
    label: 'Integration access token',
    secret: true,
    help:
      'System › Extensions › Integrations › your integration › Access Token. Since Magento 2.4.4, also set ' +
      'Stores › Configuration › Services › OAuth › Consumer Settings › "Allow OAuth Access Tokens to be used as standalone Bearer tokens" to Yes.',
  },
];
