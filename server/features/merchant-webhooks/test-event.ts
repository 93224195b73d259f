import { MERCHANT_WEBHOOK_MESSAGES, type TestMerchantWebhookOutput } from '#common/api/merchant-webhooks';
import { AppError } from '../../lib/app-error';
import { publicId } from '../../lib/ids';
import type { EngineDeps } from '../commerce';
import { plainTextExcerpt, postWebhook } from '../outbound-webhooks';
import { ENDPOINT, standardWebhookHeaders } from './channel';
import type { WebhookEventBody } from './event-payload';
import { shareSecretWithSandboxReceiver } from './sandbox-receiver';
import { checkMerchantWebhookUrl, loadWebhookSettings, openSigningSecret } from './settings';

/**
 * Test: one real `webhook.test` event to the URL in the form (saved or not), signed with the merchant's
 * secret exactly as events are and checked as their endpoints are, sent once (no retries, not logged).
 * Returns the receiver's status and timing, and of its answer only a short plain-text excerpt: typed
 * URLs are not a way to read what a URL serves.
 */
export async function sendTestEvent(
  deps: EngineDeps,
  merchantId: string,
  rawUrl: string,
): Promise<TestMerchantWebhookOutput> {
  const url = checkMerchantWebhookUrl(deps.runtime.mode, rawUrl);
  const secret = openSigningSecret(deps, await loadWebhookSettings(deps, merchantId));
  if (!secret) throw new AppError('invalid_request', MERCHANT_WEBHOOK_MESSAGES.noSecret);
  await shareSecretWithSandboxReceiver(deps, url, secret);
  const now = deps.clock.now();
  const webhookId = publicId('msg');
  const event: WebhookEventBody = {
    type: 'webhook.test',
    timestamp: now.toISOString(),
    // A ping, not business: a receiver that keeps tests apart by livemode drops it too.
    livemode: false,
    data: { object: 'test', message: 'A test event from AgentCart: your endpoint is reachable.' },
  };
  const body = JSON.stringify(event);
  const answer = await postWebhook(deps.runtime, ENDPOINT, {
    url,
    body,
    headers: standardWebhookHeaders(secret, webhookId, body, now),
  });
  return {
    delivered: answer.delivered,
    webhook_id: webhookId,
    status: answer.status,
    duration_ms: answer.durationMs,
    excerpt: plainTextExcerpt(answer),
    error: answer.error,
  };
}
