import type { PaymentStatus } from '#common/domain/payment-status';

/**
 * OpenNode charge statuses -> ours. Lightning charges only ever become paid or expired; the others are
 * on-chain states. Anything not listed (a status OpenNode adds later) is treated as pending.
 */
const STATUS_MAP: Record<string, PaymentStatus> = {
  unpaid: 'pending',
  processing: 'processing',
  paid: 'succeeded',
  underpaid: 'needs_review',
  refunded: 'canceled',
  expired: 'expired',
};

export function mapOpennodeStatus(status: string): PaymentStatus {
  return STATUS_MAP[status] ?? 'pending';
}

export const OPENNODE_STATUSES = Object.keys(STATUS_MAP);
