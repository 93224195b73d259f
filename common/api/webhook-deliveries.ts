import { z } from 'zod';

/**
 * What every outbound-webhook delivery log shows of one delivery's attempts, whichever feature sent it
 * (ACP order events, the merchant's own webhooks): both run on one outbound-webhook module.
 */
export const deliveryAttemptFields = {
  url: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  last_response_status: z.number().int().nullable(),
  last_response_body: z.string().nullable(),
  last_error: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
};

export const listDeliveriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
