/** The Stripe events about refunds that move the ledger. */
export const STRIPE_REFUND_EVENTS = [
  'charge.refunded',
  'refund.created',
  'refund.updated',
  'refund.failed',
] as const;

/**
 * The Stripe events about disputes (chargebacks): opened marks a payment disputed (ADR 053); updated
 * and closed follow it to its outcome (ADR 058).
 */
export const STRIPE_DISPUTE_EVENTS = [
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
] as const;

/** What the endpoint on a merchant's own Stripe account is subscribed to (ADR 058). */
export const STRIPE_WEBHOOK_EVENTS = [...STRIPE_REFUND_EVENTS, ...STRIPE_DISPUTE_EVENTS] as const;

/** Where a merchant's Stripe account tells us of its refunds and disputes. */
export const stripeRefundWebhookPath = (merchantId: string) => `/webhooks/payments/stripe/${merchantId}`;
