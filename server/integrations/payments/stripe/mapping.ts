import type { PaymentStatus } from '#common/domain/payment-status';

/**
 * Stripe PaymentIntent statuses -> ours. `requires_capture` is money held but not yet taken, so it is
 * still processing from the merchant's point of view. Anything not listed (a status Stripe adds later)
 * is treated as pending.
 */
const PAYMENT_INTENT_STATUS: Record<string, PaymentStatus> = {
  requires_payment_method: 'pending',
  requires_confirmation: 'pending',
  requires_action: 'requires_action',
  processing: 'processing',
  requires_capture: 'processing',
  succeeded: 'succeeded',
  canceled: 'canceled',
};

/** Stripe Refund statuses -> ours (a refund is a payment going the other way). */
const REFUND_STATUS: Record<string, PaymentStatus> = {
  pending: 'pending',
  requires_action: 'requires_action',
  succeeded: 'succeeded',
  failed: 'failed',
  canceled: 'canceled',
};

/** Our status for a PaymentIntent status (unknown ones are pending). */
export function mapPaymentIntentStatus(status: string): PaymentStatus {
  return PAYMENT_INTENT_STATUS[status] ?? 'pending';
}

/** Stripe sends `status: null` on refunds it has not processed yet. */
export function mapRefundStatus(status: string | null | undefined): PaymentStatus {
  return (status && REFUND_STATUS[status]) || 'pending';
}

/** The statuses the tables know, for tests that check nothing was left out. */
export const STRIPE_PAYMENT_INTENT_STATUSES = Object.keys(PAYMENT_INTENT_STATUS);
export const STRIPE_REFUND_STATUSES = Object.keys(REFUND_STATUS);
