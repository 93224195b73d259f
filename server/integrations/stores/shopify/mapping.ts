import type { StoreOrderStatus } from '../store-platform';

/**
 * Shopify keeps no single order status: money (`financial_status`), shipping (`fulfillment_status`) and
 * cancellation (`cancelled_at`, `cancel_reason`) are separate. The money table decides, then a refund,
 * a cancellation (a declined payment is our "failed") and a complete fulfilment refine it.
 */
const FINANCIAL_STATUS_MAP: Record<string, StoreOrderStatus> = {
  pending: 'pending',
  authorized: 'pending',
  partially_paid: 'pending',
  paid: 'paid',
  partially_refunded: 'paid',
  refunded: 'refunded',
  voided: 'cancelled',
  expired: 'failed',
};

/** The fields of an order that together say where it stands. */
export interface ShopifyOrderState {
  financial_status?: string | null;
  fulfillment_status?: string | null;
  cancelled_at?: string | null;
  cancel_reason?: string | null;
}

/** Our status for a `financial_status` alone; unknown values are pending. */
export function mapShopifyFinancialStatus(status: string | null | undefined): StoreOrderStatus {
  return status && Object.hasOwn(FINANCIAL_STATUS_MAP, status) ? FINANCIAL_STATUS_MAP[status]! : 'pending';
}

/** Our status for a whole order. */
export function mapShopifyOrderStatus(order: ShopifyOrderState): StoreOrderStatus {
  const money = mapShopifyFinancialStatus(order.financial_status);
  if (money === 'refunded') return 'refunded';
  if (order.cancelled_at) return order.cancel_reason === 'declined' ? 'failed' : 'cancelled';
  if (money === 'paid' && order.fulfillment_status === 'fulfilled') return 'fulfilled';
  return money;
}

/** What a merchant would read in their Shopify admin, e.g. "paid, fulfilled" or "cancelled (declined)". */
export function describeShopifyOrderState(order: ShopifyOrderState): string {
  if (order.cancelled_at) return `cancelled (${order.cancel_reason ?? 'other'})`;
  return [order.financial_status ?? 'pending', order.fulfillment_status].filter(Boolean).join(', ');
}

/** Every `financial_status` the table knows. */
export const SHOPIFY_FINANCIAL_STATUSES = Object.keys(FINANCIAL_STATUS_MAP);

/** Shopify's cancel reasons (`POST /orders/{id}/cancel.json`). */
export const SHOPIFY_CANCEL_REASONS = [
  'customer',
  'declined',
  'fraud',
  'inventory',
  'staff',
  'other',
] as const;
