import { and, eq, isNull } from 'drizzle-orm';
import { engineEvents, orders, payments, type Merchant, type Payment } from '../../db/schema/index';
import type { ProviderDispute } from '../../integrations/payments/payment-provider';
import { merchantCardAccount, type EngineDeps } from '../commerce';

/** The engine status of an order whose payment the buyer's bank disputed (ADR 053). */
export const DISPUTED_STATUS = 'DISPUTED';
/** The engine status of an order whose payment's dispute the bank decided, won or lost (ADR 058). */
export const DISPUTE_CLOSED_STATUS = 'DISPUTE_CLOSED';

/** Stripe's final dispute states: the bank decided (won, lost) or an inquiry ended without a chargeback. */
const CLOSED = new Set(['won', 'lost', 'warning_closed']);
export const disputeIsClosed = (status: string | null | undefined) => CLOSED.has(status ?? '');

/**
 * Follows a card payment's dispute (chargeback), read from the provider with the merchant's own key,
 * never from the webhook's body (ADR 053, 058). The first dispute marks the payment disputed (its id,
 * reason, status, amount and time); later reads follow that dispute's status. Each step is one
 * transaction with an engine event on the order, from which the merchant is notified and the agent told
 * (an adjustment of type dispute): DISPUTED when it opens, DISPUTE_CLOSED when the bank decides. A
 * repeated or stale event changes nothing. Returns whether this call recorded a change.
 */
export async function syncCardDisputes(
  deps: EngineDeps,
  merchant: Merchant,
  payment: Payment,
): Promise<boolean> {
  if (!payment.providerInvoiceId) return false;
  // The account that took the payment, connected or since disconnected; never another (ADR 059).
  const account = await merchantCardAccount(deps, merchant, { payment });
  const found = await account.provider.listDisputes(account.ctx, payment.providerInvoiceId);
  // Newest first: the one we follow is the first ever opened, unless the payment names it already.
  const dispute = payment.disputeId ? found.find((d) => d.id === payment.disputeId) : found.at(-1);
  if (!dispute) return false;
  if (payment.disputeId && payment.disputeStatus === dispute.status) return false;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const changed = await recordDispute(tx, payment, dispute, now);
    if (!changed) return false;
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.checkoutId, payment.checkoutId), eq(orders.merchantId, payment.merchantId)));
    if (order && changed !== 'updated') {
      await tx.insert(engineEvents).values({
        topic: 'order',
        change: 'updated',
        merchantId: payment.merchantId,
        subjectId: order.id,
        status: changed === 'opened' ? DISPUTED_STATUS : DISPUTE_CLOSED_STATUS,
      });
    }
    return true;
  });
}

type Tx = Parameters<Parameters<EngineDeps['db']['transaction']>[0]>[0];

/**
 * Writes what Stripe said of the dispute, guarded so two deliveries racing record it once: opening only
 * where no dispute is recorded, a status change only from the status this read started from. A dispute
 * first seen already closed (its events were missed) is opened and closed in one step; the merchant is
 * then told of the outcome only. Answers what changed: opened, closed, updated (a step short of the
 * outcome, such as evidence under review, which nobody is told of), or nothing.
 */
async function recordDispute(
  tx: Tx,
  payment: Payment,
  dispute: ProviderDispute,
  now: Date,
): Promise<'opened' | 'closed' | 'updated' | null> {
  const closed = disputeIsClosed(dispute.status);
  const status = {
    disputeStatus: dispute.status,
    disputeAmountMinor: dispute.amountMinor,
    ...(closed ? { disputeClosedAt: now } : {}),
    updatedAt: now,
  };
  if (!payment.disputeId) {
    const [marked] = await tx
      .update(payments)
      .set({ disputeId: dispute.id, disputeReason: dispute.reason, disputedAt: now, ...status })
      .where(and(eq(payments.id, payment.id), isNull(payments.disputeId)))
      .returning({ id: payments.id });
    if (!marked) return null;
    return closed ? 'closed' : 'opened';
  }
  // Once decided, a dispute stays as decided here (Stripe does not reopen one).
  if (payment.disputeClosedAt) return null;
  const [moved] = await tx
    .update(payments)
    .set(status)
    .where(
      and(
        eq(payments.id, payment.id),
        eq(payments.disputeId, dispute.id),
        isNull(payments.disputeClosedAt),
        payment.disputeStatus === null
          ? isNull(payments.disputeStatus)
          : eq(payments.disputeStatus, payment.disputeStatus),
      ),
    )
    .returning({ id: payments.id });
  if (!moved) return null;
  return closed ? 'closed' : 'updated';
}
