import { and, count, desc, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import {
  RAPID_CHECKOUT_ACCESS_THRESHOLD,
  RAPID_CHECKOUT_ACCESS_WINDOW_MS,
  type CheckoutAccessOutput,
  type PaymentView,
} from '#common/api/payments';
import type { Db } from '../../db/client';
import { events, type Merchant } from '../../db/schema/index';

const KIND = 'checkout_data_accessed';

/** What an access event records: checkout, amount, reader and status, plus the amount's currency. */
const accessPayload = z.object({
  checkout_id: z.string(),
  amount: z.number(),
  currency: z.string(),
  user_id: z.string(),
  status: z.string(),
});

/** One checkout_data_accessed event per checkout whose payment data the merchant's user was shown. */
export async function recordCheckoutAccess(db: Db, merchant: Merchant, shown: PaymentView[], now: Date) {
  if (shown.length === 0) return;
  await db.insert(events).values(
    shown.map((p) => ({
      merchantId: merchant.id,
      kind: KIND,
      payload: {
        checkout_id: p.checkout_id,
        amount: p.amount,
        currency: p.currency,
        // Each user owns one merchant, so the merchant's user is the reader.
        user_id: merchant.userId,
        status: p.status,
      } satisfies z.infer<typeof accessPayload>,
      createdAt: now,
    })),
  );
}

/** The latest accesses (the dashboard's event log) and the rapid_checkout_access flag. */
export async function checkoutAccessLog(
  db: Db,
  merchantId: string,
  opts: { limit: number; now: Date },
): Promise<CheckoutAccessOutput> {
  const scope = and(eq(events.merchantId, merchantId), eq(events.kind, KIND));
  const windowStart = new Date(opts.now.getTime() - RAPID_CHECKOUT_ACCESS_WINDOW_MS);
  const [latest, [recent]] = await Promise.all([
    db.select().from(events).where(scope).orderBy(desc(events.createdAt)).limit(opts.limit),
    db
      .select({ n: count() })
      .from(events)
      .where(and(scope, gt(events.createdAt, windowStart))),
  ]);
  const accesses = recent?.n ?? 0;
  return {
    events: latest.flatMap((e) => {
      const payload = accessPayload.safeParse(e.payload);
      return payload.success ? [{ id: e.id, ...payload.data, created_at: e.createdAt.toISOString() }] : [];
    }),
    accesses_last_5_minutes: accesses,
    rapid_checkout_access: accesses > RAPID_CHECKOUT_ACCESS_THRESHOLD,
  };
}
