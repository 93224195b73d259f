import { z } from 'zod';
import { REFUND_REASONS, REFUND_STATUSES } from '../domain/refunds';

/**
 * The documented agent API. Requests accept both documented field spellings: items or
 * products, shipping_to or shipping_address, postcode or postal_code. Amounts are integers in minor
 * units (pence, cents), as in ACP and Stripe.
 */
const sku = z.string().trim().min(1, 'sku is required').max(100);
const quantity = z
  .number()
  .int('quantity must be a whole number')
  .min(1, 'quantity must be at least 1')
  .max(100);
const country = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'country must be a 2-letter ISO code')
  .transform((c) => c.toUpperCase());
const postalCode = z.string().trim().min(1).max(20);

const destination = z
  .object({ country, postcode: postalCode.optional(), postal_code: postalCode.optional() })
  .refine((d) => d.postcode ?? d.postal_code, { message: 'postcode is required', path: ['postcode'] })
  .transform((d) => ({ country: d.country, postalCode: (d.postcode ?? d.postal_code)! }));

export const offerRequest = z
  .object({
    items: z.array(z.object({ sku, quantity })).min(1).max(50).optional(),
    products: z.array(z.object({ sku, quantity })).min(1).max(50).optional(),
    shipping_to: destination.optional(),
    shipping_address: destination.optional(),
    currency: z
      .string()
      .trim()
      .length(3, 'currency must be a 3-letter code')
      .transform((c) => c.toUpperCase())
      .optional(),
    idempotency_key: z.string().trim().min(1).max(255).optional(),
  })
  .refine((b) => b.items ?? b.products, { message: 'items is required', path: ['items'] })
  .refine((b) => b.shipping_to ?? b.shipping_address, {
    message: 'shipping_to is required',
    path: ['shipping_to'],
  })
  .transform((b) => ({
    items: (b.items ?? b.products)!,
    destination: (b.shipping_to ?? b.shipping_address)!,
    currency: b.currency ?? null,
    idempotency_key: b.idempotency_key,
  }));
export type OfferRequest = z.output<typeof offerRequest>;

export const offerResponse = z.object({
  offer_id: z.string(),
  items: z.array(
    z.object({
      sku: z.string(),
      name: z.string(),
      quantity: z.number(),
      unit_price: z.number(),
      total: z.number(),
    }),
  ),
  subtotal: z.number(),
  total: z.number(),
  currency: z.string(),
  shipping_options: z.array(
    z.object({ id: z.string(), label: z.string(), price: z.number(), eta: z.string() }),
  ),
  expires_at: z.string(),
});

/** Where the store ships the order: what a store needs to write a shipping address, nothing less. */
const address = z
  .object({
    line1: z.string().trim().min(1, 'buyer.address.line1 is required').max(200),
    line2: z.string().trim().max(200).optional(),
    city: z.string().trim().min(1, 'buyer.address.city is required').max(100),
    state: z.string().trim().max(100).optional(),
    postcode: postalCode.optional(),
    postal_code: postalCode.optional(),
    country,
  })
  .refine((a) => a.postcode ?? a.postal_code, { message: 'postcode is required', path: ['postcode'] })
  .transform((a) => ({
    line1: a.line1,
    line2: a.line2 ?? null,
    city: a.city,
    region: a.state ?? null,
    postalCode: (a.postcode ?? a.postal_code)!,
    country: a.country,
  }));

/**
 * The answers of checkout, confirm and order (server/features/agent-api/to-api.ts builds them; the
 * OpenAPI document is generated from these and its tests check real answers against them).
 */
const CHECKOUT_STATUS = [
  'PENDING',
  'PENDING_PAYMENT',
  'PROCESSING',
  'ACCEPTED',
  'DECLINED',
  'EXPIRED',
] as const;
const ORDER_STATUS = ['PENDING', 'IN_PROGRESS', 'ACCEPTED', 'FULFILLED', 'CANCELLED', 'REJECTED'] as const;

const cardCheckout = z
  .object({
    checkout_id: z.string(),
    status: z.enum(CHECKOUT_STATUS),
    amount_authorized: z.int().describe('Minor units'),
    currency: z.string(),
    expires_at: z.iso.datetime(),
  })
  .describe('A card checkout (payment.method stripe)');

