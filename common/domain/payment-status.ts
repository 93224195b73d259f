/**
 * Our normalized payment statuses. Every provider maps its own statuses onto these
 * through one exhaustive table; anything it does not know maps to `pending`.
 */
export const PAYMENT_STATUSES = [
  'pending',
  'requires_action',
  'processing',
  'succeeded',
  'failed',
  'canceled',
  'expired',
  /** Lightning/on-chain paid the wrong amount (underpaid or overpaid): a person must look. */
  'needs_review',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Statuses a payment never leaves; a later provider report cannot move it back. */
export const TERMINAL_PAYMENT_STATUSES: readonly PaymentStatus[] = [
  'succeeded',
  'failed',
  'canceled',
  'expired',
];

const RANK: Record<PaymentStatus, number> = {
  pending: 0,
  requires_action: 1,
  processing: 2,
  needs_review: 3,
  succeeded: 4,
  failed: 4,
  canceled: 4,
  expired: 4,
};

/** True when moving from `from` to `to` goes forward (a late "processing" after "succeeded" does not). */
export function isForwardTransition(from: PaymentStatus, to: PaymentStatus): boolean {
  if (from === to) return false;
  if (TERMINAL_PAYMENT_STATUSES.includes(from)) return false;
  return RANK[to] >= RANK[from];
}

/**
 * The statuses a payment may hold for a provider's report of `to` to be recorded: every status `to` is
 * a forward move from, and `to` itself (a repeat report refreshes what the provider said). A payment
 * under review for a wrong amount is never put back to `processing` by a late report.
 */
export function statusesThatMayBecome(to: PaymentStatus): PaymentStatus[] {
  return PAYMENT_STATUSES.filter((from) => from === to || isForwardTransition(from, to));
}
