import { and, count, desc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  RAPID_CHECKOUT_ACCESS_THRESHOLD,
  RAPID_CHECKOUT_ACCESS_WINDOW_MS,
  type CheckoutAccessOutput,
} from '#common/api/security';
import type { Db } from '../../db/client';
import { events } from '../../db/schema/index';
import type { CheckoutAccess } from '../../services/checkout-access';

export const CHECKOUT_ACCESS_KIND = 'checkout_data_accessed';

/** A CheckoutAccess as stored in an event's payload. */
export const checkoutAccess = z.object({
  checkout_id: z.string(),
  amount: z.number(),
  currency: z.string(),
  user_id: z.string().nullable(),
  status: z.string(),
  via: z.enum(['dashboard', 'agent_api', 'acp']).default('dashboard'),
  key_id: z.string().nullable().default(null),
}) satisfies z.ZodType<unknown, CheckoutAccess>;
export type { CheckoutAccess };

export function checkoutAccessRow(merchantId: string, access: CheckoutAccess, at: Date) {
  return { merchantId, kind: CHECKOUT_ACCESS_KIND, payload: { ...access }, createdAt: at };
}

/** Which merchants' rows a query sees: one merchant's, or (an admin's view) every merchant's. */
export type MerchantScope = { merchantId: string } | { allMerchants: true };

export const eventsInScope = (scope: MerchantScope): SQL | undefined =>
  'merchantId' in scope ? eq(events.merchantId, scope.merchantId) : undefined;

/** The latest accesses (the dashboard's event log) and the rapid_checkout_access flag. */
export async function checkoutAccessLog(
  db: Db,
  scope: MerchantScope,
  opts: { limit: number; now: Date },
): Promise<CheckoutAccessOutput> {
  const where = and(eventsInScope(scope), inArray(events.kind, [CHECKOUT_ACCESS_KIND]));
  const windowStart = new Date(opts.now.getTime() - RAPID_CHECKOUT_ACCESS_WINDOW_MS);
  const [latest, [recent]] = await Promise.all([
    db.select().from(events).where(where).orderBy(desc(events.createdAt)).limit(opts.limit),
    db
      .select({ n: count() })
      .from(events)
      .where(and(where, gt(events.createdAt, windowStart))),
  ]);
  const accesses = recent?.n ?? 0;
  return {
    events: latest.flatMap((e) => {
      const payload = checkoutAccess.safeParse(e.payload);
      if (!payload.success) return [];
      const { key_id: keyId, ...access } = payload.data;
      return [
        {
          id: e.id,
          merchant_id: e.merchantId,
          ...access,
          // Enough to tell keys apart, never enough to use one.
          key_id: keyId?.slice(0, 8) ?? null,
          created_at: e.createdAt.toISOString(),
        },
      ];
    }),
    accesses_last_5_minutes: accesses,
    rapid_checkout_access: accesses > RAPID_CHECKOUT_ACCESS_THRESHOLD,
  };
}
