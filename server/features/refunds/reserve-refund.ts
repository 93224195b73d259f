import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { createRefundInput } from '#common/api/refunds';
import { formatAmount } from '#common/domain/money';
import type { LightningPayout, RefundLineItem, RefundRail } from '#common/domain/refunds';
import type { Db } from '../../db/client';
import {
  checkouts,
  orders,
  paymentConnections,
  payments,
  refunds,
  type OfferItem,
  type Payment,
  type Refund,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { canPayOut, lightningProviderName as providerName, paymentAccountMismatch } from '../commerce';
import { refundableOf } from './refund-views';

export type RefundRequest = z.output<typeof createRefundInput>;

/** The payment's rail, by the method it was paid with (btc_<provider> is Lightning). */
export const railOf = (method: string): RefundRail => (method.startsWith('btc_') ? 'lightning' : 'card');

/**
 * Writes the refund as a pending ledger entry, holding its amount against the payment's remainder, in a
 * transaction that holds the payment row (FOR UPDATE): every refund of one payment is reserved one after
 * another, so two that together exceed the remainder cannot both pass the check (ADR 047). A key already
 * used for a refund of this merchant answers that refund (`created: false`) and reserves nothing.
 */
export async function reserveRefund(
  db: Db,
  merchantId: string,
  paymentId: string,
  request: RefundRequest,
  idempotencyKey: string,
): Promise<{ refund: Refund; created: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ payment: payments, items: checkouts.items, orderId: orders.id })
      .from(payments)
      .innerJoin(checkouts, eq(checkouts.id, payments.checkoutId))
      .leftJoin(orders, eq(orders.checkoutId, payments.checkoutId))
      .where(and(eq(payments.id, paymentId), eq(payments.merchantId, merchantId)))
      .for('update', { of: payments });
    // Another merchant's payment is as unknown as one that does not exist.
    if (!row) throw new AppError('not_found', 'Payment not found.');
    const { payment } = row;

    const [existing] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.merchantId, merchantId), eq(refunds.idempotencyKey, idempotencyKey)));
    if (existing) {
      if (existing.paymentId !== payment.id) {
        throw new AppError(
          'unprocessable',
          'This Idempotency-Key was already used for a refund of another payment.',
        );
      }
      return { refund: existing, created: false };
    }
    if (payment.status !== 'succeeded') {
      throw new AppError('unprocessable', 'Only a paid payment can be refunded.');
    }
    const rail = railOf(payment.method);
    // Refused before anything is held: a card payment taken by a Stripe account since replaced cannot be
    // refunded through the connected one (ADR 059).
    if (rail === 'card' && payment.providerAccountId) {
      const [connection] = await tx
        .select({ accountId: paymentConnections.accountId })
        .from(paymentConnections)
        .where(
          and(
            eq(paymentConnections.merchantId, merchantId),
            eq(paymentConnections.provider, payment.provider),
          ),
        );
      const mismatch = paymentAccountMismatch(payment, connection?.accountId ?? null);
      if (mismatch) throw new AppError('unprocessable', mismatch);
    }
    const earlier = await tx
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, payment.id))
      .orderBy(asc(refunds.createdAt));
    const { remaining } = refundableOf(payment, earlier);
    const lineItems = request.line_items ? refundedLines(row.items, earlier, request.line_items) : null;
    const amountMinor = lineItems
      ? lineItems.reduce((total, line) => total + line.amountMinor, 0)
      : (request.amount ?? remaining);
    if (remaining === 0) {
      throw new AppError('conflict', 'This payment has been refunded in full already.');
    }
    if (amountMinor > remaining) {
      throw new AppError(
        'conflict',
        `The refund (${formatAmount(amountMinor, payment.currency)}) is more than the ${formatAmount(remaining, payment.currency)} still refundable on this payment.`,
        { fieldErrors: { amount: `At most ${formatAmount(remaining, payment.currency)}` } },
      );
    }
    const lightning = rail === 'lightning' ? lightningTerms(payment, amountMinor, request) : null;
    const [refund] = await tx
      .insert(refunds)
      .values({
        merchantId,
        paymentId: payment.id,
        orderId: row.orderId,
        rail,
        provider: payment.provider,
        amountMinor,
        currency: payment.currency,
        reason: request.reason,
        lineItems,
        restock: request.restock,
        // A Lightning refund waits for the buyer's invoice; one made outside AgentCart is done already.
        status: lightning?.payout === 'outside_agentcart' ? 'succeeded' : 'pending',
        amountSats: lightning?.amountSats ?? null,
        settledOutside: lightning?.payout === 'outside_agentcart',
        idempotencyKey,
        origin: 'merchant_app',
        test: payment.test,
      })
      .returning();
    return { refund: refund!, created: true };
  });
}

