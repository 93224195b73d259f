import type { PaymentStatus } from '#common/domain/payment-status';

/** Greenfield invoice `status` values -> ours. Anything BTCPay adds later is treated as pending. */
const STATUS_MAP: Record<string, PaymentStatus> = {
  New: 'pending',
  Processing: 'processing',
  Settled: 'succeeded',
  Expired: 'expired',
  Invalid: 'failed',
};

/**
 * `additionalStatus` values that need a person for a given status: the wrong amount arrived (partial or
 * over), or money arrived for an invoice that had already expired.
 */
const NEEDS_REVIEW_WHEN: Record<string, readonly string[]> = {
  Processing: ['PaidPartial', 'PaidOver'],
  Settled: ['PaidPartial', 'PaidOver'],
  Expired: ['PaidPartial', 'PaidLate'],
};

export function mapBtcpayStatus(status: string, additionalStatus?: string | null): PaymentStatus {
  if (additionalStatus && NEEDS_REVIEW_WHEN[status]?.includes(additionalStatus)) return 'needs_review';
  return STATUS_MAP[status] ?? 'pending';
}

export const BTCPAY_STATUSES = Object.keys(STATUS_MAP);
export const BTCPAY_ADDITIONAL_STATUSES = [
  'None',
  'PaidLate',
  'PaidPartial',
  'Marked',
  'Invalid',
  'PaidOver',
];
