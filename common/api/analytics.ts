import { z } from 'zod';
import { includeTestParam } from './include-test';

/** Analytics (/analytics): how agent commerce sells, over the last 7, 30 or 90 UTC days. */
export const ANALYTICS_WINDOWS = [7, 30, 90] as const;
export type AnalyticsWindow = (typeof ANALYTICS_WINDOWS)[number];

export const analyticsQuery = z.object({
  days: z
    .enum(['7', '30', '90'])
    .default('30')
    .transform((days) => Number(days) as AnalyticsWindow),
  /** Off by default: the merchant's own test orders count only when asked for (ADR 043). */
  include_test: includeTestParam,
});
export type AnalyticsQuery = z.input<typeof analyticsQuery>;

/** Money is minor units of the report's currency; `orders` count paid orders not cancelled or rejected. */
const sales = { orders: z.number().int(), revenue: z.number().int() };

export const analyticsReport = z.object({
  days: z.number().int(),
  /** The merchant's currency: revenue sums orders in it; `other_currency_orders` counts the rest. */
  currency: z.string(),
  /** The first and last UTC day of the window, inclusive (YYYY-MM-DD). */
  from: z.string(),
  to: z.string(),
  totals: z.object({
    ...sales,
    /** Revenue over orders, rounded to a minor unit; 0 with no orders. */
    average_order_value: z.number().int(),
    other_currency_orders: z.number().int(),
    /** Refunds that succeeded in the window (by the day they were made), in the report's currency. */
    refunded: z.number().int(),
    /**
     * Card disputes the merchant lost in the window (by the day the bank decided), in the report's
     * currency: money the bank took back (ADR 058).
     */
    disputes_lost: z.number().int(),
    /** Revenue less those refunds (ADR 047) and lost disputes (ADR 058). */
    net_revenue: z.number().int(),
  }),
  /** Every day of the window, oldest first, days without orders included. */
  daily: z.array(z.object({ day: z.string(), ...sales, average_order_value: z.number().int() })),
  /**
   * Payments that succeeded in the window by method (stripe_spt, btc_<provider>), in the merchant's
   * currency: what each way of paying took, including payments whose order was later cancelled.
   */
  by_method: z.array(z.object({ method: z.string(), payments: z.number().int(), amount: z.number().int() })),
  /**
   * The funnel per channel (common/domain/sales-channel): `started` counts offers on the agent API and
   * the tester, sessions on ACP; then checkouts, then paid orders.
   */
  by_channel: z.array(
    z.object({
      channel: z.string(),
      started: z.number().int(),
      checkouts: z.number().int(),
      ...sales,
    }),
  ),
  /** Checkouts and paid orders per calling agent (null: it sent no User-Agent), most orders first. */
  by_agent: z.array(z.object({ agent: z.string().nullable(), checkouts: z.number().int(), ...sales })),
  lightning: z.object({
    paid: z.number().int(),
    expired: z.number().int(),
    /**
     * Median seconds from invoice to payment over the paid invoices; null with none. Read from a histogram
     * whose buckets hold each time rounded down to the second under a minute, to 10 s under 10 minutes,
     * to the minute under an hour and to the hour beyond (ADR 028).
     */
    median_seconds_to_pay: z.number().nullable(),
  }),
});
export type AnalyticsReport = z.infer<typeof analyticsReport>;

/** Conversion as a share of `of` (0 when there is nothing to convert). */
export function conversion(part: number, of: number): number {
  return of === 0 ? 0 : part / of;
}
