import { and, eq } from 'drizzle-orm';
import { ACP_AGENT_MESSAGES, type AcpWebhookDeliveryView } from '#common/api/acp-agents';
import { merchants, webhookDeliveries, type WebhookDelivery } from '../../db/schema/index';
import { signOrderEvent } from '../../integrations/agents/signatures';
import { isUuid, publicId } from '../../lib/ids';
import { acpVersion, isAcpVersion } from '../acp';
import {
  listDeliveries as listChannelDeliveries,
  redeliver as redeliverOnChannel,
  type WebhookChannel,
} from '../outbound-webhooks';
import { ucpPlatformChannel } from '../ucp';
import { loadAgentSettings, openWebhookSecret } from './agent-settings';
import type { AcpAgentDeps } from './deps';

export const ACP_WEBHOOK_DELIVERY_QUEUE = 'acp-webhook-delivery';

/**
 * Order events to the merchant's AI agent platform: signed with the merchant's current webhook secret in
 * the scheme of the session's ACP version (`Merchant-Signature`, with `Timestamp` and a fresh
 * `Request-Id` per attempt).
 */
export function acpOrderEventChannel(deps: AcpAgentDeps): WebhookChannel {
  return {
    id: 'acp_agent',
    queue: ACP_WEBHOOK_DELIVERY_QUEUE,
    endpoint: 'The agent endpoint',
    messages: {
      notFound: ACP_AGENT_MESSAGES.deliveryNotFound,
      inProgress: ACP_AGENT_MESSAGES.deliveryInProgress,
      noSecret: ACP_AGENT_MESSAGES.noWebhookSecret,
    },
    async sign(row, now) {
      if (!isAcpVersion(row.apiVersion)) throw new Error(`delivery ${row.id} has no ACP version`);
      const [merchant] = await deps.db.select().from(merchants).where(eq(merchants.id, row.merchantId));
      const secret = merchant ? openWebhookSecret(deps.keyring, merchant) : null;
      if (!secret) return null;
      return {
        'merchant-signature': signOrderEvent(
          acpVersion(row.apiVersion).orderEventSignature,
          secret,
          row.payload,
          now,
        ),
        timestamp: now.toISOString(),
        'request-id': publicId('req'),
      };
    },
    currentUrl: async (merchantId) => (await loadAgentSettings(deps.db, merchantId)).webhookUrl,
  };
}

export function deliveryView(row: WebhookDelivery): AcpWebhookDeliveryView {
  return {
    id: row.id,
    session_id: row.sessionId ?? '',
    event_type: row.eventType,
    order_status: row.orderStatus ?? '',
    api_version: row.apiVersion ?? '',
    url: row.url,
    status: row.status as AcpWebhookDeliveryView['status'],
    attempts: row.attempts,
    last_response_status: row.lastResponseStatus,
    last_response_body: row.lastResponseBody,
    last_error: row.lastError,
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The merchant's order-event delivery log, newest first: the ACP agent's events and the UCP platforms'
 * order webhooks (their `api_version` is the UCP channel, `ucp_<version>`), one log for the agents.
 */
export async function listDeliveries(deps: AcpAgentDeps, merchantId: string, limit: number) {
  const [acp, ucp] = await Promise.all([
    listChannelDeliveries(deps.db, acpOrderEventChannel(deps), merchantId, limit),
    listChannelDeliveries(deps.db, ucpPlatformChannel(deps), merchantId, limit),
  ]);
  return [...acp, ...ucp]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
    .slice(0, limit)
    .map(deliveryView);
}

/**
 * Sends an order event again, with a fresh set of retries: an ACP event to the merchant's current agent
 * endpoint, a UCP order webhook (the same Webhook-Id and Webhook-Timestamp) to where it was sent.
 */
export async function redeliver(deps: AcpAgentDeps, merchantId: string, deliveryId: string) {
  const [row] = isUuid(deliveryId)
    ? await deps.db
        .select({ channel: webhookDeliveries.channel })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.merchantId, merchantId)))
    : [];
  const channel = row?.channel === 'ucp_platform' ? ucpPlatformChannel(deps) : acpOrderEventChannel(deps);
  return deliveryView(await redeliverOnChannel(deps, channel, merchantId, deliveryId));
}