/** How a Lightning payment's provider gives money back: by paying the buyer's invoice, or not at all. */
export const lightningPayoutOf = (provider: string): LightningPayout =>
  canPayOut(provider) ? 'buyer_invoice' : 'outside_agentcart';

/** The payment's own exchange rate: the sats its invoice was for, from the provider's answer. */
export function paidSatsOf(payment: Pick<Payment, 'providerPayload'>): number | null {
  const sats = payment.providerPayload.amount_sats;
  return typeof sats === 'number' && Number.isInteger(sats) && sats > 0 ? sats : null;
}

/**
 * What a Lightning refund owes and how it is paid (ADR 053). The sats follow the refund's fiat amount at
 * the rate the buyer paid at (the refund of the whole payment is exactly the sats paid), so neither side
 * bears the price's move since. A provider with no payout API cannot send them: the merchant must say
 * the money went back outside AgentCart, and nothing is faked.
 */
function lightningTerms(payment: Payment, amountMinor: number, request: RefundRequest) {
  const payout = lightningPayoutOf(payment.provider);
  if (payout === 'outside_agentcart') {
    if (!request.refunded_outside) {
      throw new AppError(
        'unprocessable',
        `${providerName(payment.provider)} cannot send refunds through AgentCart. Refund the buyer outside AgentCart, then record it here.`,
        { fieldErrors: { refunded_outside: 'Confirm you refunded the buyer outside AgentCart' } },
      );
    }
    return { payout, amountSats: null };
  }
  const paidSats = paidSatsOf(payment);
  if (paidSats === null) {
    throw new AppError(
      'unprocessable',
      'The exchange rate of this payment is no longer known, so its refund cannot be paid in sats. Refund the buyer outside AgentCart.',
    );
  }
  return { payout, amountSats: Math.round((paidSats * amountMinor) / payment.amountMinor) };
}

/**
 * The asked lines priced at what the buyer paid for them, each no more than was bought less what earlier
 * refunds (not failed) gave back for that item.
 */
function refundedLines(
  bought: OfferItem[],
  earlier: Refund[],
  asked: { sku: string; quantity: number }[],
): RefundLineItem[] {
  const fieldErrors: Record<string, string> = {};
  const lines = asked.map((line, i) => {
    const item = bought.find((b) => b.sku === line.sku);
    if (!item) {
      fieldErrors[`line_items.${i}.sku`] = `This order has no item ${line.sku}`;
      return null;
    }
    const alreadyRefunded = earlier
      .filter((r) => r.status !== 'failed')
      .flatMap((r) => r.lineItems ?? [])
      .filter((l) => l.sku === line.sku)
      .reduce((total, l) => total + l.quantity, 0);
    const left = item.quantity - alreadyRefunded;
    if (line.quantity > left) {
      fieldErrors[`line_items.${i}.quantity`] =
        left === 0 ? 'Every one of this item is refunded already' : `At most ${left} of this item`;
      return null;
    }
    return { sku: item.sku, quantity: line.quantity, amountMinor: item.unitPriceMinor * line.quantity };
  });
  if (Object.keys(fieldErrors).length) {
    throw new AppError('unprocessable', 'Some items cannot be refunded.', { fieldErrors });
  }
  return lines as RefundLineItem[];
}
