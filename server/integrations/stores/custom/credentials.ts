import { z } from 'zod';
import { CONNECTION_MESSAGES } from '#common/validation/connections';
import type { CredentialField } from '../../credentials';
import { storeUrlSchema } from '../store-kit';

const REQUIRED = CONNECTION_MESSAGES.fillAllCredentials('Custom API');

/** A Custom API connection: the base URL of the merchant's API and the key we send to it. */
export const customCredentials = z.object({
  endpoint: storeUrlSchema({ required: REQUIRED, https: CONNECTION_MESSAGES.storeUrlHttps }),
  apiKey: z.string(REQUIRED).trim().min(1, REQUIRED),
});
/** The validated Custom API credentials. */
export type CustomCredentials = z.infer<typeof customCredentials>;

/** The Custom API tab of the store setup form. */
export const customCredentialFields: CredentialField[] = [
  {
    name: 'endpoint',
    label: 'API endpoint',
    secret: false,
    placeholder: 'https://shop.example.com/api/agentcart',
    help: 'The base URL of your API: we call {endpoint}/products and {endpoint}/orders (see the Custom API guide).',
  },
  {
    name: 'apiKey',
    label: 'API key',
    secret: true,
    help: 'Sent as "Authorization: Bearer <key>" with every request.',
  },
];
