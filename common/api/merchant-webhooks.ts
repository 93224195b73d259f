import { z } from 'zod';
import { deliveryAttemptFields } from './webhook-deliveries';

/**
 * The merchant's own webhooks (Settings › Webhooks): where events go, which ones, the `whsec_` secret
 * they are signed with under Standard Webhooks, a test send and the delivery log. The secret goes out in
 * full only when it is created or rotated; after that, a masked hint.
 */
export const WEBHOOK_EVENTS = {
  'order.created': 'A paid order was recorded',
  'order.fulfilled': 'The store fulfilled an order',
  'order.cancelled': 'An order was cancelled',
  'order.refunded': 'Money was given back on an order (a refund succeeded)',
  'refund.failed': 'A refund could not be made',
  'checkout.completed': 'A checkout was paid and accepted',
  'offer.created': 'An agent was quoted a priced basket',
} as const;
export type WebhookEventId = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_IDS = Object.keys(WEBHOOK_EVENTS) as [WebhookEventId, ...WebhookEventId[]];
export const webhookEventId = z.enum(WEBHOOK_EVENT_IDS);

export const MERCHANT_WEBHOOK_MESSAGES = {
  urlRequired: 'Please enter a webhook URL',
  eventsRequired: 'Please select at least one event',
  testUrlRequired: 'Please enter a webhook URL first',
  urlInvalid: 'Enter a valid URL for your webhook endpoint.',
  urlHttps: 'Your webhook endpoint must use https://.',
  urlPrivate: 'Your webhook endpoint must not be on a private network.',
  noSecret: 'Generate a signing secret first.',
  deliveryNotFound: 'No such webhook delivery.',
  deliveryInProgress: 'This delivery is still being attempted; wait for it to finish before redelivering.',
} as const;

const webhookUrl = z
  .string(MERCHANT_WEBHOOK_MESSAGES.urlRequired)
  .trim()
  .min(1, MERCHANT_WEBHOOK_MESSAGES.urlRequired)
  .max(2048, MERCHANT_WEBHOOK_MESSAGES.urlInvalid);

export const merchantWebhookSettingsOutput = z.object({
  url: z.string().nullable(),
  events: z.array(webhookEventId),
  secret_set: z.boolean(),
  /** `whsec_••••abcd`, once a secret exists. */
  secret_hint: z.string().nullable(),
  /** Sandbox only: this merchant's endpoint on the sandbox webhook receiver. */
  sandbox_receiver_url: z.string().nullable(),
});
export type MerchantWebhookSettingsOutput = z.infer<typeof merchantWebhookSettingsOutput>;

/** Saved; the first save also creates the signing secret, shown this once. */
export const savedMerchantWebhookSettingsOutput = merchantWebhookSettingsOutput.extend({
  secret: z.string().optional(),
});
export type SavedMerchantWebhookSettingsOutput = z.infer<typeof savedMerchantWebhookSettingsOutput>;

/** Save: a URL (checked further on the server: https, and in live mode not on a private network) and events. */
export const updateMerchantWebhookSettingsInput = z
  .object({
    url: webhookUrl,
    events: z
      .array(webhookEventId)
      .max(WEBHOOK_EVENT_IDS.length)
      .refine((events) => events.length > 0, MERCHANT_WEBHOOK_MESSAGES.eventsRequired),
  })
  .strict();
export type UpdateMerchantWebhookSettingsInput = z.infer<typeof updateMerchantWebhookSettingsInput>;

/** Test: the URL typed in the form (it need not be saved yet). */
export const testMerchantWebhookInput = z
  .object({
    url: z
      .string(MERCHANT_WEBHOOK_MESSAGES.testUrlRequired)
      .trim()
      .min(1, MERCHANT_WEBHOOK_MESSAGES.testUrlRequired)
      .max(2048, MERCHANT_WEBHOOK_MESSAGES.urlInvalid),
  })
  .strict();

/**
 * How the receiver answered a test event: its status (null: it could not be reached) and how long it
 * took. Of the answer itself only a short plain-text excerpt, when it was text/plain: the test is not a
 * way to read what a URL serves.
 */
export const testMerchantWebhookOutput = z.object({
  delivered: z.boolean(),
  webhook_id: z.string(),
  status: z.number().int().nullable(),
  duration_ms: z.number().int().nonnegative(),
  excerpt: z.string().nullable(),
  error: z.string().nullable(),
});
export type TestMerchantWebhookOutput = z.infer<typeof testMerchantWebhookOutput>;

export const merchantWebhookSecretOutput = z.object({ secret: z.string(), secret_hint: z.string() });

export const merchantWebhookDeliveryView = z.object({
  id: z.string(),
  event_type: webhookEventId,
  subject_id: z.string(),
  ...deliveryAttemptFields,
});
export type MerchantWebhookDeliveryView = z.infer<typeof merchantWebhookDeliveryView>;

export const listMerchantWebhookDeliveriesOutput = z.object({
  deliveries: z.array(merchantWebhookDeliveryView),
});
