import type { PaymentStatus } from '#common/domain/payment-status';

/**
 * CoinCorner `OrderStatus` codes -> ours (checkout.coincorner.com/Help/Api/POST-api-CheckOrder). Refunds
 * end the payment as far as a checkout is concerned, so they read as canceled. CoinCorner has no
 * underpaid state. `N/A` (which the official plugins also handle) and any code added later stay pending.
 */
const STATUS_MAP: Record<string, PaymentStatus> = {
  '0': 'pending', // Awaiting Payment
  '1': 'processing', // Pending Confirmation
  '2': 'succeeded', // Complete
  '-1': 'canceled', // Cancelled
  '-2': 'expired', // Expired
  '-4': 'canceled', // Pending Refund
  '-5': 'canceled', // Refunded
  '-99': 'pending', // Pending (Invoice Order)
  'N/A': 'pending',
};

export function mapCoincornerStatus(code: number | string): PaymentStatus {
  return STATUS_MAP[String(code)] ?? 'pending';
}

export const COINCORNER_STATUSES = Object.keys(STATUS_MAP);
