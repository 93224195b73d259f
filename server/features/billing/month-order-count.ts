import { and, eq } from 'drizzle-orm';
import { monthStart } from '#common/domain/trial-and-usage';
import type { Db } from '../../db/client';
import { orderMonths } from '../../db/schema/index';

/**
 * How many orders the merchant has had this UTC month, whatever their status: what the plan's allowance
 * counts. Read from order_months, which a trigger keeps exact in the orders rows' own transaction
 * (migration 0025), so a busy merchant's month costs one row, not tens of thousands.
 */
export async function monthOrderCount(db: Db, merchantId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ orders: orderMonths.orders })
    .from(orderMonths)
    .where(
      and(
        eq(orderMonths.merchantId, merchantId),
        eq(orderMonths.month, monthStart(now).toISOString().slice(0, 10)),
      ),
    );
  return row?.orders ?? 0;
}