const lightningCheckout = z
  .object({
    checkout_id: z.string(),
    status: z.enum(CHECKOUT_STATUS),
    amount: z.int().describe('Minor units'),
    currency: z.string(),
    btc: z.object({
      provider: z.string(),
      payment_request: z.string().nullable().describe('The BOLT11 invoice to pay'),
      payment_url: z.string().nullable(),
      amount_sats: z.number().nullable(),
      expires_at: z.iso.datetime(),
      onchain_address: z.string().nullable().optional().describe('CoinCorner only'),
    }),
  })
  .describe('A Bitcoin Lightning checkout (payment.method btc): pay the invoice, then poll confirm');

export const agentCheckoutResponse = z.union([cardCheckout, lightningCheckout]);

const accepted = z
  .object({
    order_id: z.string(),
    checkout_id: z.string(),
    status: z.literal('ACCEPTED'),
    adapter_ref: z.string().nullable().describe("The order's id in the merchant's store"),
  })
  .describe('Paid, and the order is in the store');

const paymentStatus = { payment_status: z.string() };
export const agentConfirmResponse = z.union([
  accepted,
  cardCheckout.extend(paymentStatus).describe('Not accepted yet (or declined): the checkout as it stands'),
  lightningCheckout.extend(paymentStatus).describe('The Lightning invoice is not paid yet: poll again'),
]);

export const agentOrderResponse = z.object({
  order_id: z.string(),
  status: z.enum(ORDER_STATUS),
  store_order_id: z.string().nullable(),
  total: z.int().describe('Minor units'),
  currency: z.string(),
  tracking: z.object({
    carrier: z.string().nullable(),
    number: z.string().nullable(),
    url: z.string().nullable(),
  }),
  created_at: z.iso.datetime(),
  amount_refunded: z.int().describe('Minor units given back to the buyer (succeeded refunds)'),
  refunds: z
    .array(
      z.object({
        refund_id: z.string(),
        amount: z.int().describe('Minor units'),
        currency: z.string(),
        status: z.enum(REFUND_STATUSES),
        reason: z.enum(REFUND_REASONS),
        line_items: z.array(z.object({ sku: z.string(), quantity: z.int() })).nullable(),
        created_at: z.iso.datetime(),
      }),
    )
    .describe('Money given back on this order, oldest first: pending, succeeded or failed'),
});

export const checkoutRequest = z.object({
  offer_id: z.string().trim().min(1, 'offer_id is required').max(100),
  shipping_option_id: z.string().trim().max(50).optional(),
  buyer: z.object({
    name: z.string().trim().min(1, 'buyer.name is required').max(200),
    email: z.email('buyer.email must be an e-mail address').max(255),
    phone: z.string().trim().max(40).optional(),
    address,
  }),
  payment: z.discriminatedUnion('method', [
    z.object({
      method: z.literal('stripe'),
      shared_payment_token: z
        .string()
        .trim()
        .regex(/^spt_[A-Za-z0-9_]+$/, 'shared_payment_token must look like spt_...'),
      amount: z.number().int().positive().optional(),
      currency: z.string().length(3).optional(),
    }),
    z.object({
      method: z.literal('btc'),
      amount: z.number().int().positive().optional(),
      currency: z.string().length(3).optional(),
    }),
  ]),
  idempotency_key: z.string().trim().min(1).max(255).optional(),
});
export type CheckoutRequest = z.output<typeof checkoutRequest>;

export const confirmRequest = z.object({
  checkout_id: z.string().trim().min(1, 'checkout_id is required').max(100),
  commit: z.boolean().optional(),
  idempotency_key: z.string().trim().min(1).max(255).optional(),
});

/** The error body of the agent API. */
export const AGENT_ERROR_CODES = [
  'VALIDATION_ERROR',
  'INVALID_CHECKOUT',
  'UNAUTHORIZED',
  /** A valid key used from an address outside the merchant's IP allowlist (when it applies to the key). */
  'FORBIDDEN',
  'PAYMENT_DECLINED',
  'PAYMENT_EXPIRED',
  'NOT_FOUND',
  'IDEMPOTENCY_CONFLICT',
  'CHECKOUT_ALREADY_PROCESSED',
  'RATE_LIMIT',
  'STORE_UNAVAILABLE',
  'PROVIDER_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type AgentErrorCode = (typeof AGENT_ERROR_CODES)[number];

export const agentErrorBody = z.object({
  error: z.string(),
  error_code: z.enum(AGENT_ERROR_CODES),
  correlation_id: z.string(),
  details: z.record(z.string(), z.unknown()),
});
