import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccounts, merchants } from '../../db/schema/index';
import { insertCheckout } from '../../test/checkout-rows';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { dashboardRequest, newMerchant } from '../../test/merchant-kit';
import { currentPlan, dueBillingNotices, merchantTrial, monthlyUsage } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t.close());

const now = new Date('2026-11-20T12:00:00Z');

async function withOrders(merchantId: string, n: number, at = new Date('2026-11-05T10:00:00Z')) {
  for (let i = 0; i < n; i++) {
    await insertCheckout(t, merchantId, { createdAt: at, order: { status: 'ACCEPTED' } });
  }
}

describe('currentPlan', () => {
  it('is Starter without a billing account, the subscribed plan while in good standing', async () => {
    const { merchantId } = await newMerchant(t);
    expect(await currentPlan(t.db, merchantId)).toBe('starter');
    await t.db.insert(billingAccounts).values({
      merchantId,
      stripeCustomerId: `cus_${merchantId}`,
      stripeSubscriptionId: 'sub_1',
      subscriptionStatus: 'active',
      subscriptionPlan: 'growth',
    });
    expect(await currentPlan(t.db, merchantId)).toBe('growth');
    for (const [status, plan] of [
      ['past_due', 'growth'],
      ['trialing', 'growth'],
      ['incomplete', 'starter'],
      ['unpaid', 'starter'],
      ['canceled', 'starter'],
    ] as const) {
      await t.db
        .update(billingAccounts)
        .set({ subscriptionStatus: status })
        .where(eq(billingAccounts.merchantId, merchantId));
      expect(await currentPlan(t.db, merchantId), status).toBe(plan);
    }
  });

  it('is Enterprise when an operator sets the contract plan, whatever the subscription says', async () => {
    const { merchantId } = await newMerchant(t);
    await t.db.insert(billingAccounts).values({
      merchantId,
      contractPlan: 'enterprise',
      subscriptionStatus: 'canceled',
      subscriptionPlan: 'scale',
    });
    expect(await currentPlan(t.db, merchantId)).toBe('enterprise');
  });

  it('refuses a contract plan other than Enterprise', async () => {
    const { merchantId } = await newMerchant(t);
    await expect(
      t.db.insert(billingAccounts).values({ merchantId, contractPlan: 'growth' }),
    ).rejects.toThrow();
  });
});

describe('monthlyUsage', () => {
  it.each([
    [24, 'near', 0],
    [25, 'at_limit', 0],
    [26, 'at_limit', 1],
  ] as const)('counts %i orders this month as %s with %i over', async (n, level, over) => {
    const { merchantId } = await newMerchant(t);
    await withOrders(merchantId, n);
    await withOrders(merchantId, 3, new Date('2026-10-31T23:59:59Z'));
    expect(await monthlyUsage(t.db, merchantId, now)).toMatchObject({
      count: n,
      limit: 25,
      level,
      overageOrders: over,
      currency: 'GBP',
    });
  });

  it('has no limit on a paid plan', async () => {
    const { merchantId } = await newMerchant(t);
    await t.db.insert(billingAccounts).values({
      merchantId,
      subscriptionStatus: 'active',
      subscriptionPlan: 'scale',
      currency: 'EUR',
    });
    await withOrders(merchantId, 26);
    expect(await monthlyUsage(t.db, merchantId, now)).toMatchObject({
      count: 26,
      limit: null,
      level: 'ok',
      overageOrders: 0,
      currency: 'EUR',
    });
  });
});

describe('trial and notices', () => {
  it("lists a trial's last three days and usage crossing 80% and 100%, each under its own key", async () => {
    const trialing = await newMerchant(t);
    const day11 = new Date(now.getTime() - 11 * 24 * 3_600_000);
    await t.db.update(merchants).set({ createdAt: day11 }).where(eq(merchants.id, trialing.merchantId));
    expect(await merchantTrial(t.db, trialing.merchantId, now)).toMatchObject({
      state: 'trialing',
      daysLeft: 3,
      warning: true,
    });
    const near = await newMerchant(t);
    await withOrders(near.merchantId, 20);
    const over = await newMerchant(t);
    await withOrders(over.merchantId, 25);

    const notices = await dueBillingNotices(t.db, now);
    const mine = (id: string) => notices.filter((n) => n.merchantId === id);
    expect(mine(trialing.merchantId)).toEqual([
      expect.objectContaining({
        kind: 'trial_ending',
        daysLeft: 3,
        key: `trial_ending:${trialing.merchantId}`,
      }),
    ]);
    expect(mine(near.merchantId)).toEqual([
      expect.objectContaining({ kind: 'usage_limit', threshold: 80, count: 20, limit: 25, month: '2026-11' }),
    ]);
    expect(mine(over.merchantId)).toEqual([
      expect.objectContaining({
        kind: 'usage_limit',
        threshold: 100,
        key: `usage_limit:${over.merchantId}:2026-11:100`,
      }),
    ]);
  });
});

describe('a subscription in its Stripe trial', () => {
  it('is the trial the banner and the trial_ending notice follow, with the day of the first charge', async () => {
    const m = await newMerchant(t);
    // Card account connected (the spec's banner rule alone would say "no trial"), Growth chosen in the trial.
    const day12 = new Date(now.getTime() - 12 * 24 * 3_600_000);
    await t.db
      .update(merchants)
      .set({ createdAt: day12, stripeAccountId: 'acct_connected' })
      .where(eq(merchants.id, m.merchantId));
    const firstCharge = new Date(day12.getTime() + 14 * 24 * 3_600_000);
    await t.db.insert(billingAccounts).values({
      merchantId: m.merchantId,
      stripeSubscriptionId: 'sub_trial',
      subscriptionStatus: 'trialing',
      subscriptionPlan: 'growth',
      currentPeriodEnd: firstCharge,
    });
    expect(await merchantTrial(t.db, m.merchantId, now)).toMatchObject({
      state: 'trialing',
      daysLeft: 2,
      endsAt: firstCharge,
      warning: true,
    });
    const notices = (await dueBillingNotices(t.db, now)).filter((n) => n.merchantId === m.merchantId);
    expect(notices).toEqual([
      expect.objectContaining({
        kind: 'trial_ending',
        daysLeft: 2,
        endsAt: firstCharge,
        subscribedPlan: 'growth',
      }),
    ]);
  });
});

describe('GET /api/billing/summary and check-subscription', () => {
  it('answers only a signed-in merchant, with its own plan, trial, usage and fees', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/billing/summary' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/billing/check-subscription' })).statusCode).toBe(
      401,
    );
    const { cookie, merchantId } = await newMerchant(t);
    await withOrders(merchantId, 2, new Date());
    const summary = await dashboardRequest(t, cookie, 'GET', '/api/billing/summary');
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json()).toMatchObject({
      plan: 'starter',
      subscription: { subscribed: false, tier: null, subscription_end: null, status: null, currency: 'GBP' },
      trial: { state: 'trialing', days_used: 0, days_left: 14, warning: false },
      usage: { count: 2, limit: 25, level: 'ok', overage_orders: 0, overage_unit_amount: 250 },
    });
    const state = await dashboardRequest(t, cookie, 'GET', '/api/billing/check-subscription');
    expect(state.json()).toEqual({ subscribed: false, tier: null, subscription_end: null });
  });
});
