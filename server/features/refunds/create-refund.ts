import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { CreateRefundOutput, PaymentRefundsOutput } from '#common/api/refunds';
import { checkouts, payments, refunds, type Merchant } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { EngineDeps } from '../commerce';
import { refundableOf, toRefundView } from './refund-views';
import { refundableItems } from './refundable-items';
import { lightningPayoutOf, railOf, reserveRefund, type RefundRequest } from './reserve-refund';
import { sendCardRefund } from './send-refund';
import { queueStoreRefunds } from './store-refund';

/**
 * A merchant's refund of one of its payments: reserved in the ledger first (so it is never lost and never
 * exceeds the remainder), then made by the payment's provider. A card refund is made at once; a
 * Lightning refund stays pending until the buyer gives an invoice on their order page (ADR 053), or is
 * recorded as made outside AgentCart where the provider cannot pay out.
 * `idempotencyKey` names the logical refund: a key already used answers that refund and sends nothing.
 */
export async function createRefund(
  deps: EngineDeps,
  merchant: Merchant,
  paymentId: string,
  request: RefundRequest,
  idempotencyKey: string = randomUUID(),
): Promise<CreateRefundOutput> {
  const reserved = await reserveRefund(deps.db, merchant.id, paymentId, request, idempotencyKey);
  const refund =
    reserved.created && reserved.refund.rail === 'card'
      ? await sendCardRefund(deps, merchant, reserved.refund)
      : reserved.refund;
  // A succeeded refund is owed to the store's order (ADR 052).
  if (refund.status === 'succeeded') await queueStoreRefunds(deps, paymentId);
  const { refundable } = await paymentRefunds(deps, merchant, paymentId);
  return { refund: toRefundView(refund), refundable };
}

/** A payment's refunds, oldest first, and what is left to refund on it. */
export async function paymentRefunds(
  deps: Pick<EngineDeps, 'db'>,
  merchant: Merchant,
  paymentId: string,
): Promise<PaymentRefundsOutput> {
  const [row] = await deps.db
    .select({ payment: payments, items: checkouts.items })
    .from(payments)
    .innerJoin(checkouts, eq(checkouts.id, payments.checkoutId))
    .where(and(eq(payments.id, paymentId), eq(payments.merchantId, merchant.id)));
  if (!row) throw new AppError('not_found', 'Payment not found.');
  const { payment } = row;
  const rows = await deps.db
    .select()
    .from(refunds)
    .where(eq(refunds.paymentId, payment.id))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  return {
    refunds: rows.map(toRefundView),
    refundable: refundableOf(payment, rows),
    rail: railOf(payment.method),
    lightning_payout: railOf(payment.method) === 'lightning' ? lightningPayoutOf(payment.provider) : null,
    items: refundableItems(row.items, rows),
  };
}
