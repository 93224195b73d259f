import { z } from 'zod';

/**
 * The public order-status page's API: an ACP buyer's order, read through the unguessable token of the
 * order's permalink_url. It says what a shopper expects on an order confirmation and nothing that would
 * matter if the link were shared: no buyer e-mail, phone, name or street, no merchant or order ids.
 */

/** The token as the database makes it: 64 lower-case hex characters (migration 0024). */
export const orderStatusToken = z.string().regex(/^[0-9a-f]{64}$/);

export const orderStatusParams = z.object({ token: z.string() });

/** The engine's order statuses, shown with the dashboard's badge colours and labels. */
export const ORDER_STATUSES = [
  'PENDING',
  'IN_PROGRESS',
  'ACCEPTED',
  'FULFILLED',
  'CANCELLED',
  'REJECTED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const minor = z.number().int();

/** Every amount is in minor units of `currency` (upper-case ISO 4217). */
export const orderStatusOutput = z.object({
  merchantName: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** The store's own order number, once the order has been written to the store. */
  orderNumber: z.string().nullable(),
  placedAt: z.iso.datetime(),
  currency: z.string(),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int(), unitAmount: minor, total: minor })),
  shipping: z.object({ label: z.string(), amount: minor }),
  subtotal: minor,
  total: minor,
  /** Money given back so far (0 when nothing was refunded). */
  refunded: minor,
  /**
   * Lightning refunds the store's provider pays to the buyer (ADR 053), oldest first: each waits for the
   * buyer's invoice for `amountSats`, then is sent and paid (or fails).
   */
  lightningRefunds: z.array(
    z.object({
      amount: minor,
      amountSats: z.number().int(),
      status: z.enum(['awaiting_invoice', 'sending', 'paid', 'failed']),
      createdAt: z.iso.datetime(),
    }),
  ),
  /** The price of one bitcoin the buyer paid at (minor units of `currency`): refunds are in sats at it. */
  btcPriceMinor: minor.nullable(),
  /** The town and country the order goes to: enough to recognise it, too little to find anyone. */
  deliverTo: z.object({ city: z.string(), country: z.string() }),
  /** What the store told us about the shipment, when it has; `url` is only ever http(s). */
  tracking: z
    .object({ carrier: z.string().nullable(), number: z.string().nullable(), url: z.string().nullable() })
    .nullable(),
});
export type OrderStatusView = z.infer<typeof orderStatusOutput>;
export type BuyerLightningRefund = OrderStatusView['lightningRefunds'][number];

/** POST /api/order-status/:token/refund-invoice: the buyer's BOLT11 invoice for their Lightning refund. */
export const refundInvoiceInput = z.object({
  invoice: z
    .string({ error: 'Paste a Lightning invoice' })
    .trim()
    .min(1, 'Paste a Lightning invoice')
    .max(2000, 'This is too long to be a Lightning invoice'),
});
export type RefundInvoiceInput = z.infer<typeof refundInvoiceInput>;
