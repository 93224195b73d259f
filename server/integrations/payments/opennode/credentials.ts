import { z } from 'zod';
import type { CredentialField } from '../../credentials';

export const MISSING_API_KEY = 'Please enter your OpenNode API key';

export const opennodeCredentials = z.object({
  apiKey: z.string().trim().min(1, MISSING_API_KEY),
});
export type OpennodeCredentials = z.infer<typeof opennodeCredentials>;

export const opennodeCredentialFields: CredentialField[] = [
  {
    name: 'apiKey',
    label: 'API key',
    secret: true,
    help: 'OpenNode dashboard › Integrations › API keys (Invoices permission).',
  },
];
