import { and, asc, desc, eq } from 'drizzle-orm';
import { acpSessions, checkouts, orders, payments, refunds, webhookDeliveries } from '../../db/schema/index';
import { acpOrderPermalink, isAcpVersion } from '../acp';
import { queueDelivery } from '../outbound-webhooks';
import { isUcpSession, recordUcpOrderEvent } from '../ucp';
import { loadAgentSettings } from './agent-settings';
import { acpOrderEventChannel } from './deliver-order-event';
import type { AcpAgentDeps } from './deps';
import { orderEvent } from './order-event-payload';

/**
 * Owes the agent an order event for this ACP session when its order's status, as the session's API
 * version names it, is not the one the agent was last told: order_create the first time, order_update
 * for each change after. The event is built from the order as it stands now, so an engine event handled
 * late, or twice, says nothing twice. Without an agent endpoint nothing is owed. A session that came in
 * through UCP owes its platform the UCP order entity instead (ucp/order-webhooks.ts).
 */
export async function recordOrderEvent(deps: AcpAgentDeps, sessionId: string): Promise<void> {
  const [session] = await deps.db.select().from(acpSessions).where(eq(acpSessions.id, sessionId));
  if (session && isUcpSession(session)) return recordUcpOrderEvent(deps, session);
  if (!session || !isAcpVersion(session.apiVersion)) return;
  const settings = await loadAgentSettings(deps.db, session.merchantId);
  if (!settings.webhookUrl) return;
  const [order] = session.orderId
    ? await deps.db.select().from(orders).where(eq(orders.id, session.orderId))
    : session.checkoutId
      ? await deps.db.select().from(orders).where(eq(orders.checkoutId, session.checkoutId))
      : [];
  if (!order || order.merchantId !== session.merchantId) return;
  const [checkout] = await deps.db.select().from(checkouts).where(eq(checkouts.id, order.checkoutId));
  const [payment] = await deps.db.select().from(payments).where(eq(payments.checkoutId, order.checkoutId));
  const orderRefunds = await deps.db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, order.id))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  const version = session.apiVersion;
  const webhookUrl = settings.webhookUrl;

  const deliveryId = await deps.db.transaction(async (tx) => {
    // One decision per session at a time, so two events handled at once cannot both send the same news.
    await tx
      .select({ id: acpSessions.id })
      .from(acpSessions)
      .where(eq(acpSessions.id, sessionId))
      .for('update');
    const [last] = await tx
      .select({ orderStatus: webhookDeliveries.orderStatus, payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.sessionId, sessionId), eq(webhookDeliveries.channel, 'acp_agent')))
      .orderBy(desc(webhookDeliveries.createdAt))
      .limit(1);
    const event = orderEvent(version, {
      eventType: last ? 'order_update' : 'order_create',
      sessionId,
      permalinkUrl: acpOrderPermalink(deps.publicUrl, session.orderPageToken),
      order,
      checkout: checkout!,
      payment: payment ?? null,
      refunds: orderRefunds,
    });
    // News is a new status, or a change to the money given back (a refund made, settled or failed).
    if (last && last.orderStatus === event.status && refundNews(last.payload) === refundNews(event.body))
      return null;
    const now = deps.clock.now();
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({
        merchantId: session.merchantId,
        channel: 'acp_agent',
        sessionId,
        eventType: event.body.type,
        orderStatus: event.status,
        apiVersion: version,
        url: webhookUrl,
        payload: JSON.stringify(event.body),
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: webhookDeliveries.id });
    return row!.id;
  });
  if (deliveryId) await queueDelivery(deps, acpOrderEventChannel(deps), deliveryId, { receiver: sessionId });
}

/** What an order event says of refunds: the 2026 adjustments or the 2025 refunds, as sent. */
function refundNews(body: string | { data: object }): string {
  const parsed = (typeof body === 'string' ? JSON.parse(body) : body) as {
    data?: { adjustments?: unknown; refunds?: unknown };
  };
  return JSON.stringify(parsed.data?.adjustments ?? parsed.data?.refunds ?? []);
}
