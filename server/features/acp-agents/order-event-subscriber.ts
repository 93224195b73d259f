import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { acpSessions, orders } from '../../db/schema/index';
import type { EngineEventSubscriber } from '../../events/engine-event';
import type { AcpAgentDeps } from './deps';
import { recordOrderEvent } from './record-order-event';

/**
 * The agent's order webhooks follow the engine's order events (created, paid, written to the store,
 * fulfilled, cancelled), and nothing else sends them: an order that came through an ACP session owes
 * its agent an event when its status moved (record-order-event.ts).
 */
export function acpOrderEventSubscriber(deps: AcpAgentDeps): EngineEventSubscriber {
  return {
    name: 'acp-order-webhooks',
    topics: ['order'],
    retryLimit: 5,
    retryDelaySeconds: 5,
    handle: async (event) => {
      const sessionId = await sessionOfOrder(deps.db, event.merchantId, event.subjectId);
      if (sessionId) await recordOrderEvent(deps, sessionId);
    },
  };
}

/**
 * The ACP session an order came through: linked by order_id once completed, or through the session's
 * engine checkout (an order settled in the background before anyone read the session). Any other order
 * costs one indexed lookup.
 */
async function sessionOfOrder(db: Db, merchantId: string, orderId: string): Promise<string | null> {
  const [session] = await db
    .select({ id: acpSessions.id })
    .from(acpSessions)
    .where(
      and(
        eq(acpSessions.merchantId, merchantId),
        or(
          eq(acpSessions.orderId, orderId),
          inArray(
            acpSessions.checkoutId,
            db.select({ checkoutId: orders.checkoutId }).from(orders).where(eq(orders.id, orderId)),
          ),
        ),
      ),
    )
    .limit(1);
  return session?.id ?? null;
}
