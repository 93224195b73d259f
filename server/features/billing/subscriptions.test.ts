import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccounts, billingWebhookEvents, merchants } from '../../db/schema/index';
import { stripeSignatureHeader } from '../../integrations/payments/stripe/webhook';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { eventually } from '../../test/eventually';
import { dashboardRequest, newMerchant, type TestMerchant } from '../../test/merchant-kit';
import { BILLING_WEBHOOK_PATH, subscribeBillingWebhook } from './index';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await subscribeBillingWebhook(t.services.billing!, `${baseUrl}${BILLING_WEBHOOK_PATH}`);
});
afterAll(() => t.close());

const billing = () => t.services.billing!;
const CARD = { exp: '12 / 34', cvc: '123' };

/** Submits a hosted page's form as the merchant's browser would, without following the redirect. */
function submit(url: string, fields: Record<string, string>) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

const DAY_MS = 86_400_000;

/** Moves the merchant's sign-up `days` back, so its free trial has that much less left (or is over). */
async function signedUp(m: TestMerchant, daysAgo: number) {
  const createdAt = new Date(Date.now() - daysAgo * DAY_MS);
  await t.db.update(merchants).set({ createdAt }).where(eq(merchants.id, m.merchantId));
  return createdAt;
}

/** A merchant whose 14-day trial is over: subscribing charges at once. */
async function pastTrial(t: TestApp) {
  const m = await newMerchant(t);
  await signedUp(m, 20);
  return m;
}

async function checkout(m: TestMerchant, plan: 'growth' | 'scale', currency = 'GBP') {
  const res = await dashboardRequest(t, m.cookie, 'POST', '/api/billing/create-checkout', {
    stripePriceId: plan,
    currency,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().url as string;
}

async function subscribed(m: TestMerchant, plan: 'growth' | 'scale', card = '4242 4242 4242 4242') {
  const url = await checkout(m, plan);
  const paid = await submit(url, { email: 'owner@shop.test', cardnumber: card, ...CARD });
  return { url, paid };
}

const check = async (m: TestMerchant, refresh = false) =>
  (
    await dashboardRequest(
      t,
      m.cookie,
      'GET',
      `/api/billing/check-subscription${refresh ? '?refresh=true' : ''}`,
    )
  ).json();

async function accountOf(m: TestMerchant) {
  const [row] = await t.db.select().from(billingAccounts).where(eq(billingAccounts.merchantId, m.merchantId));
  return row!;
}

/** Waits until the merchant's stored subscription satisfies `check` (webhooks arrive asynchronously). */
const subscriptionWhen = (m: TestMerchant, check: (row: Awaited<ReturnType<typeof accountOf>>) => boolean) =>
  eventually(
    () => accountOf(m),
    (row) => row !== undefined && check(row),
  );

/** A signed delivery of `event` to the billing webhook, as Stripe makes it. */
function deliver(event: object, secret = billing().webhookSecret) {
  const body = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: BILLING_WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripeSignatureHeader(secret, body, Math.floor(Date.now() / 1000)),
    },
    payload: body,
  });
}

