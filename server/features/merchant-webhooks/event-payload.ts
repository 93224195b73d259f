import { and, eq } from 'drizzle-orm';
import type { WebhookEventId } from '#common/api/merchant-webhooks';
import type { Db } from '../../db/client';
import {
  checkouts,
  offers,
  orders,
  refunds,
  type Checkout,
  type Offer,
  type Order,
  type Refund,
} from '../../db/schema/index';
import type { EngineEvent } from '../../events/engine-event';

/** The engine statuses of an order whose refund succeeded or failed (migration 0036's trigger). */
export const REFUND_SUCCEEDED = 'REFUND_SUCCEEDED';
export const REFUND_FAILED = 'REFUND_FAILED';

/**
 * Which of the merchant's webhook events an engine change is, if any: a new order, an order that became
 * FULFILLED or CANCELLED, a checkout that became ACCEPTED (paid and accepted), a new offer. Every other
 * change (a store write, an expiry, a decline) is not a merchant event.
 */
export function webhookEventOf(event: EngineEvent): WebhookEventId | null {
  if (event.topic === 'order') {
    if (event.change === 'created') return 'order.created';
    if (event.status === 'FULFILLED') return 'order.fulfilled';
    if (event.status === 'CANCELLED') return 'order.cancelled';
    // A refund of the order changed (migration 0036's trigger): told when it succeeds or fails.
    if (event.status === REFUND_SUCCEEDED) return 'order.refunded';
    if (event.status === REFUND_FAILED) return 'refund.failed';
    return null;
  }
  if (event.topic === 'checkout') return event.status === 'ACCEPTED' ? 'checkout.completed' : null;
  return event.change === 'created' ? 'offer.created' : null;
}

const orderData = (order: Order) => ({
  object: 'order' as const,
  order_id: order.id,
  checkout_id: order.checkoutId,
  status: order.status,
  store_order_id: order.storeOrderId,
  store_order_number: order.storeOrderNumber,
  platform: order.platform,
  total: order.totalMinor,
  currency: order.currency,
  tracking: order.tracking ?? { carrier: null, number: null, url: null },
  created_at: order.createdAt.toISOString(),
  updated_at: order.updatedAt.toISOString(),
});

// The buyer's name and address stay out: the store has them with the order, and the delivery log would
// otherwise keep a copy of every buyer's address.
const checkoutData = (checkout: Checkout) => ({
  object: 'checkout' as const,
  checkout_id: checkout.id,
  offer_id: checkout.offerId,
  status: checkout.status,
  method: checkout.method,
  provider: checkout.provider,
  amount: checkout.amountMinor,
  currency: checkout.currency,
  items: checkout.items.map((item) => ({
    sku: item.sku,
    name: item.name,
    quantity: item.quantity,
    unit_price: item.unitPriceMinor,
  })),
  shipping_option: { id: checkout.shippingOption.id, label: checkout.shippingOption.label },
  created_at: checkout.createdAt.toISOString(),
});

const offerData = (offer: Offer) => ({
  object: 'offer' as const,
  offer_id: offer.id,
  items: offer.items.map((item) => ({
    sku: item.sku,
    name: item.name,
    quantity: item.quantity,
    unit_price: item.unitPriceMinor,
    total: item.unitPriceMinor * item.quantity,
  })),
  subtotal: offer.subtotalMinor,
  currency: offer.currency,
  shipping_options: offer.shippingOptions.map((option) => ({
    id: option.id,
    label: option.label,
    price: option.priceMinor,
    eta: option.eta,
  })),
  expires_at: offer.expiresAt.toISOString(),
  created_at: offer.createdAt.toISOString(),
});

// One refund, with the order it gave money back on.
const refundData = (refund: Refund, order: Order) => ({
  object: 'refund' as const,
  refund_id: refund.id,
  order_id: order.id,
  payment_id: refund.paymentId,
  status: refund.status,
  amount: refund.amountMinor,
  currency: refund.currency,
  reason: refund.reason,
  rail: refund.rail,
  line_items: (refund.lineItems ?? []).map((line) => ({
    sku: line.sku,
    quantity: line.quantity,
    amount: line.amountMinor,
  })),
  failure_reason: refund.failureReason,
  store_order_id: order.storeOrderId,
  created_at: refund.createdAt.toISOString(),
  updated_at: refund.updatedAt.toISOString(),
});

export type WebhookEventData =
  | ReturnType<typeof orderData>
  | ReturnType<typeof checkoutData>
  | ReturnType<typeof offerData>
  | ReturnType<typeof refundData>;

/**
 * The body every merchant webhook has (the Standard Webhooks convention): type, timestamp, data, and
 * Stripe's `livemode`: false for the merchant's own test sales (ADR 043) and the endpoint test.
 */
export interface WebhookEventBody {
  type: WebhookEventId | 'webhook.test';
  timestamp: string;
  livemode: boolean;
  data: WebhookEventData | { object: 'test'; message: string };
}

/** An event's subject as the webhook tells it, and whether it is live business or a test. */
export interface EventSubject {
  data: WebhookEventData;
  livemode: boolean;
}

const subjectOf = <T extends { test: boolean }>(row: T | undefined, data: (row: T) => WebhookEventData) =>
  row ? { data: data(row), livemode: !row.test } : null;

/**
 * The refunds an order's refund event is about: each refund of the order in `status`, its own subject
 * (so each is told once, however many refunds the order has or how often the event is relayed).
 */
export async function refundSubjects(
  db: Db,
  event: EngineEvent,
  status: 'succeeded' | 'failed',
): Promise<(EventSubject & { subjectId: string })[]> {
  const rows = await db
    .select({ refund: refunds, order: orders })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(
      and(
        eq(refunds.orderId, event.subjectId),
        eq(refunds.merchantId, event.merchantId),
        eq(refunds.status, status),
      ),
    );
  return rows.map(({ refund, order }) => ({
    subjectId: refund.id,
    data: refundData(refund, order),
    livemode: !refund.test,
  }));
}

/**
 * The event's data as its subject stands now (an event handled late still tells the truth), read within
 * the event's merchant; null when the subject is gone.
 */
export async function eventSubject(db: Db, event: EngineEvent): Promise<EventSubject | null> {
  if (event.topic === 'order') {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, event.subjectId), eq(orders.merchantId, event.merchantId)));
    return subjectOf(order, orderData);
  }
  if (event.topic === 'checkout') {
    const [checkout] = await db
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.id, event.subjectId), eq(checkouts.merchantId, event.merchantId)));
    return subjectOf(checkout, checkoutData);
  }
  const [offer] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.id, event.subjectId), eq(offers.merchantId, event.merchantId)));
  return subjectOf(offer, offerData);
}
