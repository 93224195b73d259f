import { z } from 'zod';
import type { CredentialField } from '../../credentials';

const WEBHOOK_SECRET_LENGTH = 'The Strike webhook secret has 10 to 50 characters';

export const strikeCredentials = z.object({
  apiKey: z.string().trim().min(1, 'Please enter your Strike API key'),
  /** The secret of the webhook subscription that calls us (Strike accepts 10 to 50 characters). */
  webhookSecret: z
    .union([z.literal(''), z.string().trim().min(10, WEBHOOK_SECRET_LENGTH).max(50, WEBHOOK_SECRET_LENGTH)])
    .optional(),
});
export type StrikeCredentials = z.infer<typeof strikeCredentials>;

export const strikeCredentialFields: CredentialField[] = [
  {
    name: 'apiKey',
    label: 'API key',
    secret: true,
    help: 'Strike Dashboard › API keys, with the invoice create, read and quote scopes.',
  },
  {
    name: 'webhookSecret',
    label: 'Webhook secret',
    secret: true,
    help: 'The secret of the webhook subscription pointing at AgentCart.',
  },
];
