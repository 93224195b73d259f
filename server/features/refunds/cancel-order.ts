import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { UNCANCELLABLE_ORDER_STATUSES, whyNotCancellable, type CancelOrderOutput } from '#common/api/orders';
import type { RefundReason } from '#common/domain/refunds';
import { merchants, orders, payments, refunds, type Merchant, type Order } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { EngineDeps } from '../commerce';
import { toOrderView } from '../orders';
import { createRefund } from './create-refund';
import { refundableOf } from './refund-views';
import { lightningPayoutOf, railOf } from './reserve-refund';
import { queueStoreCancel } from './store-cancel';

/**
 * The key of a cancellation's refund: one per order, so every path that refunds a cancelled order (the
 * merchant's cancel, its retry, the store-cancellation policy, the merchant's decision) makes one refund.
 */
export const cancellationRefundKey = (orderId: string) => `order-cancel-${orderId}`;

/**
 * The merchant cancels an order not yet fulfilled (ADR 056): the order is claimed CANCELLED in one
 * conditional update (two cancels at once: one wins, the other is a 409), what remains of its payment
 * is refunded in full through the refund path (ledger, exactly once by the order's refund key), and the
 * store is told once by a leased, retried write. The agent hears of it through the order's engine event.
 */
export async function cancelOrder(
  deps: EngineDeps,
  merchant: Merchant,
  orderId: string,
  request: { reason: RefundReason; refunded_outside?: boolean },
): Promise<CancelOrderOutput> {
  const [row] = await deps.db
    .select({ order: orders, payment: payments })
    .from(orders)
    .leftJoin(payments, eq(payments.checkoutId, orders.checkoutId))
    .where(and(eq(orders.id, orderId), eq(orders.merchantId, merchant.id)));
  // Another merchant's order is as unknown as one that does not exist.
  if (!row) throw new AppError('not_found', 'Order not found.');
  const refusal = whyNotCancellable(row.order.status);
  if (refusal) throw new AppError('conflict', refusal);
  // Refused before anything changes: a CoinCorner payment's refund needs the merchant's word (ADR 053).
  const { payment } = row;
  if (
    payment?.status === 'succeeded' &&
    railOf(payment.method) === 'lightning' &&
    lightningPayoutOf(payment.provider) === 'outside_agentcart' &&
    !request.refunded_outside
  ) {
    throw new AppError(
      'unprocessable',
      'This payment cannot be refunded through AgentCart. Refund the buyer outside AgentCart, then confirm it here.',
      { fieldErrors: { refunded_outside: 'Confirm you refunded the buyer outside AgentCart' } },
    );
  }

  const now = deps.clock.now();
  const [claimed] = await deps.db
    .update(orders)
    .set({
      status: 'CANCELLED',
      cancelledAt: now,
      cancelledBy: 'merchant',
      cancelReason: request.reason,
      updatedAt: now,
    })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.merchantId, merchant.id),
        notInArray(orders.status, [...UNCANCELLABLE_ORDER_STATUSES]),
      ),
    )
    .returning();
  if (!claimed) {
    const [current] = await deps.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId));
    throw new AppError(
      'conflict',
      whyNotCancellable(current?.status ?? 'CANCELLED') ?? 'This order is cancelled already.',
    );
  }

  let refund: CancelOrderOutput['refund'] = null;
  try {
    refund = await refundCancelledOrder(deps, merchant, claimed, request);
  } catch (err) {
    // The refund could not even be reserved: the order stands as it was, for the merchant to try again.
    await deps.db
      .update(orders)
      .set({
        status: row.order.status,
        cancelledAt: null,
        cancelledBy: null,
        cancelReason: null,
        updatedAt: deps.clock.now(),
      })
      .where(and(eq(orders.id, orderId), eq(orders.cancelledBy, 'merchant')));
    throw err;
  }
  await queueStoreCancel(deps, claimed.id);
  return { order: toOrderView(claimed, payment?.id ?? null), refund };
}

/**
 * Refunds in full what remains of a cancelled order's payment, under the order's one refund key: a
 * second call answers the same refund. Nothing when the payment is not paid or nothing remains.
 */
