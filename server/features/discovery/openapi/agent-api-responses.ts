import { z } from 'zod';

/**
 * The documented agent API's answers that common/api/agent.ts has no schema for yet (checkout, confirm,
 * order), as server/features/agent-api/to-api.ts builds them. The OpenAPI tests check real answers
 * against these, so they cannot drift silently.
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
});
