import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { acpSessions, orders } from '../../db/schema/index';
import type { EngineEvent, EngineEventSubscriber } from '../../events/engine-event';
import type { AcpAgentDeps } from './deps';
import { recordOrderEvent } from './record-order-event';

/**
 * The agent's order webhooks follow the engine's order events (created, paid, written to the store,
 * fulfilled, cancelled), and nothing else sends them: an order that came through an ACP session owes
 * its agent an event when its status moved, one through a UCP session its platform the order entity
 * when it changed (record-order-event.ts).
 */
export function acpOrderEventSubscriber(deps: AcpAgentDeps): EngineEventSubscriber {
  return {
    name: 'acp-order-webhooks',
    topics: ['order'],
    retryLimit: 5,
    retryDelaySeconds: 5,
    handle: async (event, batch) => {
      const sessions = await batch.once('acp-sessions', () => sessionsOfOrders(deps.db, batch.items));
      const sessionId = sessions.get(orderKey(event));
      if (sessionId) await recordOrderEvent(deps, sessionId);
    },
  };
}

const orderKey = (event: Pick<EngineEvent, 'merchantId' | 'subjectId'>) =>
  `${event.merchantId}:${event.subjectId}`;

/**
 * The ACP sessions the events' orders came through, by merchant and order: linked by order_id once
 * completed, or through the session's engine checkout (an order settled in the background before anyone
 * read the session). One indexed read for a fetched batch, however many of its orders are ACP's.
 */
async function sessionsOfOrders(db: Db, events: readonly EngineEvent[]): Promise<Map<string, string>> {
  const orderIds = [...new Set(events.map((event) => event.subjectId))];
  const rows = await db
    .select({ sessionId: acpSessions.id, merchantId: orders.merchantId, orderId: orders.id })
    .from(orders)
    .innerJoin(
      acpSessions,
      and(
        eq(acpSessions.merchantId, orders.merchantId),
        or(eq(acpSessions.orderId, orders.id), eq(acpSessions.checkoutId, orders.checkoutId)),
      ),
    )
    .where(inArray(orders.id, orderIds));
  return new Map(
    rows.map((row) => [orderKey({ merchantId: row.merchantId, subjectId: row.orderId }), row.sessionId]),
  );
}
