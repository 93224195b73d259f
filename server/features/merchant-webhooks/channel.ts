import { Webhook } from 'standardwebhooks';
import { MERCHANT_WEBHOOK_MESSAGES } from '#common/api/merchant-webhooks';
import type { WebhookDelivery } from '../../db/schema/index';
import type { EngineDeps } from '../commerce';
import type { WebhookChannel } from '../outbound-webhooks';
import { loadWebhookSettings, openSigningSecret } from './settings';

export const MERCHANT_WEBHOOK_DELIVERY_QUEUE = 'merchant-webhook-delivery';
export const ENDPOINT = 'Your webhook endpoint';

/**
 * The Standard Webhooks headers for one message: `webhook-id` (the same on every retry, so the receiver
 * can drop repeats), `webhook-timestamp` in Unix seconds and `webhook-signature` (`v1,<base64 HMAC>`),
 * made by the specification's own library.
 */
export function standardWebhookHeaders(secret: string, webhookId: string, body: string, now: Date) {
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(webhookId, now, body),
  };
}

/** A delivery's message id: derived from its row, so retries and redeliveries keep it. */
export const webhookIdOf = (row: Pick<WebhookDelivery, 'id'>) => `msg_${row.id.replaceAll('-', '')}`;

/** The merchant's own webhooks: signed under Standard Webhooks with the merchant's current secret. */
export function merchantWebhookChannel(deps: EngineDeps): WebhookChannel {
  return {
    id: 'merchant',
    queue: MERCHANT_WEBHOOK_DELIVERY_QUEUE,
    endpoint: ENDPOINT,
    messages: {
      notFound: MERCHANT_WEBHOOK_MESSAGES.deliveryNotFound,
      inProgress: MERCHANT_WEBHOOK_MESSAGES.deliveryInProgress,
      noSecret: MERCHANT_WEBHOOK_MESSAGES.noSecret,
    },
    async sign(row, now) {
      const secret = openSigningSecret(deps, await loadWebhookSettings(deps, row.merchantId));
      return secret ? standardWebhookHeaders(secret, webhookIdOf(row), row.payload, now) : null;
    },
    currentUrl: async (merchantId) => (await loadWebhookSettings(deps, merchantId)).url,
  };
}
