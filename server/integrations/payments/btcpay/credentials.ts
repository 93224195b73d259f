import { z } from 'zod';
import type { CredentialField } from '../../credentials';

export const btcpayCredentials = z.object({
  /** The merchant's own BTCPay Server; the composition root turns it into the adapter's base URL. */
  serverUrl: z.url({
    protocol: /^https?$/,
    error: 'Please enter your BTCPay Server URL, e.g. https://btcpay.example.com',
  }),
  storeId: z.string().trim().min(1, 'Please enter your BTCPay Server store ID'),
  apiKey: z.string().trim().min(1, 'Please enter your BTCPay Server API key'),
  /** The secret of the store webhook that calls us; without it notifications cannot be trusted. */
  webhookSecret: z.string().trim().optional(),
});
export type BtcpayCredentials = z.infer<typeof btcpayCredentials>;

export const btcpayCredentialFields: CredentialField[] = [
  { name: 'serverUrl', label: 'Server URL', secret: false, placeholder: 'https://btcpay.example.com' },
  { name: 'storeId', label: 'Store ID', secret: false, help: 'Store › Settings › General.' },
  {
    name: 'apiKey',
    label: 'API key',
    secret: true,
    help: 'Account › API keys, with "Create an invoice" and "View invoices" for this store.',
  },
  {
    name: 'webhookSecret',
    label: 'Webhook secret',
    secret: true,
    help: 'Store › Settings › Webhooks: the secret of the webhook pointing at AgentCart.',
  },
];
