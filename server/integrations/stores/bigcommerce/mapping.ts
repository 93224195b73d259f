import type { StoreOrderStatus } from '../store-platform';

/**
 * Every BigCommerce order status id (v2 `status_id`) with its name and our status. Shipped and Completed
 * are fulfilled; the "awaiting" states after payment and Disputed / Partially Refunded orders are still
 * paid; an id BigCommerce adds later is treated as pending.
 */
export const BIGCOMMERCE_ORDER_STATUSES: Record<number, { name: string; status: StoreOrderStatus }> = {
  0: { name: 'Incomplete', status: 'pending' },
  1: { name: 'Pending', status: 'pending' },
  2: { name: 'Shipped', status: 'fulfilled' },
  3: { name: 'Partially Shipped', status: 'paid' },
  4: { name: 'Refunded', status: 'refunded' },
  5: { name: 'Cancelled', status: 'cancelled' },
  6: { name: 'Declined', status: 'failed' },
  7: { name: 'Awaiting Payment', status: 'pending' },
  8: { name: 'Awaiting Pickup', status: 'paid' },
  9: { name: 'Awaiting Shipment', status: 'paid' },
  10: { name: 'Completed', status: 'fulfilled' },
  11: { name: 'Awaiting Fulfillment', status: 'paid' },
  12: { name: 'Manual Verification Required', status: 'pending' },
  13: { name: 'Disputed', status: 'paid' },
  14: { name: 'Partially Refunded', status: 'paid' },
};

/** Our status for a BigCommerce `status_id`. */
export function mapBigcommerceStatus(statusId: number): StoreOrderStatus {
  return Object.hasOwn(BIGCOMMERCE_ORDER_STATUSES, statusId)
    ? BIGCOMMERCE_ORDER_STATUSES[statusId]!.status
    : 'pending';
}

/**
 * The status id we set for each of ours: a paid order awaits fulfilment (11), an unpaid one awaits
 * payment (7), a fulfilled one has shipped (2).
 */
export const BIGCOMMERCE_STATUS_ID_FOR: Record<StoreOrderStatus, number> = {
  pending: 7,
  paid: 11,
  fulfilled: 2,
  cancelled: 5,
  refunded: 4,
  failed: 6,
};
