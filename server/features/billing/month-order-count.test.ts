import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index';
import { insertCheckout } from '../../test/checkout-rows';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { newMerchant } from '../../test/merchant-kit';
import { monthOrderCount } from './month-order-count';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t.close());

const november = new Date('2026-11-20T12:00:00Z');
const october = new Date('2026-10-20T12:00:00Z');

/** The count kept by the trigger and the one counted from the orders, per UTC month. */
async function keptAndCounted(merchantId: string) {
  const kept = await t.db.execute<{ month: string; orders: number }>(
    sql`SELECT month::text, orders FROM order_months WHERE merchant_id = ${merchantId} AND orders <> 0 ORDER BY month`,
  );
  const counted = await t.db.execute<{ month: string; orders: number }>(
    sql`SELECT date_trunc('month', created_at AT TIME ZONE 'UTC')::date::text AS month, count(*)::int AS orders
        FROM orders WHERE merchant_id = ${merchantId} GROUP BY 1 ORDER BY 1`,
  );
  return { kept: kept.rows, counted: counted.rows };
}

describe('monthly order count (order_months)', () => {
  it('equals count(*) per UTC month after inserts, deletes, a move and a rolled-back transaction', async () => {
    const { merchantId } = await newMerchant(t);
    const other = await newMerchant(t);
    // Every status counts, and the month ends at midnight UTC.
    for (const [at, status] of [
      [new Date('2026-11-01T00:00:00Z'), 'ACCEPTED'],
      [new Date('2026-11-05T10:00:00Z'), 'CANCELLED'],
      [new Date('2026-11-30T23:59:59Z'), 'REJECTED'],
      [new Date('2026-10-31T23:59:59Z'), 'ACCEPTED'],
    ] as const) {
      await insertCheckout(t, merchantId, { createdAt: at, order: { status } });
    }
    await insertCheckout(t, other.merchantId, { createdAt: november, order: { status: 'ACCEPTED' } });
    expect(await monthOrderCount(t.db, merchantId, november)).toBe(3);
    expect(await monthOrderCount(t.db, merchantId, october)).toBe(1);
    expect(await monthOrderCount(t.db, other.merchantId, november)).toBe(1);

    const [first] = await t.db.select().from(orders).where(eq(orders.merchantId, merchantId)).limit(1);
    await t.db.delete(orders).where(eq(orders.id, first!.id));
    const [moved] = await t.db.select().from(orders).where(eq(orders.merchantId, merchantId)).limit(1);
    await t.db
      .update(orders)
      .set({ createdAt: new Date('2026-09-15T00:00:00Z') })
      .where(eq(orders.id, moved!.id));
    await expect(
      t.db.transaction(async (tx) => {
        await tx.delete(orders).where(eq(orders.merchantId, merchantId));
        expect(await monthOrderCount(tx, merchantId, november)).toBe(0);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');

    const { kept, counted } = await keptAndCounted(merchantId);
    expect(counted.reduce((n, row) => n + Number(row.orders), 0)).toBe(3);
    expect(kept.map((r) => [r.month, Number(r.orders)])).toEqual(
      counted.map((r) => [r.month, Number(r.orders)]),
    );
    expect(await monthOrderCount(t.db, other.merchantId, november)).toBe(1);

    // The rebuild (the migration's backfill, the repair after a load with triggers off) counts the same.
    await t.db.execute(sql`UPDATE order_months SET orders = 0 WHERE merchant_id = ${merchantId}`);
    await t.db.execute(sql`SELECT order_months_rebuild(${merchantId}::uuid)`);
    expect((await keptAndCounted(merchantId)).kept).toEqual(kept);
  });
});
