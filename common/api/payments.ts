import { z } from 'zod';
import type { PaymentStatus } from '../domain/payment-status';

/** Payments history (/payments) and the checkout-access log. */
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

export const listPaymentsQuery = z.object({
  /** `stripe_spt` or `btc_<provider>`: the server checks it against its registered providers (ADR 011). */
  method: z.string().optional(),
  status: z.enum(['all', ...PAYMENT_DISPLAY_STATUSES]).default('all'),
  // 20 a page: every row read is a checkout access, and more than 20 in 5 minutes raises the rapid-access flag.
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
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
  amount: z.number(),
  currency: z.string(),
  created_at: z.string(),
  provider_invoice_id: z.string().nullable(),
  payment_request: z.string().nullable(),
  payment_url: z.string().nullable(),
});
export type PaymentView = z.infer<typeof paymentView>;

export const listPaymentsOutput = z.object({ payments: z.array(paymentView) });

/** rapid_checkout_access: more than 20 checkout accesses by one merchant within 5 minutes. */
export const RAPID_CHECKOUT_ACCESS_THRESHOLD = 20;
export const RAPID_CHECKOUT_ACCESS_WINDOW_MS = 5 * 60 * 1000;

export const checkoutAccessQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

/** A checkout_data_accessed event: whose checkout data was read, by which user, when. */
export const checkoutAccessEvent = z.object({
  id: z.string(),
  checkout_id: z.string(),
  amount: z.number(),
  currency: z.string(),
  user_id: z.string(),
  status: z.string(),
  created_at: z.string(),
});

export const checkoutAccessOutput = z.object({
  events: z.array(checkoutAccessEvent),
  accesses_last_5_minutes: z.number(),
  rapid_checkout_access: z.boolean(),
});
export type CheckoutAccessOutput = z.infer<typeof checkoutAccessOutput>;
