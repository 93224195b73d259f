import { z } from 'zod';

/** Dashboard orders: newest first, the month's count, and a live stream. */
export const ORDERS_DEFAULT_LIMIT = 10;
export const ORDERS_MAX_LIMIT = 50;

export const listOrdersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(ORDERS_MAX_LIMIT).default(ORDERS_DEFAULT_LIMIT),
});

/** One order as the dashboard shows it. `total` is in minor units of `currency`. */
export const orderView = z.object({
  id: z.string(),
  status: z.string(),
  total: z.number(),
  currency: z.string(),
  created_at: z.string(),
  store_order_id: z.string().nullable(),
  checkout_id: z.string(),
  platform: z.string().nullable(),
  /** One of the merchant's own test orders (onboarding, the agent tester): shown with a Test badge. */
  test: z.boolean(),
  /** The payment that paid it, which the order's Refund action refunds (ADR 047); null when none. */
  payment_id: z.string().nullable(),
});
export type OrderView = z.infer<typeof orderView>;

export const listOrdersOutput = z.object({
  orders: z.array(orderView),
  /** Orders created since the first day of the current month, 00:00 UTC (the usage banner). */
  month_count: z.number(),
});
export type ListOrdersOutput = z.infer<typeof listOrdersOutput>;

/** `GET /api/orders/stream` is server-sent events; each `event: order` carries this as its data. */
export const ORDER_STREAM_EVENT = 'order';
export const orderStreamEvent = z.object({ type: z.enum(['INSERT', 'UPDATE']), order: orderView });
export type OrderStreamEvent = z.infer<typeof orderStreamEvent>;
