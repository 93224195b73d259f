import { desc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { acpSessions, checkouts, orders, payments, webhookDeliveries } from '../../db/schema/index';
import type { JobQueue } from '../../jobs/queue';
import { acpOrderPermalink, isAcpVersion } from '../acp';
import { queueDelivery } from '../outbound-webhooks';
import { loadAgentSettings } from './agent-settings';
import { acpOrderEventChannel } from './deliver-order-event';
import type { AcpAgentDeps } from './deps';
import { orderEvent } from './order-event-payload';

export const ACP_ORDER_EVENT_QUEUE = 'acp-order-event';

/**
 * Owes the agent an order event for this ACP session when its order says something new: loads the
 * session's order (linked by order_id, or through the session's engine checkout when it was settled in
 * the background), builds the event in the session's API version and, if the merchant set an agent
 * endpoint and the last event for the session did not already say exactly this, records the delivery
 * (order_create the first time, order_update after) and queues it. Safe to call any number of times.
 */
export async function queueAcpOrderEvent(deps: AcpAgentDeps, sessionId: string): Promise<void> {
  const [session] = await deps.db.select().from(acpSessions).where(eq(acpSessions.id, sessionId));
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
  const version = session.apiVersion;
  const webhookUrl = settings.webhookUrl;

  const deliveryId = await deps.db.transaction(async (tx) => {
    // One event decision per session at a time, so two changes racing cannot both send the same news.
    await tx
      .select({ id: acpSessions.id })
      .from(acpSessions)
      .where(eq(acpSessions.id, sessionId))
      .for('update');
    const [last] = await tx
      .select({ payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.sessionId, sessionId))
      .orderBy(desc(webhookDeliveries.createdAt))
      .limit(1);
    const event = orderEvent(version, {
      eventType: last ? 'order_update' : 'order_create',
      sessionId,
      permalinkUrl: acpOrderPermalink(deps.publicUrl, session.orderPageToken),
      order,
      checkout: checkout!,
      payment: payment ?? null,
    });
    if (
      last &&
      JSON.stringify((JSON.parse(last.payload) as { data: unknown }).data) === JSON.stringify(event.body.data)
    )
      return null;
    const now = deps.runtime.clock.now();
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
  if (deliveryId) await queueDelivery(deps, acpOrderEventChannel(deps), deliveryId);
}

/**
 * For the engine's order events: an order that came through an ACP session gets its event worked out by
 * a job (which has everything the event needs). Any other order costs one indexed lookup.
 */
export async function notifyAcpOrderChanged(
  deps: { db: Db; jobs: JobQueue },
  orderId: string,
): Promise<void> {
  const [session] = await deps.db
    .select({ id: acpSessions.id })
    .from(acpSessions)
    .where(
      or(
        eq(acpSessions.orderId, orderId),
        inArray(
          acpSessions.checkoutId,
          deps.db.select({ checkoutId: orders.checkoutId }).from(orders).where(eq(orders.id, orderId)),
        ),
      ),
    )
    .limit(1);
  if (session) await deps.jobs.enqueue(ACP_ORDER_EVENT_QUEUE, { sessionId: session.id });
}
