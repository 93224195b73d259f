import { z } from 'zod';
import { deliveryAttemptFields } from './webhook-deliveries';

/**
 * Dashboard API for the merchant's AI agent platform (ACP): where order events go, how the agent's
 * requests are signed, and the order-event delivery log. Secrets go out once, when created; after that
 * only whether they are set (and a masked hint of the webhook secret).
 */
export const SIGNATURE_POLICIES = ['strict', 'log', 'off'] as const;
export const signaturePolicy = z.enum(SIGNATURE_POLICIES);
export type SignaturePolicy = z.infer<typeof signaturePolicy>;

export const ACP_AGENT_MESSAGES = {
  agentNameRequired: 'Agent name is required.',
  agentNameTooLong: 'Agent name must be at most 80 characters.',
  webhookUrlInvalid: 'Enter a valid URL for the agent webhook endpoint.',
  webhookUrlHttps: 'The agent webhook endpoint must use https://.',
  webhookUrlPrivate: 'The agent webhook endpoint must not be on a private network.',
  deliveryNotFound: 'No such webhook delivery.',
  deliveryInProgress: 'This delivery is still being attempted; wait for it to finish before redelivering.',
  noWebhookSecret: 'Create a webhook secret before redelivering events.',
} as const;

export const acpAgentSettingsOutput = z.object({
  agent_name: z.string(),
  webhook_url: z.string().nullable(),
  signature_policy: signaturePolicy,
  signing_secret_set: z.boolean(),
  webhook_secret_set: z.boolean(),
  webhook_secret_hint: z.string().optional(),
});
export type AcpAgentSettingsOutput = z.infer<typeof acpAgentSettingsOutput>;

export const updateAcpAgentSettingsInput = z
  .object({
    agent_name: z
      .string()
      .trim()
      .min(1, ACP_AGENT_MESSAGES.agentNameRequired)
      .max(80, ACP_AGENT_MESSAGES.agentNameTooLong)
      .optional(),
    /** https (http only in sandbox); null turns order events off. Checked further on the server. */
    webhook_url: z.string().trim().max(2048, ACP_AGENT_MESSAGES.webhookUrlInvalid).nullable().optional(),
    signature_policy: signaturePolicy.optional(),
  })
  .strict();
export type UpdateAcpAgentSettingsInput = z.infer<typeof updateAcpAgentSettingsInput>;

export const signingSecretOutput = z.object({ signing_secret: z.string() });
export const webhookSecretOutput = z.object({ webhook_secret: z.string(), webhook_secret_hint: z.string() });

export const acpWebhookDeliveryView = z.object({
  id: z.string(),
  session_id: z.string(),
  event_type: z.string(),
  order_status: z.string(),
  api_version: z.string(),
  ...deliveryAttemptFields,
});
export type AcpWebhookDeliveryView = z.infer<typeof acpWebhookDeliveryView>;

export const listDeliveriesOutput = z.object({ deliveries: z.array(acpWebhookDeliveryView) });
