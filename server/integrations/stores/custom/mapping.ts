import type { StoreOrderStatus } from '../store-platform';

/**
 * Custom API order statuses -> ours. The published contract (docs/custom-store.md) uses our own words,
 * so the table is the identity; a status the merchant's API invents is treated as pending.
 */
const STATUS_MAP: Record<string, StoreOrderStatus> = {
  pending: 'pending',
  paid: 'paid',
  fulfilled: 'fulfilled',
  cancelled: 'cancelled',
  refunded: 'refunded',
  failed: 'failed',
};

/** Our status for a Custom API order status (case-insensitive). */
export function mapCustomStatus(status: string): StoreOrderStatus {
  const key = status.toLowerCase();
  return Object.hasOwn(STATUS_MAP, key) ? STATUS_MAP[key]! : 'pending';
}

/** Every status the contract defines. */
export const CUSTOM_STATUSES = Object.keys(STATUS_MAP);
