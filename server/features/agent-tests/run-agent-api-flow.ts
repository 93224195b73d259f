import type { z } from 'zod';
import { amountToMinor, type acpFlowInput, type AcpFlowOutput } from '#common/api/agent-tests';
import { formatAmount } from '#common/domain/money';
import { AGENT_TEST_CHANNEL } from '#common/domain/sales-channel';
import type { Buyer, Merchant, Order } from '../../db/schema/index';
import {
  CommerceError,
  confirmCheckout,
  type ConfirmResult,
  type EngineDeps,
  createCheckout,
  createOffer,
  paymentWebhookUrl,
} from '../commerce';

type AgentTestDeps = EngineDeps & { publicUrl: string };
type Step = NonNullable<AcpFlowOutput['step']>;

/** The test checkout: one item shipped to GB, to a buyer the store can recognise as a test. */
const TEST_DESTINATION = { country: 'GB', postalCode: 'SW1A 1AA' };
const TEST_BUYER: Buyer = {
  name: 'AgentCart Test Buyer',
  email: 'test-buyer@agentcart.dev',
  address: { line1: '1 Test Street', city: 'London', postalCode: 'SW1A 1AA', country: 'GB' },
};

const money = (minor: number, currency: string) => `${currency} ${formatAmount(minor, currency)}`;

function accepted(order: Order): AcpFlowOutput {
  return {
    status: 'ACCEPTED',
    checkout_id: order.checkoutId,
    order_id: order.id,
    woo_order_id: order.storeOrderId,
    amount: order.totalMinor,
    currency: order.currency,
    message: order.storeOrderId
      ? `Paid ${money(order.totalMinor, order.currency)}; the store created order ${order.storeOrderId}.`
      : `Paid ${money(order.totalMinor, order.currency)}; the store order is queued and will be written once the store answers.`,
  };
}

function confirmed(result: ConfirmResult): AcpFlowOutput {
  if (result.status === 'ACCEPTED') return accepted(result.order);
  return {
    status: 'PENDING_PAYMENT',
    requires_payment: true,
    checkout_id: result.checkout.id,
    message: 'Waiting for payment...',
  };
}

/**
 * A step that failed, as the tester shows it: "[step] message", with the checkout's status and the amount
 * it was for when known (the tester lists failed tests with their amount too).
 */
function failed(
  step: Step,
  err: CommerceError,
  charge?: { amount: number; currency: string },
): AcpFlowOutput {
  const { status, checkout_id: checkoutId, order_id: orderId, adapter_ref: storeOrderId } = err.details;
  // Confirming again after an acceptance (a double click) is not a failure of the test.
  if (err.code === 'already_processed' && status === 'ACCEPTED' && typeof orderId === 'string') {
    return {
      status: 'ACCEPTED',
      checkout_id: String(checkoutId),
      order_id: orderId,
      woo_order_id: typeof storeOrderId === 'string' ? storeOrderId : null,
      message: 'This test checkout was already accepted.',
    };
  }
  return {
    error: err.message,
    step,
    ...(typeof status === 'string' ? { status } : {}),
    ...(typeof checkoutId === 'string' ? { checkout_id: checkoutId } : {}),
    ...charge,
  };
}

/**
 * Spec test-acp-flow: a real offer, checkout and confirm through the merchant's connected store and
 * providers, by the same engine calls the agent API makes. Card: offer → checkout → confirm. Bitcoin:
 * offer → checkout, answered with the invoice to pay; `confirm_only` then confirms it.
 *
 * `amount` is the product price the person expects. The store is the authority on price: when it
 * prices the SKU differently the test stops at the offer and says so, so nothing is ever charged at an
 * amount the person did not type. The charge is the store's price plus the standard GB shipping.
 */
export async function runAgentApiFlow(
  deps: AgentTestDeps,
  merchant: Merchant,
  input: z.output<typeof acpFlowInput>,
): Promise<AcpFlowOutput> {
  let step: Step = 'offer';
  let charge: { amount: number; currency: string } | undefined;
  try {
    if (input.confirm_only) {
      step = 'confirm';
      return confirmed(await confirmCheckout(deps, merchant, input.checkout_id!));
    }
    const offer = await createOffer(deps, merchant, {
      items: [{ sku: input.sku, quantity: 1 }],
      destination: TEST_DESTINATION,
      currency: input.currency,
      // The merchant's own tests: a channel of their own, and marked test so that they never count as
      // business (usage, fees, analytics) and reach webhooks with livemode false (ADR 043).
      origin: { channel: AGENT_TEST_CHANNEL, agent: null, test: true },
    });
    const expected = amountToMinor(input.amount)!;
    if (offer.subtotalMinor !== expected) {
      return {
        error: `The store prices ${input.sku} at ${money(offer.subtotalMinor, offer.currency)}, not ${money(expected, offer.currency)}. Nothing was charged; run the test with the store's price.`,
        step,
      };
    }
    const shipping = offer.shippingOptions[0]!;
    const amountMinor = offer.subtotalMinor + shipping.priceMinor;
    charge = { amount: amountMinor, currency: offer.currency };

    step = 'checkout';
    const { checkout, payment } = await createCheckout(deps, merchant, {
      offerId: offer.id,
      shippingOptionId: shipping.id,
      buyer: TEST_BUYER,
      payment:
        input.payment_method === 'stripe'
          ? {
              method: 'stripe',
              // As typed, as the agent API takes it: a token the provider does not know fails the test with
              // the provider's own message (issue 23 finding 6); the sandbox mints real ones on request.
              sharedPaymentToken: input.test_spt!,
            }
          : { method: 'btc' },
      callbackUrl: (provider) => paymentWebhookUrl(deps.publicUrl, provider, merchant.id),
    });
    if (checkout.method === 'btc') {
      const paymentRequest = payment.providerPayload.payment_request;
      return {
        status: checkout.status,
        requires_payment: true,
        checkout_id: checkout.id,
        amount: checkout.amountMinor,
        currency: checkout.currency,
        invoice_id: payment.providerInvoiceId,
        invoice_url: typeof paymentRequest === 'string' ? paymentRequest : null,
        expires_at: checkout.expiresAt.toISOString(),
        message: `Pay the Lightning invoice for ${money(checkout.amountMinor, checkout.currency)}, then confirm.`,
      };
    }

    step = 'confirm';
    return confirmed(await confirmCheckout(deps, merchant, checkout.id));
  } catch (err) {
    if (err instanceof CommerceError) return failed(step, err, charge);
    throw err;
  }
}
