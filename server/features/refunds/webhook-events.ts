import type { PaymentConnection } from '../../db/schema/index';
import { open, type Keyring } from '../../lib/crypto';

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

/**
 * The signing secret of the endpoint a Stripe connection registered (ADR 058), sealed by connections
 * when it was made; null for a connection without one (made before, or through Connect).
 */
export function openWebhookSecret(
  keyring: Keyring,
  row: Pick<PaymentConnection, 'webhookSecretEncrypted'>,
): string | null {
  if (!row.webhookSecretEncrypted) return null;
  return open(keyring, row.webhookSecretEncrypted);
}
