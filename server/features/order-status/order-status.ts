import { and, eq } from 'drizzle-orm';
import { orderStatusToken, type OrderStatus, type OrderStatusView } from '#common/api/order-status';
import type { Db } from '../../db/client';
import { acpSessions, checkouts, merchants, orders, payments } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { refundedMinor } from '../acp';
import type { EngineDeps } from '../commerce';
import { buyerLightningRefunds, LIGHTNING_REFUND_MESSAGES, payBuyerInvoice } from '../refunds';

export const ORDER_STATUS_MESSAGES = {
  notFound: 'We could not find this order. Check the link you were given, or contact the store.',
} as const;

const notFound = () => new AppError('not_found', ORDER_STATUS_MESSAGES.notFound);

/** A link the page may offer: only http(s), so a store cannot put a `javascript:` URL in front of a buyer. */
function webUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The order behind an order-page token, as its buyer may see it. A malformed token, an unknown one and a
 * session that has no order yet are the same 404, and each costs one indexed query (the token is
 * checked by its format before any), so the answer says nothing about which it was. Read from the
 * database only: the store's status reaches the order through the engine's sync, never on a public call.
 */
export async function readOrderStatus(db: Db, token: string): Promise<OrderStatusView> {
  const { row, lightning } = await orderOfToken(db, token);
  return toOrderStatusView(row, lightning);
}

/**
 * Takes the buyer's invoice for the order's Lightning refund awaiting one, has it paid (ADR 053) and
 * answers the order as it then stands.
 */
export async function submitRefundInvoice(
  deps: EngineDeps,
  token: string,
  invoice: string,
): Promise<OrderStatusView> {
  const { row } = await orderOfToken(deps.db, token);
  if (!row.payment) throw new AppError('conflict', LIGHTNING_REFUND_MESSAGES.none);
  await payBuyerInvoice(deps, row.payment, invoice);
  return readOrderStatus(deps.db, token);
}

async function orderOfToken(db: Db, token: string) {
  if (!orderStatusToken.safeParse(token).success) throw notFound();
  const [row] = await db
    .select({
      merchantName: merchants.name,
      order: orders,
      checkout: checkouts,
      payment: payments,
    })
    .from(acpSessions)
    // Scoped to the session's merchant at every step: a token can only ever reach its own order.
    .innerJoin(merchants, eq(merchants.id, acpSessions.merchantId))
    .innerJoin(
      checkouts,
      and(eq(checkouts.id, acpSessions.checkoutId), eq(checkouts.merchantId, acpSessions.merchantId)),
    )
    .innerJoin(
      orders,
      and(eq(orders.checkoutId, checkouts.id), eq(orders.merchantId, acpSessions.merchantId)),
    )
    .leftJoin(payments, eq(payments.checkoutId, checkouts.id))
    .where(eq(acpSessions.orderPageToken, token))
    .limit(1);
  if (!row) throw notFound();
  const lightning = row.payment
    ? await buyerLightningRefunds({ db }, row.payment)
    : { refunds: [], btcPriceMinor: null };
  return { row, lightning };
}

function toOrderStatusView(
  row: Awaited<ReturnType<typeof orderOfToken>>['row'],
  lightning: Awaited<ReturnType<typeof buyerLightningRefunds>>,
): OrderStatusView {
  const { order, checkout, payment } = row;
  const items = checkout.items.map((item) => ({
    name: item.name,
    quantity: item.quantity,
    unitAmount: item.unitPriceMinor,
    total: item.unitPriceMinor * item.quantity,
  }));
  const tracking = order.tracking;
  return {
    merchantName: row.merchantName,
    status: order.status as OrderStatus,
    orderNumber: order.storeOrderNumber ?? order.storeOrderId,
    placedAt: order.createdAt.toISOString(),
    currency: order.currency.toUpperCase(),
    items,
    shipping: { label: checkout.shippingOption.label, amount: checkout.shippingOption.priceMinor },
    subtotal: items.reduce((sum, item) => sum + item.total, 0),
    total: order.totalMinor,
    refunded: refundedMinor(order, payment),
    lightningRefunds: lightning.refunds,
    btcPriceMinor: lightning.refunds.length ? lightning.btcPriceMinor : null,
    deliverTo: { city: checkout.buyer.address.city, country: checkout.buyer.address.country },
    tracking:
      tracking && (tracking.carrier || tracking.number || tracking.url)
        ? { carrier: tracking.carrier, number: tracking.number, url: webUrl(tracking.url) }
        : null,
  };
}
