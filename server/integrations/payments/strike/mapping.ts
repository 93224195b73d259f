import type { PaymentStatus } from '#common/domain/payment-status';

/**
 * Strike invoice states -> ours. A Strike invoice never lapses by itself (only its quotes do), so an
 * unpaid one ends only by being cancelled; for a checkout that means it can no longer be paid, the same
 * outcome as an expired invoice elsewhere. Anything Strike adds later is treated as pending.
 */
const STATUS_MAP: Record<string, PaymentStatus> = {
  UNPAID: 'pending',
  PENDING: 'processing',
  PAID: 'succeeded',
  CANCELLED: 'expired',
};

export function mapStrikeStatus(state: string): PaymentStatus {
  return STATUS_MAP[state] ?? 'pending';
}

export const STRIKE_STATUSES = Object.keys(STATUS_MAP);
