import { z } from 'zod';
import type { CredentialField } from '../../credentials';

export const MISSING_API_CREDENTIALS = 'Please enter your CoinCorner API credentials';

export const coincornerCredentials = z.object({
  apiKey: z.string().trim().min(1, MISSING_API_CREDENTIALS),
  apiSecret: z.string().trim().min(1, MISSING_API_CREDENTIALS),
  /** The account id CoinCorner signs into every request signature, shown beside the API keys. */
  userId: z.string().trim().min(1, 'Please enter your CoinCorner account ID'),
});
export type CoincornerCredentials = z.infer<typeof coincornerCredentials>;

export const coincornerCredentialFields: CredentialField[] = [
  {
    name: 'apiKey',
    label: 'API key',
    // It also authenticates CoinCorner's (unsigned) notifications, so it is kept like a secret.
    secret: true,
    placeholder: '00000000-0000-0000-0000-000000000000',
    help: 'CoinCorner › Account › API: the public key.',
  },
  { name: 'apiSecret', label: 'API secret', secret: true, help: 'Shown once when the API key is created.' },
  {
    name: 'userId',
    label: 'Account ID',
    secret: false,
    help: 'Shown on the same API page; CoinCorner needs it to check request signatures.',
  },
];
