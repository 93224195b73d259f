/**
 * Refunds (issue 24, ADR 047). A refund is a ledger entry against one payment; these words are stored
 * as they are and shown to merchants, so they only ever gain values.
 */

/** Why the merchant gives money back: Stripe's three reasons, and `other` for anything else. */
export const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer', 'other'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/**
 * Where a refund stands. `pending` holds its amount against the payment's remainder until it settles:
 * a card refund the provider has not finished, or a Lightning refund awaiting the buyer's invoice.
 * `failed` releases the amount again.
 */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** How the money goes back: to the card it came from, or to a Lightning invoice the buyer gives. */
export const REFUND_RAILS = ['card', 'lightning'] as const;
export type RefundRail = (typeof REFUND_RAILS)[number];

/** Who made it: the merchant in AgentCart, or the merchant in the provider's own dashboard. */
export const REFUND_ORIGINS = ['merchant_app', 'provider_dashboard'] as const;
export type RefundOrigin = (typeof REFUND_ORIGINS)[number];

/** A refunded line of the order: which item, how many, and the amount given back for them. */
export interface RefundLineItem {
  sku: string;
  quantity: number;
  amountMinor: number;
}

/**
 * How a Lightning refund reaches the buyer (ADR 053): a paid invoice cannot be reversed, so either the
 * merchant's provider pays an invoice the buyer gives, or, where the provider has no payout API, the
 * merchant gives the money back outside AgentCart and records it.
 */
export const LIGHTNING_PAYOUTS = ['buyer_invoice', 'outside_agentcart'] as const;
export type LightningPayout = (typeof LIGHTNING_PAYOUTS)[number];