describe('subscribing', () => {
  it('opens a Checkout Session in subscription mode on the platform, with the plan and overage prices', async () => {
    const m = await newMerchant(t);
    const url = await checkout(m, 'scale', 'EUR');
    expect(url.startsWith(t.simulators!.simulators.stripe.baseUrl)).toBe(true);
    const session = (
      await billing().stripe.checkout.sessions.list({ customer: (await accountOf(m)).stripeCustomerId! })
    ).data[0]!;
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: m.merchantId,
      status: 'open',
    });
    const items = await billing().stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data.map((i) => i.price!.id)).toEqual([
      billing().planPrices.scale.EUR,
      billing().overagePrices.EUR,
    ]);
  });

  it('becomes Growth and active through the webhooks after paying with 4242 once the trial is over', async () => {
    const m = await pastTrial(t);
    expect(await check(m)).toEqual({ subscribed: false, tier: null, subscription_end: null });
    const { paid } = await subscribed(m, 'growth');
    expect(paid.status).toBe(303);
    const row = await subscriptionWhen(m, (r) => r.subscriptionStatus === 'active');
    expect(row).toMatchObject({ subscriptionPlan: 'growth', currency: 'GBP', cancelAtPeriodEnd: false });
    const state = await check(m);
    expect(state).toMatchObject({ subscribed: true, tier: 'growth' });
    expect(Date.parse(state.subscription_end)).toBeGreaterThan(Date.now() + 25 * 86_400_000);
    // Each of the checkout's events was delivered, verified and recorded as applied.
    const expected = ['checkout.session.completed', 'customer.subscription.created', 'invoice.paid'];
    await expect
      .poll(async () => (await t.db.select().from(billingWebhookEvents)).map((e) => e.type))
      .toEqual(expect.arrayContaining(expected));
  });

  it('stays on Starter when the card is declined', async () => {
    const m = await newMerchant(t);
    const { paid } = await subscribed(m, 'growth', '4000 0000 0000 0002');
    expect(paid.status).toBe(402);
    expect(await check(m, true)).toEqual({ subscribed: false, tier: null, subscription_end: null });
  });

  it('sends a subscribed merchant to the portal instead of a second subscription', async () => {
    const m = await pastTrial(t);
    await subscribed(m, 'growth');
    await subscriptionWhen(m, (r) => r.subscriptionStatus === 'active');
    const url = await checkout(m, 'scale');
    expect(new URL(url).pathname).toMatch(/^\/p\/session\//);
  });

  it('refuses a plan that is not sold at checkout, or a currency it is not priced in', async () => {
    const m = await newMerchant(t);
    for (const body of [
      { stripePriceId: 'enterprise', currency: 'GBP' },
      { stripePriceId: 'growth', currency: 'JPY' },
      { stripePriceId: 'growth', currency: 'GBP', extra: 1 },
    ]) {
      const res = await dashboardRequest(t, m.cookie, 'POST', '/api/billing/create-checkout', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/billing/create-checkout' })).statusCode).toBe(
      401,
    );
  });
});

describe('subscribing during the free trial', () => {
  it('trials until the merchant’s trial ends: trialing, a zero first invoice, the plan charged at the end', async () => {
    const m = await newMerchant(t);
    const createdAt = await signedUp(m, 4);
    const trialEnd = Math.floor(createdAt.getTime() / 1000) + 14 * 86_400;
    const { paid } = await subscribed(m, 'growth');
    expect(paid.status).toBe(303);
    const row = await subscriptionWhen(m, (r) => r.subscriptionStatus === 'trialing');
    expect(row).toMatchObject({ subscriptionPlan: 'growth' });
    const sub = await billing().stripe.subscriptions.retrieve(row.stripeSubscriptionId!);
    expect(sub).toMatchObject({ status: 'trialing', trial_end: trialEnd });
    const [first] = (await billing().stripe.invoices.list({ subscription: sub.id })).data;
    expect(first).toMatchObject({ status: 'paid', amount_paid: 0 });

    // The subscription card, the trial banner and check-subscription all say the trial's end.
    const ends = new Date(trialEnd * 1000).toISOString();
    expect(await check(m)).toEqual({ subscribed: true, tier: 'growth', subscription_end: ends });
    const summary = (await dashboardRequest(t, m.cookie, 'GET', '/api/billing/summary')).json();
    expect(summary.subscription).toMatchObject({ status: 'trialing', subscription_end: ends });
    expect(summary.trial).toMatchObject({ state: 'trialing', days_left: 10, ends_at: ends });

    // At the trial's end Stripe charges the plan, and the subscription is active.
    const stripeSim = t.simulators!.simulators.stripe.baseUrl;
    const advanced = await fetch(`${stripeSim}/__sim/subscriptions/${sub.id}/advance_period`, {
      method: 'POST',
    });
    expect(advanced.ok).toBe(true);
    const active = await subscriptionWhen(m, (r) => r.subscriptionStatus === 'active');
    expect(active.currentPeriodEnd!.getTime()).toBeGreaterThan(trialEnd * 1000 + 27 * DAY_MS);
    const [charged] = (await billing().stripe.invoices.list({ subscription: sub.id })).data;
    expect(charged).toMatchObject({
      status: 'paid',
      amount_paid: 9900,
      billing_reason: 'subscription_cycle',
    });
  });

  it('charges at once when less than Checkout’s 48 hours of trial are left', async () => {
    const m = await newMerchant(t);
    await signedUp(m, 13);
    await subscribed(m, 'growth');
    await subscriptionWhen(m, (r) => r.subscriptionStatus === 'active');
  });
});

