import type { RefundReason, RefundStatus } from '#common/domain/refunds';
import type { Checkout, Offer, Order, Payment, Refund } from '../../db/schema/index';
import { showsOnchainAddress } from '../../integrations/payments/registry';

/** The documented agent API's answers, built from our rows. Amounts are minor units. */
export function offerToApi(offer: Offer) {
  const cheapestShipping = Math.min(...offer.shippingOptions.map((o) => o.priceMinor));
  return {
    offer_id: offer.id,
    items: offer.items.map((i) => ({
      sku: i.sku,
      name: i.name,
      quantity: i.quantity,
      unit_price: i.unitPriceMinor,
      total: i.unitPriceMinor * i.quantity,
    })),
    subtotal: offer.subtotalMinor,
    total: offer.subtotalMinor + cheapestShipping,
    currency: offer.currency,
    shipping_options: offer.shippingOptions.map((o) => ({
      id: o.id,
      label: o.label,
      price: o.priceMinor,
      eta: o.eta,
    })),
    expires_at: offer.expiresAt.toISOString(),
  };
}

export function checkoutToApi(checkout: Checkout, payment: Payment) {
  if (checkout.method === 'stripe') {
    return {
      checkout_id: checkout.id,
      status: checkout.status,
      amount_authorized: checkout.amountMinor,
      currency: checkout.currency,
      expires_at: checkout.expiresAt.toISOString(),
    };
  }
  const p = payment.providerPayload as {
    payment_request?: string | null;
    payment_url?: string | null;
    onchain_address?: string | null;
    amount_sats?: number | null;
  };
  return {
    checkout_id: checkout.id,
    status: checkout.status,
    amount: checkout.amountMinor,
    currency: checkout.currency,
    btc: {
      provider: checkout.provider,
      payment_request: p.payment_request ?? null,
      payment_url: p.payment_url ?? null,
      amount_sats: p.amount_sats ?? null,
      expires_at: checkout.expiresAt.toISOString(),
      ...(showsOnchainAddress(checkout.provider) ? { onchain_address: p.onchain_address ?? null } : {}),
    },
  };
}

export function acceptedToApi(order: Order) {
  return {
    order_id: order.id,
    checkout_id: order.checkoutId,
    status: 'ACCEPTED',
    adapter_ref: order.storeOrderId,
  };
}

export function orderToApi(order: Order, refunds: Refund[] = []) {
  return {
    order_id: order.id,
    status: order.status,
    store_order_id: order.storeOrderId,
    total: order.totalMinor,
    currency: order.currency,
    tracking: order.tracking ?? { carrier: null, number: null, url: null },
    created_at: order.createdAt.toISOString(),
    amount_refunded: refunds
      .filter((r) => r.status === 'succeeded')
      .reduce((sum, r) => sum + r.amountMinor, 0),
    refunds: refunds.map((r) => ({
      refund_id: r.id,
      amount: r.amountMinor,
      currency: r.currency,
      status: r.status as RefundStatus,
      reason: r.reason as RefundReason,
      line_items: r.lineItems?.map((line) => ({ sku: line.sku, quantity: line.quantity })) ?? null,
      created_at: r.createdAt.toISOString(),
    })),
  };
}
