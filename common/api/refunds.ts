import { z } from 'zod';
import {
  LIGHTNING_PAYOUTS,
  REFUND_ORIGINS,
  REFUND_RAILS,
  REFUND_REASONS,
  REFUND_STATUSES,
} from '../domain/refunds';

/** POST /api/payments/:id/refunds and GET /api/payments/:id/refunds (ADR 047). */
export const paymentRefundsParams = z.object({ id: z.uuid('Not a payment id') });

/**
 * A refund the merchant asks for: the whole remainder (neither `amount` nor `line_items`), an amount in
 * minor units, or line items (their paid price times the quantity). With an Idempotency-Key header, a
 * repeat of the same request answers the first answer and refunds once.
 */
export const createRefundInput = z
  .object({
    reason: z.enum(REFUND_REASONS, {
      error: 'Choose a reason: duplicate, fraudulent, requested_by_customer or other',
    }),
    amount: z
      .number({ error: 'The amount is a whole number of minor units, like 500 for 5.00' })
      .int('The amount is a whole number of minor units, like 500 for 5.00')
      .positive('The amount must be more than zero')
      .optional(),
    line_items: z
      .array(
        z.object({
          sku: z.string().trim().min(1, 'Name the item by its SKU').max(200),
          quantity: z.number().int('Refund whole items').positive('Refund at least one item'),
        }),
      )
      .min(1, 'Choose at least one item to refund')
      .max(100)
      .optional(),
    /** Whether the store puts refunded items back in stock. */
    restock: z.boolean().default(false),
    /**
     * Lightning on a provider that cannot pay out (CoinCorner): the merchant says it gave the money back
     * outside AgentCart, and the refund is recorded as such (ADR 053). Refused without it there.
     */
    refunded_outside: z.boolean().default(false),
  })
  .refine((input) => input.amount === undefined || input.line_items === undefined, {
    message: 'Refund an amount or line items, not both',
    path: ['amount'],
  });
export type CreateRefundInput = z.input<typeof createRefundInput>;

export const refundView = z.object({
  id: z.string(),
  payment_id: z.string(),
  order_id: z.string().nullable(),
  rail: z.enum(REFUND_RAILS),
  /** In minor units of `currency`. */
  amount: z.number(),
  currency: z.string(),
  reason: z.enum(REFUND_REASONS),
  line_items: z.array(z.object({ sku: z.string(), quantity: z.number(), amount: z.number() })).nullable(),
  restock: z.boolean(),
  status: z.enum(REFUND_STATUSES),
  failure_reason: z.string().nullable(),
  provider_refund_id: z.string().nullable(),
  origin: z.enum(REFUND_ORIGINS),
  test: z.boolean(),
  /** Lightning: the sats owed to the buyer, at the payment's own exchange rate. */
  amount_sats: z.number().nullable(),
  /** Lightning: pending until the buyer gives an invoice on their order page. */
  awaiting_invoice: z.boolean(),
  /** Lightning on a provider with no payout API: given back outside AgentCart, recorded here. */
  settled_outside: z.boolean(),
  created_at: z.string(),
});
export type RefundView = z.infer<typeof refundView>;

/** What is left to refund: the amount paid less every refund not failed (pending ones hold theirs). */
export const refundableView = z.object({
  paid: z.number(),
  refunded: z.number(),
  pending: z.number(),
  remaining: z.number(),
  currency: z.string(),
});
export type RefundableView = z.infer<typeof refundableView>;

export const createRefundOutput = z.object({ refund: refundView, refundable: refundableView });
export type CreateRefundOutput = z.infer<typeof createRefundOutput>;

/**
 * One line the buyer paid for, as a refund by line items may choose it: `unit_amount` is what the buyer
 * paid for one (minor units), `refundable_quantity` how many are not yet given back by a refund not failed.
 */
export const refundableItemView = z.object({
  sku: z.string(),
  name: z.string(),
  quantity: z.number(),
  unit_amount: z.number(),
  refundable_quantity: z.number(),
});
export type RefundableItemView = z.infer<typeof refundableItemView>;

export const paymentRefundsOutput = z.object({
  refunds: z.array(refundView),
  refundable: refundableView,
  /** How the payment was paid, so the money goes back the same way (a Lightning refund pays the buyer). */
  rail: z.enum(REFUND_RAILS),
  /**
   * How a Lightning refund reaches the buyer: `buyer_invoice` (the buyer gives an invoice on their order
   * page and the merchant's provider pays it) or `outside_agentcart` (the provider has no payout API: the
   * merchant refunds by other means and records it). Null for a card payment.
   */
  lightning_payout: z.enum(LIGHTNING_PAYOUTS).nullable(),
  /** The order's lines, for a refund by line items. */
  items: z.array(refundableItemView),
});
export type PaymentRefundsOutput = z.infer<typeof paymentRefundsOutput>;
