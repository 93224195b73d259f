import { and, eq, isNull } from 'drizzle-orm';
import { engineEvents, orders, payments, type Merchant, type Payment } from '../../db/schema/index';
import { merchantCardAccount, type EngineDeps } from '../commerce';

/** The engine status of an order whose payment the buyer's bank disputed (ADR 053). */
export const DISPUTED_STATUS = 'DISPUTED';

/**
 * Records a dispute (chargeback) of a card payment, read from the provider with the merchant's own key,
 * never from the webhook's body (ADR 053): the payment is marked disputed once (its first dispute's id,
 * reason and time), and in the same transaction its order gets an engine event, from which the merchant
 * is notified and the agent told (an adjustment of type dispute). A repeated event changes nothing.
 * Returns whether this call recorded it.
 */
export async function syncCardDisputes(
  deps: EngineDeps,
  merchant: Merchant,
  payment: Payment,
): Promise<boolean> {
  if (!payment.providerInvoiceId || payment.disputeId) return false;
  // The account that took the payment, connected or since disconnected; never another (ADR 059).
  const account = await merchantCardAccount(deps, merchant, { payment });
  const found = await account.provider.listDisputes(account.ctx, payment.providerInvoiceId);
  const first = found.at(-1);
  if (!first) return false;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [marked] = await tx
      .update(payments)
      .set({ disputeId: first.id, disputeReason: first.reason, disputedAt: now, updatedAt: now })
      .where(and(eq(payments.id, payment.id), isNull(payments.disputeId)))
      .returning({ id: payments.id });
    if (!marked) return false;
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.checkoutId, payment.checkoutId), eq(orders.merchantId, payment.merchantId)));
    if (order) {
      await tx.insert(engineEvents).values({
        topic: 'order',
        change: 'updated',
        merchantId: payment.merchantId,
        subjectId: order.id,
        status: DISPUTED_STATUS,
      });
    }
    return true;
  });
}
