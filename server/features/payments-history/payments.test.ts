import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { dashboardRequest, newMerchant, type TestMerchant } from '../../test/merchant-kit';
import { insertCheckout } from '../../test/checkout-rows';

let t: TestApp;
let a: TestMerchant;
let b: TestMerchant;
/** A's checkouts by raw payment status, created a second apart in this order. */
const checkoutOf: Record<string, string> = {};
const RAW = [
  ['stripe_spt', 'succeeded'],
  ['stripe_spt', 'failed'],
  ['stripe_spt', 'canceled'],
  ['stripe_spt', 'requires_action'],
  ['btc_opennode', 'pending'],
  ['btc_opennode', 'processing'],
  ['btc_opennode', 'needs_review'],
  ['btc_opennode', 'expired'],
  ['btc_coincorner', 'something_new'],
] as const;

beforeAll(async () => {
  t = await createTestApp({ simulators: false, jobs: false });
  a = await newMerchant(t);
  b = await newMerchant(t);
  const start = Date.now() - 60_000;
  for (const [i, [method, status]] of RAW.entries()) {
    const btc = method !== 'stripe_spt';
    const { checkoutId } = await insertCheckout(t, a.merchantId, {
      createdAt: new Date(start + i * 1000),
      amountMinor: 1000 + i,
      payment: {
        method,
        status,
        invoiceId: btc ? `inv_${status}` : `pi_${status}`,
        payload: btc ? { payment_request: `lntb${i}`, payment_url: `https://pay.example/${i}` } : {},
      },
    });
    checkoutOf[status] = checkoutId;
  }
  await insertCheckout(t, b.merchantId, {
    createdAt: new Date(),
    payment: { method: 'stripe_spt', status: 'succeeded' },
  });
});
afterAll(() => t.close());

const list = async (merchant: TestMerchant, query = '') => {
  const res = await dashboardRequest(t, merchant.cookie, 'GET', `/api/payments${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payments as { id: string; checkout_id: string; raw_status: string; status: string }[];
};
const rawStatuses = (rows: { raw_status: string }[]) => rows.map((p) => p.raw_status);

describe('payments history', () => {
  it("lists the merchant's payments newest first with their display statuses", async () => {
    const rows = await list(a);
    expect(rawStatuses(rows)).toEqual(RAW.map(([, status]) => status).reverse());
    expect(Object.fromEntries(rows.map((p) => [p.raw_status, p.status]))).toEqual({
      succeeded: 'PAID',
      failed: 'FAILED',
      canceled: 'FAILED',
      requires_action: 'PENDING',
      pending: 'PENDING',
      processing: 'PENDING',
      needs_review: 'PENDING',
      expired: 'EXPIRED',
      something_new: 'PENDING',
    });
    expect(rows.find((p) => p.raw_status === 'needs_review')).toMatchObject({ needs_review: true });
    expect(rows.find((p) => p.raw_status === 'pending')).toEqual({
      id: expect.any(String),
      checkout_id: checkoutOf.pending,
      method: 'btc_opennode',
      status: 'PENDING',
      raw_status: 'pending',
      needs_review: false,
      disputed: false,
      amount: 1004,
      currency: 'GBP',
      created_at: expect.any(String),
      provider_invoice_id: 'inv_pending',
      payment_request: 'lntb4',
      payment_url: 'https://pay.example/4',
      test: false,
      refunded: 0,
      refundable: 0,
      order: null,
    });
    expect(rows.find((p) => p.raw_status === 'succeeded')).toMatchObject({
      payment_request: null,
      payment_url: null,
    });
  });

  it('filters by display status, method and count', async () => {
    expect(rawStatuses(await list(a, '?status=PAID'))).toEqual(['succeeded']);
    expect(rawStatuses(await list(a, '?status=FAILED'))).toEqual(['canceled', 'failed']);
    expect(rawStatuses(await list(a, '?status=EXPIRED'))).toEqual(['expired']);
    expect(rawStatuses(await list(a, '?status=PENDING'))).toEqual([
      'something_new',
      'needs_review',
      'processing',
      'pending',
      'requires_action',
    ]);
    expect(await list(a, '?status=all')).toHaveLength(RAW.length);
    expect(rawStatuses(await list(a, '?method=btc_opennode'))).toEqual([
      'expired',
      'needs_review',
      'processing',
      'pending',
    ]);
    expect(rawStatuses(await list(a, '?method=btc_opennode&status=PENDING'))).toEqual([
      'needs_review',
      'processing',
      'pending',
    ]);
    expect(rawStatuses(await list(a, '?method=btc_coincorner'))).toEqual(['something_new']);
    expect(await list(a, '?method=btc_strike')).toEqual([]);
    expect(await list(a, '?limit=2')).toHaveLength(2);
    for (const query of ['?status=paid', '?method=paypal', '?limit=0', '?limit=101']) {
      expect((await dashboardRequest(t, a.cookie, 'GET', `/api/payments${query}`)).statusCode).toBe(400);
    }
  });

  it("never shows one merchant another's payments", async () => {
    const rows = await list(b);
    expect(rows).toHaveLength(1);
    expect(Object.values(checkoutOf)).not.toContain(rows[0]!.checkout_id);
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/payments' });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe("a payment's buyer details", () => {
  const details = (merchant: TestMerchant, id: string) =>
    dashboardRequest(t, merchant.cookie, 'GET', `/api/payments/${id}`);

  it('shows the buyer and records that one checkout as read by the merchant user; the list records none', async () => {
    const c = await newMerchant(t);
    const { checkoutId } = await insertCheckout(t, c.merchantId, {
      createdAt: new Date(),
      payment: { method: 'stripe_spt', status: 'failed' },
    });
    const accesses = async () => {
      await t.services.checkoutAccess.flush();
      const rows = await t.db
        .select()
        .from(events)
        .where(and(eq(events.merchantId, c.merchantId), eq(events.kind, 'checkout_data_accessed')));
      return rows.map((r) => r.payload);
    };
    const [row] = await list(c, '?status=FAILED');
    expect(await accesses()).toEqual([]);

    const res = await details(c, row!.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      payment: expect.objectContaining({ checkout_id: checkoutId, status: 'FAILED', amount: 2398 }),
      buyer: {
        name: 'Ada',
        email: 'ada@example.com',
        phone: null,
        address: {
          line1: '1 Way',
          line2: null,
          city: 'London',
          region: null,
          postal_code: 'N1 9GU',
          country: 'GB',
        },
      },
    });
    expect(await accesses()).toEqual([
      {
        checkout_id: checkoutId,
        amount: 2398,
        currency: 'GBP',
        user_id: c.userId,
        status: 'FAILED',
        via: 'dashboard',
      },
    ]);
  });

  it("answers another merchant's payment as not found, a malformed id with a 400 and no session with a 401", async () => {
    const [theirs] = await list(b);
    const id = theirs!.id;
    const res = await details(a, id);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('ada@example.com');
    expect((await details(a, 'not-a-uuid')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/payments/${id}` })).statusCode).toBe(401);
  });
});
