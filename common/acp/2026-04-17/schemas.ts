import { z } from 'zod';
import { address, responseAddress, text } from '../shared';

export { address };

/**
 * ACP 2026-04-17 wire shapes (../shared/acp-spec/2026-04-17/openapi/openapi.agentic_checkout.yaml), the
 * parts this platform reads and writes. Requests are read leniently: unknown fields (affiliate
 * attribution, risk signals, order notes, …) are dropped, and `capabilities`/`currency` may be omitted as in
 * the official multi-item example. Responses are strict: exactly what we send.
 */
export const buyer = z.object({
  first_name: text(100).optional(),
  last_name: text(100).optional(),
  full_name: text(200).optional(),
  email: z.email().max(255),
  phone_number: text(40).optional(),
});

export const fulfillmentDetails = z.object({
  name: text(200).optional(),
  phone_number: text(40).optional(),
  email: z.email().max(255).optional(),
  address: address.optional(),
});

/** An item as the agent sends it; `quantity` is this platform's addition (one unit when absent). */
const item = z.object({
  id: text(200).min(1),
  quantity: z.number().positive().max(10_000).optional(),
});

const selectedFulfillmentOption = z.object({
  type: z.enum(['shipping', 'digital', 'pickup', 'local_delivery']),
  option_id: text(100),
  item_ids: z.array(text(200)).max(100).optional(),
});

/** `items` is what the inline examples of the 2026-04-17 OpenAPI document send; the schema says `line_items`. */
const items = z.array(item).min(1).max(100);

export const createRequest = z
  .object({
    line_items: items.optional(),
    items: items.optional(),
    currency: z.string().length(3).optional(),
    buyer: buyer.optional(),
    fulfillment_details: fulfillmentDetails.optional(),
    capabilities: z.looseObject({}).optional(),
    locale: text(35).optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .refine((body) => body.line_items ?? body.items, {
    message: 'line_items is required',
    path: ['line_items'],
  });

export const updateRequest = z.object({
  line_items: items.optional(),
  items: items.optional(),
  buyer: buyer.optional(),
  fulfillment_details: fulfillmentDetails.optional(),
  selected_fulfillment_options: z.array(selectedFulfillmentOption).max(10).optional(),
});

export const completeRequest = z.object({
  buyer: buyer.optional(),
  payment_data: z.object({
    handler_id: text(100).optional(),
    instrument: z
      .object({
        type: text(100),
        credential: z.object({ type: text(100), token: text(500).min(1) }),
      })
      .optional(),
    billing_address: address.optional(),
    purchase_order_number: text(200).optional(),
  }),
});

export const cancelRequest = z
  .object({
    intent_trace: z
      .looseObject({ reason_code: text(100).optional(), trace_summary: text(2000).optional() })
      .optional(),
  })
  .optional();

const total = z.strictObject({
  type: z.enum([
    'items_base_amount',
    'items_discount',
    'subtotal',
    'discount',
    'fulfillment',
    'tax',
    'fee',
    'gift_wrap',
    'tip',
    'store_credit',
    'total',
    'amount_refunded',
  ]),
  display_text: z.string(),
  amount: z.int(),
});

const lineItem = z.strictObject({
  id: z.string(),
  item: z.strictObject({ id: z.string(), name: z.string().optional(), unit_amount: z.int().optional() }),
  quantity: z.int().min(1),
  name: z.string().optional(),
  unit_amount: z.int().optional(),
  product_id: z.string().optional(),
  sku: z.string().optional(),
  availability_status: z.enum(['in_stock', 'low_stock', 'out_of_stock', 'backorder', 'pre_order']).optional(),
  totals: z.array(total),
});

const shippingOption = z.strictObject({
  type: z.literal('shipping'),
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  carrier: z.string().optional(),
  earliest_delivery_time: z.iso.datetime().optional(),
  latest_delivery_time: z.iso.datetime().optional(),
  totals: z.array(total),
});

const messageFields = {
  param: z.string().optional(),
  content_type: z.enum(['plain', 'markdown']),
  content: z.string(),
  severity: z.enum(['info', 'low', 'medium', 'high', 'critical']).optional(),
  resolution: z.enum(['recoverable', 'requires_buyer_input', 'requires_buyer_review']).optional(),
};

const message = z.union([
  z.strictObject({ type: z.literal('info'), ...messageFields }),
  z.strictObject({
    type: z.literal('error'),
    code: z.enum([
      'missing',
      'invalid',
      'out_of_stock',
      'payment_declined',
      'requires_sign_in',
      'requires_3ds',
      'low_stock',
      'quantity_exceeded',
      'coupon_invalid',
      'coupon_expired',
      'minimum_not_met',
      'maximum_exceeded',
      'region_restricted',
      'age_verification_required',
      'approval_required',
      'unsupported',
      'not_found',
      'conflict',
      'rate_limited',
      'expired',
      'intervention_required',
    ]),
    ...messageFields,
  }),
]);

const link = z.strictObject({
  type: z.enum([
    'terms_of_use',
    'privacy_policy',
    'return_policy',
    'shipping_policy',
    'contact_us',
    'about_us',
    'faq',
    'support',
  ]),
  title: z.string().optional(),
  url: z.url(),
});

export const paymentHandler = z.strictObject({
  id: z.string(),
  name: z.string(),
  display_name: z.string().optional(),
  version: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  spec: z.url(),
  requires_delegate_payment: z.boolean(),
  requires_pci_compliance: z.boolean(),
  psp: z.string(),
  config_schema: z.url(),
  instrument_schemas: z.array(z.url()),
  config: z.record(z.string(), z.unknown()),
});

export const order = z.strictObject({
  type: z.literal('order').optional(),
  id: z.string(),
  checkout_session_id: z.string(),
  order_number: z.string().optional(),
  permalink_url: z.url(),
  status: z.string().optional(),
  totals: z.array(total).optional(),
});

export const checkoutSession = z.strictObject({
  id: z.string(),
  protocol: z.strictObject({ version: z.string() }),
  capabilities: z.strictObject({ payment: z.strictObject({ handlers: z.array(paymentHandler) }) }),
  buyer: z
    .strictObject({
      first_name: z.string().optional(),
      last_name: z.string().optional(),
      full_name: z.string().optional(),
      email: z.string(),
      phone_number: z.string().optional(),
    })
    .optional(),
  status: z.enum([
    'incomplete',
    'not_ready_for_payment',
    'requires_escalation',
    'authentication_required',
    'ready_for_payment',
    'pending_approval',
    'complete_in_progress',
    'completed',
    'canceled',
    'in_progress',
    'expired',
  ]),
  currency: z.string(),
  locale: z.string().optional(),
  line_items: z.array(lineItem),
  fulfillment_details: z
    .strictObject({
      name: z.string().optional(),
      phone_number: z.string().optional(),
      email: z.string().optional(),
      address: responseAddress.optional(),
    })
    .optional(),
  fulfillment_options: z.array(shippingOption),
  selected_fulfillment_options: z
    .array(
      z.strictObject({
        type: z.literal('shipping'),
        option_id: z.string(),
        item_ids: z.array(z.string()),
      }),
    )
    .optional(),
  totals: z.array(total),
  messages: z.array(message),
  links: z.array(link),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

export const checkoutSessionWithOrder = checkoutSession.extend({ order });

export type CheckoutSession = z.infer<typeof checkoutSession>;
export type CheckoutSessionWithOrder = z.infer<typeof checkoutSessionWithOrder>;
export type PaymentHandler = z.infer<typeof paymentHandler>;
