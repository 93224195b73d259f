import type { StoreOrderStatus } from '../store-platform';

/**
 * Magento orders have a state (the workflow position, which only Magento's own actions move) and a
 * status (a label within the state, which a comment can change). The status table speaks first, since
 * it is what the merchant sees in the admin grid; a custom status falls back to its state.
 */
const STATE_MAP: Record<string, StoreOrderStatus> = {
  new: 'pending',
  pending_payment: 'pending',
  payment_review: 'pending',
  holded: 'pending',
  processing: 'paid',
  complete: 'fulfilled',
  closed: 'refunded',
  canceled: 'cancelled',
};

/** Magento's built-in status codes; "fraud" (Suspected Fraud) is a payment we should not trust. */
const STATUS_MAP: Record<string, StoreOrderStatus> = {
  pending: 'pending',
  pending_payment: 'pending',
  payment_review: 'pending',
  holded: 'pending',
  fraud: 'failed',
  processing: 'paid',
  complete: 'fulfilled',
  closed: 'refunded',
  canceled: 'cancelled',
};

/** Our status for an order's status, or failing that its state. */
export function mapMagentoOrderStatus(order: {
  state?: string | null;
  status?: string | null;
}): StoreOrderStatus {
  if (order.status && Object.hasOwn(STATUS_MAP, order.status)) return STATUS_MAP[order.status]!;
  return order.state && Object.hasOwn(STATE_MAP, order.state) ? STATE_MAP[order.state]! : 'pending';
}

/** Every order state the table knows. */
export const MAGENTO_STATES = Object.keys(STATE_MAP);
/** Every built-in status the table knows. */
export const MAGENTO_STATUSES = Object.keys(STATUS_MAP);
