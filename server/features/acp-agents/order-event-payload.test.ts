import { describe, expect, it } from 'vitest';
import type { Checkout, Order, Payment } from '../../db/schema/index';
import { acpSpecAvailable, officialWebhookValidator } from '../../test/acp-official-schemas';
import { acpOrderPermalink, acpVersion, type OrderEventInput } from '../acp';
import { orderEvent } from './order-event-payload';

const at = new Date('2026-05-01T12:00:00Z');
const TOKEN = 'a'.repeat(64);
const order = (over: Partial<Order> = {}): Order => ({
  id: '6f1c2b8e-1111-4a2b-9c3d-000000000001',
  merchantId: '6f1c2b8e-2222-4a2b-9c3d-000000000002',
  checkoutId: 'chk_1',
  status: 'ACCEPTED',
  platform: 'woocommerce',
  storeOrderId: '1042',
  storeOrderNumber: null,
  totalMinor: 4397,
  currency: 'GBP',
  tracking: null,
  storeWriteAttempts: 1,
  storeWriteError: null,
  storeWriteLeaseUntil: null,
  storeWriteClaimedBy: null,
  cancelledAt: null,
  cancelledBy: null,
  cancelReason: null,
  storeCancellation: null,
  storeCancelledAt: null,
  storeCancelAttempts: 0,
  storeCancelError: null,
  storeCancelLeaseUntil: null,
  storeCancelClaimedBy: null,
  channel: 'acp_2026-04-17',
  agent: 'ChatGPT-User',
  test: false,
  createdAt: at,
  updatedAt: at,
  ...over,
});
const checkout = {
  id: 'chk_1',
  items: [
    {
      sku: 'TEST-PRODUCT-001',
      productId: '11',
      variantId: null,
      name: 'Test Product',
      quantity: 2,
      unitPriceMinor: 1999,
    },
  ],
  shippingOption: { id: 'standard', label: 'Standard', priceMinor: 399, eta: '3-5 days' },
} as unknown as Checkout;
const payment = (status: string, over: Partial<Payment> = {}) =>
  ({ id: 'pay_1', status, providerPayload: {}, updatedAt: at, ...over }) as Payment;

const input = (over: Partial<OrderEventInput> = {}): OrderEventInput => ({
  eventType: 'order_create',
  sessionId: 'cs_123',
  permalinkUrl: acpOrderPermalink('http://localhost:3000', TOKEN),
  order: order(),
  checkout,
  payment: payment('succeeded'),
  ...over,
});

describe('ACP order status from the engine order', () => {
  const cases: [Partial<Order>, string | null, string, string][] = [
    [{ status: 'PENDING' }, 'succeeded', 'created', 'created'],
    [{ status: 'IN_PROGRESS' }, 'succeeded', 'created', 'created'],
    [{ status: 'ACCEPTED' }, 'succeeded', 'confirmed', 'confirmed'],
    [
      { status: 'ACCEPTED', tracking: { carrier: 'UPS', number: '1Z9', url: null } },
      'succeeded',
      'shipped',
      'shipped',
    ],
    [{ status: 'FULFILLED' }, 'succeeded', 'fulfilled', 'shipped'],
    [{ status: 'CANCELLED' }, 'refunded', 'canceled', 'canceled'],
    [{ status: 'REJECTED' }, 'succeeded', 'canceled', 'canceled'],
    [{ status: 'ACCEPTED' }, 'needs_review', 'manual_review', 'manual_review'],
    [{ status: 'IN_PROGRESS' }, 'failed', 'manual_review', 'manual_review'],
  ];
  it.each(cases)('%o with payment %s -> 2025 %s, 2026 %s', (o, p, v2025, v2026) => {
    const pay = p ? payment(p) : null;
    expect(acpVersion('2025-09-29').orderStatus(order(o), pay)).toBe(v2025);
    expect(acpVersion('2026-04-17').orderStatus(order(o), pay)).toBe(v2026);
  });

  it('links to the order-status page by the order-page token alone', () => {
    expect(acpOrderPermalink('https://pay.example', TOKEN)).toBe(`https://pay.example/order-status/${TOKEN}`);
  });
});

