import { z } from 'zod';
import { address, responseAddress, text } from '../shared';

export { address };

/**
 * ACP 2025-09-29 wire shapes (../shared/acp-spec/2025-09-29/openapi/openapi.agentic_checkout.yaml).
 * Requests are read leniently: unknown fields are dropped and the official examples parse (a fractional
 * quantity is accepted here and answered with a message). Responses are strict: exactly what we send.
 */
export const buyer = z.object({
  first_name: text(100),
  last_name: text(100),
  email: z.email().max(255),
  phone_number: text(40).optional(),
});

const item = z.object({ id: text(200).min(1), quantity: z.number().positive().max(10_000) });

export const createRequest = z.object({
  items: z.array(item).min(1).max(100),
  buyer: buyer.optional(),
  fulfillment_address: address.optional(),
});

export const updateRequest = z.object({
  items: z.array(item).min(1).max(100).optional(),
  buyer: buyer.optional(),
  fulfillment_address: address.optional(),
  fulfillment_option_id: text(100).optional(),
});

export const completeRequest = z.object({
  buyer: buyer.optional(),
  payment_data: z.object({
    token: text(500).min(1),
    provider: z.literal('stripe'),
    billing_address: address.optional(),
  }),
});

const lineItem = z.strictObject({
  id: z.string(),
  item: z.strictObject({ id: z.string(), quantity: z.number() }),
  base_amount: z.int(),
  discount: z.int(),
  subtotal: z.int(),
  tax: z.int(),
  total: z.int(),
});

const total = z.strictObject({
  type: z.enum([
    'items_base_amount',
    'items_discount',
    'subtotal',
    'discount',
    'fulfillment',
    'tax',
    'fee',
    'total',
  ]),
  display_text: z.string(),
  amount: z.int(),
});

const shippingOption = z.strictObject({
  type: z.literal('shipping'),
  id: z.string(),
  title: z.string(),
  subtitle: z.string().optional(),
  carrier: z.string().optional(),
  earliest_delivery_time: z.iso.datetime().optional(),
  latest_delivery_time: z.iso.datetime().optional(),
  subtotal: z.int(),
  tax: z.int(),
  total: z.int(),
});

const message = z.union([
  z.strictObject({
    type: z.literal('info'),
    param: z.string().optional(),
    content_type: z.enum(['plain', 'markdown']),
    content: z.string(),
  }),
  z.strictObject({
    type: z.literal('error'),
    code: z.enum([
      'missing',
      'invalid',
      'out_of_stock',
      'payment_declined',
      'requires_sign_in',
      'requires_3ds',
    ]),
    param: z.string().optional(),
    content_type: z.enum(['plain', 'markdown']),
    content: z.string(),
  }),
]);

const link = z.strictObject({
  type: z.enum(['terms_of_use', 'privacy_policy', 'seller_shop_policies']),
  url: z.url(),
});

export const order = z.strictObject({
  id: z.string(),
  checkout_session_id: z.string(),
  permalink_url: z.url(),
});

export const checkoutSession = z.strictObject({
  id: z.string(),
  buyer: z
    .strictObject({
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      phone_number: z.string().optional(),
    })
    .optional(),
  payment_provider: z
    .strictObject({ provider: z.literal('stripe'), supported_payment_methods: z.array(z.literal('card')) })
    .optional(),
  status: z.enum(['not_ready_for_payment', 'ready_for_payment', 'completed', 'canceled', 'in_progress']),
  currency: z.string(),
  line_items: z.array(lineItem),
  fulfillment_address: responseAddress.optional(),
  fulfillment_options: z.array(shippingOption),
  fulfillment_option_id: z.string().optional(),
  totals: z.array(total),
  messages: z.array(message),
  links: z.array(link),
});

export const checkoutSessionWithOrder = checkoutSession.extend({ order });

export type CheckoutSession = z.infer<typeof checkoutSession>;
export type CheckoutSessionWithOrder = z.infer<typeof checkoutSessionWithOrder>;
