import { z } from 'zod';
import { REFUND_REASONS } from '../domain/refunds';
import { refundView } from './refunds';

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
  /** Who cancelled it (ADR 056): the merchant in AgentCart, or the store; null while it stands. */
  cancelled_by: z.enum(['merchant', 'store']).nullable(),
  /** A store-side cancellation awaiting the merchant's decision, refunded, or kept (no refund). */
  store_cancellation: z.enum(['flagged', 'refunded', 'kept']).nullable(),
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

/** Order statuses under which the merchant can no longer cancel (ADR 056). */
export const UNCANCELLABLE_ORDER_STATUSES = ['FULFILLED', 'CANCELLED', 'REJECTED'] as const;

/** Why an order cannot be cancelled, in the merchant's words; null when it can. */
export function whyNotCancellable(status: string): string | null {
  if (status === 'FULFILLED')
    return 'This order has been fulfilled, so it can no longer be cancelled. Refund it instead.';
  if (status === 'CANCELLED') return 'This order is cancelled already.';
  if (status === 'REJECTED') return 'This order was rejected, so there is nothing to cancel.';
  return null;
}

/** POST /api/orders/:id/cancel (ADR 056): cancel an order not yet fulfilled, refunding what remains in full. */
export const orderParams = z.object({ id: z.uuid('Not an order id') });
export const cancelOrderInput = z.object({
  reason: z.enum(REFUND_REASONS, {
    error: 'Choose a reason: duplicate, fraudulent, requested_by_customer or other',
  }),
  /** Lightning on a provider that cannot pay out (CoinCorner): as for a refund (ADR 053). */
  refunded_outside: z.boolean().optional(),
});
export type CancelOrderInput = z.input<typeof cancelOrderInput>;
export const cancelOrderOutput = z.object({
  order: orderView,
  /** The full refund of what remained; null when nothing remained to refund. */
  refund: refundView.nullable(),
});
export type CancelOrderOutput = z.infer<typeof cancelOrderOutput>;

/** POST /api/orders/:id/store-cancellation: the merchant's decision on an order the store cancelled. */
export const storeCancellationDecisionInput = z.object({
  decision: z.enum(['refund', 'keep'], { error: 'Choose refund or keep' }),
});
export type StoreCancellationDecisionInput = z.input<typeof storeCancellationDecisionInput>;