describe.skipIf(!acpSpecAvailable)(
  'order event payloads validate against the official webhook schemas',
  () => {
    const v2025 = officialWebhookValidator('2025-09-29');
    const v2026 = officialWebhookValidator('2026-04-17');
    const variants: Partial<OrderEventInput>[] = [
      {},
      {
        eventType: 'order_update',
        order: order({
          status: 'FULFILLED',
          tracking: { carrier: 'UPS', number: '1Z9', url: 'https://ups.example/t/1Z9' },
        }),
      },
      { eventType: 'order_update', order: order({ status: 'CANCELLED' }), payment: payment('refunded') },
      {
        eventType: 'order_update',
        payment: payment('partially_refunded', { providerPayload: { amount_refunded: 1000 } }),
      },
      { order: order({ status: 'IN_PROGRESS', storeOrderId: null }), payment: null },
    ];

    it.each(variants)('2025-09-29 %#', (over) => {
      const { body } = orderEvent('2025-09-29', input(over));
      expect(v2025(body)).toEqual({ valid: true, errors: [] });
    });

    it.each(variants)('2026-04-17 %#', (over) => {
      const { body } = orderEvent('2026-04-17', input(over));
      expect(v2026(body)).toEqual({ valid: true, errors: [] });
    });

    it('2025: status and refunds only', () => {
      expect(
        orderEvent(
          '2025-09-29',
          input({ order: order({ status: 'CANCELLED' }), payment: payment('refunded') }),
        ).body,
      ).toEqual({
        type: 'order_create',
        data: {
          type: 'order',
          checkout_session_id: 'cs_123',
          permalink_url: `http://localhost:3000/order-status/${TOKEN}`,
          status: 'canceled',
          refunds: [{ type: 'original_payment', amount: 4397 }],
        },
      });
    });

    it('2026: the full order, with line items, fulfilment, adjustments and totals', () => {
      const { body, status } = orderEvent(
        '2026-04-17',
        input({
          order: order({ status: 'FULFILLED', tracking: { carrier: 'UPS', number: '1Z9', url: null } }),
        }),
      );
      expect(status).toBe('shipped');
      expect(body.data).toMatchObject({
        type: 'order',
        id: '6f1c2b8e-1111-4a2b-9c3d-000000000001',
        order_number: '1042',
        status: 'shipped',
        line_items: [
          {
            id: 'TEST-PRODUCT-001',
            title: 'Test Product',
            quantity: { ordered: 2, current: 2, fulfilled: 2 },
            unit_price: 1999,
            subtotal: 3998,
            status: 'fulfilled',
          },
        ],
        fulfillments: [{ type: 'shipping', status: 'shipped', carrier: 'UPS', tracking_number: '1Z9' }],
        adjustments: [],
        totals: [
          { type: 'subtotal', amount: 3998 },
          { type: 'fulfillment', amount: 399 },
          { type: 'tax', amount: 0 },
          { type: 'total', amount: 4397 },
        ],
      });
      const refunded = orderEvent(
        '2026-04-17',
        input({ payment: payment('partially_refunded', { providerPayload: { amount_refunded: 1000 } }) }),
      );
      expect(refunded.body.data).toMatchObject({
        adjustments: [{ type: 'refund', status: 'completed', amount: 1000, currency: 'gbp' }],
      });
    });

    it('the official validators do catch a wrong shape', () => {
      expect(v2025({ type: 'order_create', data: { type: 'order', status: 'lost' } }).valid).toBe(false);
      expect(v2026({ type: 'order_update', data: { type: 'order', status: 'shipped' } }).valid).toBe(false);
      // The checkout spec's Order is really applied: a line item without its required fields fails.
      const good = orderEvent('2026-04-17', input()).body;
      const broken = { ...good, data: { ...good.data, line_items: [{ id: 'x' }] } };
      expect(v2026(broken).errors.join()).toMatch(/line_items\/0 must have required property/);
    });
  },
);