export async function refundCancelledOrder(
  deps: EngineDeps,
  merchant: Merchant,
  order: Order,
  request: { reason: RefundReason; refunded_outside?: boolean },
): Promise<CancelOrderOutput['refund']> {
  const [payment] = await deps.db.select().from(payments).where(eq(payments.checkoutId, order.checkoutId));
  if (!payment || payment.status !== 'succeeded') return null;
  const key = cancellationRefundKey(order.id);
  const [earlier] = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.merchantId, merchant.id), eq(refunds.idempotencyKey, key)));
  if (!earlier) {
    const ledger = await deps.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    if (refundableOf(payment, ledger).remaining === 0) return null;
  }
  const { refund } = await createRefund(
    deps,
    merchant,
    payment.id,
    { reason: request.reason, restock: false, refunded_outside: request.refunded_outside ?? false },
    key,
  );
  return refund;
}

/** The words a store-side cancellation's refund is made with. */
const STORE_CANCELLED_REASON: RefundReason = 'other';

/**
 * Orders the store cancelled (its webhook or the reconciliation moved them to CANCELLED) that the
 * merchant's `store_cancellation_policy` has not been applied to: `refund` refunds what remains in full
 * (the one refund key of the order, so never twice), `flag` marks them for the merchant's decision.
 * A Lightning payment that cannot be refunded through AgentCart is flagged whatever the policy.
 */
export async function applyStoreCancellations(deps: EngineDeps): Promise<number> {
  const owed = await deps.db
    .select({ order: orders, merchant: merchants })
    .from(orders)
    .innerJoin(merchants, eq(merchants.id, orders.merchantId))
    .where(
      and(eq(orders.status, 'CANCELLED'), eq(orders.cancelledBy, 'store'), isNull(orders.storeCancellation)),
    )
    .limit(100);
  for (const { order, merchant } of owed) {
    let outcome: 'refunded' | 'flagged' = 'flagged';
    // Refunded in full already (the store moved to refunded after our refund): nothing to decide.
    if (await nothingLeftToRefund(deps, order)) outcome = 'refunded';
    else if (merchant.storeCancellationPolicy === 'refund') {
      try {
        await refundCancelledOrder(deps, merchant, order, { reason: STORE_CANCELLED_REASON });
        outcome = 'refunded';
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        deps.logger.warn(
          { err, orderId: order.id },
          'store-cancelled order flagged: it could not be refunded',
        );
      }
    }
    await deps.db
      .update(orders)
      .set({ storeCancellation: outcome, updatedAt: deps.clock.now() })
      .where(and(eq(orders.id, order.id), isNull(orders.storeCancellation)));
  }
  return owed.length;
}

async function nothingLeftToRefund(deps: EngineDeps, order: Order): Promise<boolean> {
  const [payment] = await deps.db.select().from(payments).where(eq(payments.checkoutId, order.checkoutId));
  if (!payment || payment.status !== 'succeeded') return true;
  const ledger = await deps.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
  return refundableOf(payment, ledger).remaining === 0;
}

/**
 * The merchant's decision on an order the store cancelled and the policy flagged: `refund` refunds what
 * remains in full (once, by the order's refund key), `keep` records that no refund is owed.
 */
export async function decideStoreCancellation(
  deps: EngineDeps,
  merchant: Merchant,
  orderId: string,
  decision: 'refund' | 'keep',
): Promise<CancelOrderOutput> {
  const [row] = await deps.db
    .select({ order: orders, paymentId: payments.id })
    .from(orders)
    .leftJoin(payments, eq(payments.checkoutId, orders.checkoutId))
    .where(and(eq(orders.id, orderId), eq(orders.merchantId, merchant.id)));
  if (!row) throw new AppError('not_found', 'Order not found.');
  if (row.order.storeCancellation !== 'flagged') {
    throw new AppError('conflict', 'This order is not waiting for a decision on a store cancellation.');
  }
  const refund =
    decision === 'refund'
      ? await refundCancelledOrder(deps, merchant, row.order, { reason: STORE_CANCELLED_REASON })
      : null;
  const [decided] = await deps.db
    .update(orders)
    .set({ storeCancellation: decision === 'refund' ? 'refunded' : 'kept', updatedAt: deps.clock.now() })
    .where(and(eq(orders.id, orderId), inArray(orders.storeCancellation, ['flagged'])))
    .returning();
  return { order: toOrderView(decided ?? row.order, row.paymentId), refund };
}
