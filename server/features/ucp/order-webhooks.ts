import { and, asc, desc, eq } from 'drizzle-orm';
import {
  acpSessions,
  checkouts,
  offers,
  orders,
  payments,
  refunds,
  webhookDeliveries,
  type AcpSession,
} from '../../db/schema/index';
import { orderProgress } from '../acp';
import type { EngineDeps } from '../commerce';
import { queueDelivery, type WebhookChannel } from '../outbound-webhooks';
import { signJsonPost } from './http-signature';
import { renderOrder } from './order-view';
import { readPlatformProfile } from './platform-profile';
import { UCP_PROFILE_PATH } from './protocol';
import { merchantPrivateSigningKey } from './signing-keys';

export type UcpWebhookDeps = EngineDeps & { publicUrl: string };

export const UCP_WEBHOOK_DELIVERY_QUEUE = 'ucp-webhook-delivery';
/** The delivery rows' event type: UCP has one order event, the full order entity (order.md). */
export const UCP_ORDER_EVENT = 'order';

export const UCP_WEBHOOK_MESSAGES = {
  notFound: 'No such UCP order webhook delivery.',
  inProgress: 'This UCP order webhook is still being delivered; try again when it has finished.',
  noSecret: 'This business has no UCP signing key to sign the order webhook with.',
};

/** Whether a session came in through UCP: it stores its channel (`ucp_<version>`) as its version. */
export const isUcpSession = (session: Pick<AcpSession, 'apiVersion'>) =>
  session.apiVersion.startsWith('ucp_');

/** An order's refunds in the ledger, oldest first: its refund adjustments (order-view.ts). */
export const orderRefunds = (db: EngineDeps['db'], orderId: string) =>
  db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));

/** The business profile URL this merchant's webhooks name as their signer (`UCP-Agent`). */
export const businessProfileUrl = (publicUrl: string) => `${publicUrl}${UCP_PROFILE_PATH}`;

/**
 * Order events to the UCP platform a checkout came from (order.md, "Order Event Webhook"): Standard
 * Webhooks' `Webhook-Id` (the delivery's id, the same for every attempt of one event) and
 * `Webhook-Timestamp` (when the event happened, unix seconds, also the same on every attempt), the
 * business profile in `UCP-Agent`, and an RFC 9421 signature with the merchant's ES256 key over the
 * method, authority, path, `UCP-Agent`, `Content-Digest` and `Content-Type` (signatures.md).
 */
export function ucpPlatformChannel(deps: UcpWebhookDeps): WebhookChannel {
  return {
    id: 'ucp_platform',
    queue: UCP_WEBHOOK_DELIVERY_QUEUE,
    endpoint: 'The platform webhook endpoint',
    messages: UCP_WEBHOOK_MESSAGES,
    async sign(row, now) {
      const key = await merchantPrivateSigningKey(deps, row.merchantId);
      return signJsonPost(
        {
          url: row.url,
          body: row.payload,
          headers: {
            'webhook-id': row.id,
            'webhook-timestamp': String(Math.floor(row.createdAt.getTime() / 1000)),
            'ucp-agent': `profile="${businessProfileUrl(deps.publicUrl)}"`,
          },
        },
        key,
        Math.floor(now.getTime() / 1000),
      );
    },
    // The platform's profile, not the merchant, says where its webhooks go: a redelivery reads it afresh.
    currentUrl: async () => null,
  };
}

/**
 * Owes the UCP platform an order webhook when the order entity it would see now differs from the last
 * one sent for this session (the first is the "order created" event): the full entity every time, never a
 * delta. Where to send it comes from the platform profile the creating request named, read (and cached)
 * now; a profile that cannot be read throws, so the engine event is handled again later. A profile with
 * no order webhook URL is owed nothing.
 */
export async function recordUcpOrderEvent(deps: UcpWebhookDeps, session: AcpSession): Promise<void> {
  if (!session.platformProfileUrl) return;
  const [order] = session.orderId
    ? await deps.db.select().from(orders).where(eq(orders.id, session.orderId))
    : session.checkoutId
      ? await deps.db.select().from(orders).where(eq(orders.checkoutId, session.checkoutId))
      : [];
  if (!order || order.merchantId !== session.merchantId) return;
  const [checkout] = await deps.db.select().from(checkouts).where(eq(checkouts.id, order.checkoutId));
  const [payment] = await deps.db.select().from(payments).where(eq(payments.checkoutId, order.checkoutId));
  const [offer] = session.offerId
    ? await deps.db.select().from(offers).where(eq(offers.id, session.offerId))
    : [];
  const profile = await readPlatformProfile(deps.runtime, session.platformProfileUrl);
  if (!profile.webhookUrl) return;
  const webhookUrl = profile.webhookUrl;
  const state = {
    session,
    offer: offer ?? null,
    checkout: checkout ?? null,
    payment: payment ?? null,
    order,
    refunds: await orderRefunds(deps.db, order.id),
  };
  const body = JSON.stringify(renderOrder(state, deps.publicUrl));

  const deliveryId = await deps.db.transaction(async (tx) => {
    // One decision per session at a time, so two events handled at once cannot both send the same news.
    await tx
      .select({ id: acpSessions.id })
      .from(acpSessions)
      .where(eq(acpSessions.id, session.id))
      .for('update');
    const [last] = await tx
      .select({ payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.sessionId, session.id), eq(webhookDeliveries.channel, 'ucp_platform')))
      .orderBy(desc(webhookDeliveries.createdAt))
      .limit(1);
    if (last && last.payload === body) return null;
    const now = deps.clock.now();
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({
        merchantId: session.merchantId,
        channel: 'ucp_platform',
        sessionId: session.id,
        eventType: UCP_ORDER_EVENT,
        orderStatus: orderProgress(order, payment),
        // The UCP channel (`ucp_<version>`), so the agents' delivery log tells it from ACP's versions.
        apiVersion: session.apiVersion,
        url: webhookUrl,
        payload: body,
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: webhookDeliveries.id });
    return row!.id;
  });
  if (deliveryId) await queueDelivery(deps, ucpPlatformChannel(deps), deliveryId, { receiver: session.id });
}
