import { z } from 'zod';
import type { PaymentStatus } from '../domain/payment-status';
import { includeTestParam } from './include-test';

/** Payments history (/payments). */
export const PAYMENT_DISPLAY_STATUSES = ['PAID', 'PENDING', 'EXPIRED', 'FAILED'] as const;
export type PaymentDisplayStatus = (typeof PAYMENT_DISPLAY_STATUSES)[number];

/** How our normalized statuses show. Every other status, known or not, shows as PENDING. */
export const SETTLED_DISPLAY_STATUS: Partial<
  Record<PaymentStatus, Exclude<PaymentDisplayStatus, 'PENDING'>>
> = {
  succeeded: 'PAID',
  expired: 'EXPIRED',
  failed: 'FAILED',
  canceled: 'FAILED',
};

export function toDisplayStatus(status: string): PaymentDisplayStatus {
  return SETTLED_DISPLAY_STATUS[status as PaymentStatus] ?? 'PENDING';
}

/** A calendar day, YYYY-MM-DD, read as a UTC day (the dashboard's days are UTC days). */
export const utcDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-25')
  .refine((day) => {
    // Runs even when the pattern failed, so an unparseable text must not reach toISOString.
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  }, 'Not a calendar date');

/** The filters the payments table and its CSV export share. `from` and `to` are inclusive UTC days. */
export const paymentsFilter = z.object({
  /** `stripe_spt` or `btc_<provider>`: the server checks it against its registered providers (ADR 011). */
  method: z.string().optional(),
  status: z.enum(['all', ...PAYMENT_DISPLAY_STATUSES]).default('all'),
  from: utcDay.optional(),
  to: utcDay.optional(),
  /** Off by default: the merchant's own test payments are listed only when asked for (ADR 043). */
  include_test: includeTestParam,
});
export type PaymentsFilter = z.input<typeof paymentsFilter>;

/** `from` after `to` selects nothing by construction, so it is refused rather than answered empty. */
export function withDateRangeInOrder<S extends z.ZodType<{ from?: string; to?: string }>>(schema: S) {
  return schema.refine((f) => !f.from || !f.to || f.from <= f.to, {
    message: 'The start date must be on or before the end date',
    path: ['from'],
  });
}

/** One page of the table: the filters, a page size and where the page starts. */
export const listPaymentsFields = paymentsFilter.extend({
  // 20 a page: a screenful. Rows carry no buyer data, so listing them is not a checkout access.
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** `next_cursor` of the previous page: where the next one starts. Opaque to the client. */
  cursor: z.string().max(200).optional(),
});
export const listPaymentsQuery = withDateRangeInOrder(listPaymentsFields);
export type ListPaymentsQuery = z.input<typeof listPaymentsQuery>;

/** One payment row. `amount` is in minor units of `currency`; `raw_status` is our normalized status. */
export const paymentView = z.object({
  id: z.string(),
  checkout_id: z.string(),
  method: z.string(),
  status: z.enum(PAYMENT_DISPLAY_STATUSES),
  raw_status: z.string(),
  /** A Lightning invoice paid with the wrong amount: shown as PENDING until a person looks. */
  needs_review: z.boolean(),
  /** The buyer's bank opened a dispute (chargeback) on this card payment (ADR 053). */
  disputed: z.boolean(),
  amount: z.number(),
  currency: z.string(),
  created_at: z.string(),
  provider_invoice_id: z.string().nullable(),
  payment_request: z.string().nullable(),
  payment_url: z.string().nullable(),
  /** One of the merchant's own test payments: shown with a Test badge. */
  test: z.boolean(),
  /** Refunds of it that succeeded, in minor units (ADR 047). */
  refunded: z.number(),
  /** What may still be refunded: paid less refunds succeeded or pending; 0 for an unpaid payment. */
  refundable: z.number(),
  /** The order it paid for, which the row's Cancel order action cancels (ADR 056); null when none. */
  order: z
    .object({
      id: z.string(),
      status: z.string(),
      cancelled_by: z.enum(['merchant', 'store']).nullable(),
      store_cancellation: z.enum(['flagged', 'refunded', 'kept']).nullable(),
    })
    .nullable(),
});
export type PaymentView = z.infer<typeof paymentView>;

export const listPaymentsOutput = z.object({
  payments: z.array(paymentView),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type ListPaymentsOutput = z.infer<typeof listPaymentsOutput>;

/** GET /api/payments/:id: one payment with its checkout's buyer, which only this view shows. */
export const paymentDetailsParams = z.object({ id: z.uuid('Not a payment id') });

export const paymentBuyer = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.object({
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    region: z.string().nullable(),
    postal_code: z.string(),
    country: z.string(),
  }),
});
export type PaymentBuyer = z.infer<typeof paymentBuyer>;

export const paymentDetailsOutput = z.object({ payment: paymentView, buyer: paymentBuyer });
export type PaymentDetailsOutput = z.infer<typeof paymentDetailsOutput>;
