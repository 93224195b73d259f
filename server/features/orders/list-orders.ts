import { and, desc, eq } from 'drizzle-orm';
import type { ListOrdersOutput, OrderView } from '#common/api/orders';
import type { Db } from '../../db/client';
import { orders, payments, type Order } from '../../db/schema/index';
import { monthOrderCount } from '../billing';

export function toOrderView(order: Order, paymentId: string | null = null): OrderView {
  return {
    id: order.id,
    status: order.status,
    total: order.totalMinor,
    currency: order.currency,
    created_at: order.createdAt.toISOString(),
    store_order_id: order.storeOrderId,
    checkout_id: order.checkoutId,
    platform: order.platform,
    test: order.test,
    payment_id: paymentId,
    cancelled_by: (order.cancelledBy as OrderView['cancelled_by']) ?? null,
    store_cancellation: (order.storeCancellation as OrderView['store_cancellation']) ?? null,
  };
}

/** The merchant's latest orders, newest first, and how many it has had since the month began (UTC). */
export async function listOrders(
  db: Db,
  merchantId: string,
  opts: { limit: number; now: Date },
): Promise<ListOrdersOutput> {
  const [rows, monthCount] = await Promise.all([
    db
      .select({ order: orders, paymentId: payments.id })
      .from(orders)
      .leftJoin(payments, eq(payments.checkoutId, orders.checkoutId))
      .where(eq(orders.merchantId, merchantId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(opts.limit),
    monthOrderCount(db, merchantId, opts.now),
  ]);
  return { orders: rows.map((row) => toOrderView(row.order, row.paymentId)), month_count: monthCount };
}

/** One of the merchant's orders, as the dashboard shows it, or null when it is not theirs. */
export async function findOrderView(db: Db, merchantId: string, orderId: string): Promise<OrderView | null> {
  const [row] = await db
    .select({ order: orders, paymentId: payments.id })
    .from(orders)
    .leftJoin(payments, eq(payments.checkoutId, orders.checkoutId))
    .where(and(eq(orders.id, orderId), eq(orders.merchantId, merchantId)));
  return row ? toOrderView(row.order, row.paymentId) : null;
}