describe('the billing webhook', () => {
  it('refuses a bad signature and a stale one, and applies nothing', async () => {
    const event = {
      id: 'evt_forged',
      type: 'customer.subscription.updated',
      data: { object: { customer: 'cus_x' } },
    };
    expect((await deliver(event, 'whsec_not_ours')).statusCode).toBe(400);
    const body = JSON.stringify(event);
    const stale = await t.app.inject({
      method: 'POST',
      url: BILLING_WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripeSignatureHeader(
          billing().webhookSecret,
          body,
          Math.floor(Date.now() / 1000) - 600,
        ),
      },
      payload: body,
    });
    expect(stale.statusCode).toBe(400);
    const unsigned = await t.app.inject({ method: 'POST', url: BILLING_WEBHOOK_PATH, payload: body });
    expect(unsigned.statusCode).toBe(400);
    const rows = await t.db
      .select()
      .from(billingWebhookEvents)
      .where(eq(billingWebhookEvents.eventId, 'evt_forged'));
    expect(rows).toHaveLength(0);
  });

  it('applies a replayed event once, and an old event delivered late cannot roll the plan back', async () => {
    const m = await pastTrial(t);
    await subscribed(m, 'growth');
    const row = await subscriptionWhen(m, (r) => r.subscriptionStatus === 'active');
    const sub = await billing().stripe.subscriptions.retrieve(row.stripeSubscriptionId!);

    // The merchant cancels: Stripe now says canceled.
    await billing().stripe.subscriptions.cancel(sub.id);
    await subscriptionWhen(m, (r) => r.subscriptionStatus === 'canceled');

    // The earlier "created" event (carrying status active) arrives late: state is re-read, not taken from it.
    const late = { id: 'evt_late_created', type: 'customer.subscription.created', data: { object: sub } };
    const first = await deliver(late);
    expect(first.json()).toEqual({ received: true, applied: true });
    expect(await accountOf(m)).toMatchObject({ subscriptionStatus: 'canceled' });
    expect(await check(m)).toMatchObject({ subscribed: false, tier: null });

    // The same event again is acknowledged and changes nothing.
    const replay = await deliver(late);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, applied: false });
  });

  it('acknowledges events about nothing it bills', async () => {
    const res = await deliver({
      id: 'evt_other',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_1' } },
    });
    expect(res.json()).toEqual({ received: true, applied: false });
    expect((await deliver({ nope: true })).statusCode).toBe(400);
  });
});

describe('the customer portal', () => {
  it('opens for a customer, and a downgrade made there is scheduled for the period end', async () => {
    const m = await pastTrial(t);
    const none = await dashboardRequest(t, m.cookie, 'POST', '/api/billing/customer-portal');
    expect(none.statusCode).toBe(404);

    await subscribed(m, 'scale');
    const row = await subscriptionWhen(m, (r) => r.subscriptionStatus === 'active');
    const portal = await dashboardRequest(t, m.cookie, 'POST', '/api/billing/customer-portal');
    expect(portal.statusCode, portal.body).toBe(200);
    const url = portal.json().url as string;
    const page = await (await fetch(url)).text();
    expect(page).toContain('AgentCart Growth');
    const downgraded = await submit(url, {
      action: 'change_plan',
      subscription: row.stripeSubscriptionId!,
      price: billing().planPrices.growth.GBP,
    });
    expect(await downgraded.text()).toContain('Your plan changes to AgentCart Growth on');
    // The return re-check reads Stripe again: still Scale until the period ends, Growth scheduled.
    expect(await check(m, true)).toMatchObject({ subscribed: true, tier: 'scale' });
    const summary = (await dashboardRequest(t, m.cookie, 'GET', '/api/billing/summary')).json();
    expect(summary.subscription).toMatchObject({
      tier: 'scale',
      status: 'active',
      scheduled_plan: 'growth',
      scheduled_change_at: summary.subscription.subscription_end,
    });
  });
});
