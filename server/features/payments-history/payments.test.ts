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
  return res.json().payments as { checkout_id: string; raw_status: string; status: string }[];
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
      amount: 1004,
      currency: 'GBP',
      created_at: expect.any(String),
      provider_invoice_id: 'inv_pending',
      payment_request: 'lntb4',
      payment_url: 'https://pay.example/4',
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

describe('checkout access log', () => {
  it('records each checkout a merchant reads, and flags more than 20 reads in 5 minutes', async () => {
    const c = await newMerchant(t);
    const checkouts = [];
    for (let i = 0; i < 15; i++) {
      checkouts.push(
        await insertCheckout(t, c.merchantId, {
          createdAt: new Date(Date.now() - 60_000 + i * 1000),
          payment: { method: 'stripe_spt', status: i === 0 ? 'failed' : 'succeeded' },
        }),
      );
    }
    const log = async () => {
      const res = await dashboardRequest(t, c.cookie, 'GET', '/api/security/checkout-access');
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(await log()).toEqual({ events: [], accesses_last_5_minutes: 0, rapid_checkout_access: false });

    await list(c, '?status=FAILED');
    const [row] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.merchantId, c.merchantId), eq(events.kind, 'checkout_data_accessed')));
    expect(row!.payload).toEqual({
      checkout_id: checkouts[0]!.checkoutId,
      amount: 2398,
      currency: 'GBP',
      user_id: c.userId,
      status: 'FAILED',
    });
    expect(await log()).toMatchObject({ accesses_last_5_minutes: 1, rapid_checkout_access: false });

    await list(c, '?limit=10'); // 11 accesses so far
    await list(c, '?limit=9'); // 20: not more than 20 yet
    expect(await log()).toMatchObject({ accesses_last_5_minutes: 20, rapid_checkout_access: false });
    await list(c, '?limit=1');
    const flagged = await log();
    expect(flagged).toMatchObject({ accesses_last_5_minutes: 21, rapid_checkout_access: true });
    expect(flagged.events).toHaveLength(10);
    expect(flagged.events[0]).toEqual({
      id: expect.any(String),
      checkout_id: checkouts[14]!.checkoutId,
      amount: 2398,
      currency: 'GBP',
      user_id: c.userId,
      status: 'PAID',
      created_at: expect.any(String),
    });
    const limited = await dashboardRequest(t, c.cookie, 'GET', '/api/security/checkout-access?limit=3');
    expect(limited.json().events).toHaveLength(3);

    // Older accesses stay in the log but no longer count towards the flag.
    await t.db
      .update(events)
      .set({ createdAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(events.merchantId, c.merchantId));
    expect(await log()).toMatchObject({ accesses_last_5_minutes: 0, rapid_checkout_access: false });
    expect((await log()).events).toHaveLength(10);

    // Another merchant's log holds only its own reads.
    const other = await dashboardRequest(t, b.cookie, 'GET', '/api/security/checkout-access');
    expect(other.json().events.every((e: { user_id: string }) => e.user_id === b.userId)).toBe(true);
    expect(other.json().events.map((e: { checkout_id: string }) => e.checkout_id)).not.toContain(
      checkouts[0]!.checkoutId,
    );
  });
});
