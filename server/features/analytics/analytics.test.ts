import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acpSessions, checkouts, offers, orders, payments, refunds } from '../../db/schema/index';
import { salesChannelLabel } from '#common/domain/sales-channel';
import { acpAddress, acpBuyer, acpRequest } from '../../test/acp-kit';
import { cardInstrument, totalOf, ucpBuyer, ucpDestination, ucpRequest } from '../../test/ucp-kit';
import { insertHistory } from '../../test/checkout-rows';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import {
  agentCheckout,
  agentRequest,
  dashboardRequest,
  mintSharedPaymentToken,
  newMerchant,
  type TestMerchant,
} from '../../test/merchant-kit';

let t: TestApp;
let m: TestMerchant;
let other: TestMerchant;

const DAY = 24 * 60 * 60 * 1000;
const now = new Date();
/** Noon UTC `n` days ago: safely inside that UTC day whatever time the test runs. */
const daysAgo = (n: number, plusSeconds = 0) => {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - n * DAY;
  return new Date(Math.min(midnight + 12 * 3600_000, now.getTime() - 60_000) + plusSeconds * 1000);
};
const day = (n: number) => daysAgo(n).toISOString().slice(0, 10);

async function addOffers(merchantId: string, channel: string, createdAt: Date, count: number) {
  await t.db.insert(offers).values(
    Array.from({ length: count }, () => ({
      id: `ofr_${randomUUID()}`,
      merchantId,
      items: [],
      currency: 'GBP',
      subtotalMinor: 0,
      shippingOptions: [],
      destination: { country: 'GB', postalCode: 'N1 9GU' },
      expiresAt: createdAt,
      channel,
      createdAt,
    })),
  );
}
async function addSessions(merchantId: string, apiVersion: string, createdAt: Date, count: number) {
  await t.db.insert(acpSessions).values(
    Array.from({ length: count }, () => ({
      id: `cs_${randomUUID()}`,
      merchantId,
      apiVersion,
      status: 'not_ready_for_payment',
      currency: 'gbp',
      items: [],
      expiresAt: createdAt,
      createdAt,
    })),
  );
}

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  m = await newMerchant(t);
  other = await newMerchant(t);
  // Hand-counted history (amounts in pence). Each row is a checkout with its payment; `order` when paid.
  await insertHistory(t.db, m.merchantId, [
    // 1. today, card, sold through the agent API by ChatGPT-User
    {
      createdAt: daysAgo(0),
      paidAt: daysAgo(0),
      method: 'stripe_spt',
      status: 'succeeded',
      amountMinor: 1000,
      order: { status: 'ACCEPTED' },
      channel: 'agent_api',
      agent: 'ChatGPT-User',
    },
    // 2. today, Lightning paid in 60 s, ACP 2026-04-17, ChatGPT-User
    {
      createdAt: daysAgo(0),
      paidAt: daysAgo(0, 60),
      method: 'btc_opennode',
      status: 'succeeded',
      amountMinor: 3000,
      order: { status: 'FULFILLED' },
      channel: 'acp_2026-04-17',
      agent: 'ChatGPT-User',
    },
    // 3. yesterday, Lightning invoice expired, ACP 2026-04-17, Claude
    {
      createdAt: daysAgo(1),
      method: 'btc_strike',
      status: 'expired',
      amountMinor: 900,
      channel: 'acp_2026-04-17',
      agent: 'Claude',
    },
    // 4. yesterday, card paid but the order cancelled: a payment, not a sale; no agent named
    {
      createdAt: daysAgo(1),
      paidAt: daysAgo(1),
      method: 'stripe_spt',
      status: 'succeeded',
      amountMinor: 5000,
      order: { status: 'CANCELLED' },
      channel: 'agent_api',
    },
    // 5. 10 days ago, Lightning paid in 180 s, ACP 2025-09-29, Gemini
    {
      createdAt: daysAgo(10),
      paidAt: daysAgo(10, 180),
      method: 'btc_opennode',
      status: 'succeeded',
      amountMinor: 2000,
      order: { status: 'ACCEPTED' },
      channel: 'acp_2025-09-29',
      agent: 'Gemini',
    },
    // 6. 10 days ago, a sale in EUR: counted apart, never added to GBP revenue
    {
      createdAt: daysAgo(10),
      paidAt: daysAgo(10),
      method: 'stripe_spt',
      status: 'succeeded',
      amountMinor: 7000,
      currency: 'EUR',
      order: { status: 'ACCEPTED' },
      channel: 'agent_api',
    },
    // 7. 40 days ago, card sale
    {
      createdAt: daysAgo(40),
      paidAt: daysAgo(40),
      method: 'stripe_spt',
      status: 'succeeded',
      amountMinor: 4000,
      order: { status: 'ACCEPTED' },
      channel: 'agent_api',
    },
    // 8. 100 days ago: outside every window
    {
      createdAt: daysAgo(100),
      paidAt: daysAgo(100),
      method: 'stripe_spt',
      status: 'succeeded',
      amountMinor: 9900,
      order: { status: 'ACCEPTED' },
      channel: 'agent_api',
    },
    // 9. today, a card checkout not confirmed yet, ChatGPT-User
    {
      createdAt: daysAgo(0),
      method: 'stripe_spt',
      status: 'requires_action',
      amountMinor: 1500,
      channel: 'agent_api',
      agent: 'ChatGPT-User',
    },
  ]);
  await addOffers(m.merchantId, 'agent_api', daysAgo(0), 2); // offers no checkout followed
  await addSessions(m.merchantId, '2026-04-17', daysAgo(0), 3);
  await addSessions(m.merchantId, '2025-09-29', daysAgo(10), 1);
  // Another merchant's sale today must not show.
  await insertHistory(t.db, other.merchantId, [
    {
      createdAt: daysAgo(0),
      paidAt: daysAgo(0),
      method: 'btc_opennode',
      status: 'succeeded',
      amountMinor: 123_456,
      order: { status: 'ACCEPTED' },
      channel: 'agent_api',
      agent: 'ChatGPT-User',
    },
  ]);
});
afterAll(() => t.close());

const report = async (merchant: TestMerchant, query = '') => {
  const res = await dashboardRequest(t, merchant.cookie, 'GET', `/api/analytics${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('analytics', () => {
  it('counts the last 7 days by day, method, channel, agent and Lightning outcome', async () => {
    const r = await report(m, '?days=7');
    expect(r).toMatchObject({ days: 7, currency: 'GBP', from: day(6), to: day(0) });
    expect(r.totals).toEqual({
      orders: 2,
      revenue: 4000,
      average_order_value: 2000,
      other_currency_orders: 0,
      refunded: 0,
      disputes_lost: 0,
      net_revenue: 4000,
    });
    expect(r.daily).toHaveLength(7);
    expect(r.daily.map((d: { day: string }) => d.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map(day));
    expect(r.daily.at(-1)).toEqual({ day: day(0), orders: 2, revenue: 4000, average_order_value: 2000 });
    expect(r.daily.slice(0, -1).every((d: { orders: number }) => d.orders === 0)).toBe(true);
    expect(r.by_method).toEqual([
      { method: 'stripe_spt', payments: 2, amount: 6000 },
      { method: 'btc_opennode', payments: 1, amount: 3000 },
    ]);
    expect(r.by_channel).toEqual([
      { channel: 'acp_2026-04-17', started: 3, checkouts: 2, orders: 1, revenue: 3000 },
      { channel: 'agent_api', started: 5, checkouts: 3, orders: 1, revenue: 1000 },
    ]);
    expect(r.by_agent).toEqual([
      { agent: 'ChatGPT-User', checkouts: 3, orders: 2, revenue: 4000 },
      { agent: null, checkouts: 1, orders: 0, revenue: 0 },
      { agent: 'Claude', checkouts: 1, orders: 0, revenue: 0 },
    ]);
    expect(r.lightning).toEqual({ paid: 1, expired: 1, median_seconds_to_pay: 60 });
  });

  it('widens to 30 and 90 days, keeping other currencies out of revenue', async () => {
    const thirty = await report(m, '?days=30');
    expect(thirty.totals).toEqual({
      orders: 3,
      revenue: 6000,
      average_order_value: 2000,
      other_currency_orders: 1,
      refunded: 0,
      disputes_lost: 0,
      net_revenue: 6000,
    });
    expect(thirty.daily).toHaveLength(30);
    expect(thirty.daily.find((d: { day: string }) => d.day === day(10))).toEqual({
      day: day(10),
      orders: 1,
      revenue: 2000,
      average_order_value: 2000,
    });
    expect(thirty.by_channel).toContainEqual({
      channel: 'acp_2025-09-29',
      started: 1,
      checkouts: 1,
      orders: 1,
      revenue: 2000,
    });
    expect(thirty.lightning).toEqual({ paid: 2, expired: 1, median_seconds_to_pay: 120 });

    const ninety = await report(m, '?days=90');
    expect(ninety.totals).toEqual({
      orders: 4,
      revenue: 10000,
      average_order_value: 2500,
      other_currency_orders: 1,
      refunded: 0,
      disputes_lost: 0,
      net_revenue: 10000,
    });
    expect(ninety.daily).toHaveLength(90);
    expect((await report(m)).days).toBe(30);
  });

  it('shows a merchant only its own sales, answers empty windows with zeros, and refuses other windows', async () => {
    const mine = await report(other, '?days=7');
    expect(mine.totals.orders).toBe(1);
    expect(mine.totals.revenue).toBe(123_456);
    const fresh = await newMerchant(t);
    const empty = await report(fresh, '?days=7');
    expect(empty.totals).toEqual({
      orders: 0,
      revenue: 0,
      average_order_value: 0,
      other_currency_orders: 0,
      refunded: 0,
      disputes_lost: 0,
      net_revenue: 0,
    });
    expect(empty.by_channel).toEqual([]);
    expect(empty.lightning).toEqual({ paid: 0, expired: 0, median_seconds_to_pay: null });
    for (const query of ['?days=14', '?days=abc', '?days=7&days=30']) {
      expect((await dashboardRequest(t, m.cookie, 'GET', `/api/analytics${query}`)).statusCode, query).toBe(
        400,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics' })).statusCode).toBe(401);
  });
});

describe('sales channel recording', () => {
  it('records the agent API with its User-Agent, ACP and UCP with their versions, and the tester as tests', async () => {
    const seller = await newMerchant(t, { connect: true, apiKey: true });
    const key = seller.apiKey;
    const channelOf = async (checkoutId: string) => {
      const [checkout] = await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
      const [order] = await t.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
      return { checkout: [checkout?.channel, checkout?.agent], order: [order?.channel, order?.agent] };
    };

    // The documented agent API, from an agent that names itself.
    const offer = await t.app.inject({
      method: 'POST',
      url: '/api/agent/offer',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        'user-agent': 'ChatGPT-User/1.0 (+https://openai.com/bot)',
      },
      payload: {
        items: [{ sku: 'TEST-PRODUCT-001', quantity: 1 }],
        shipping_to: { country: 'GB', postcode: 'N1 9GU' },
      },
    });
    expect(offer.statusCode, offer.body).toBe(200);
    const [row] = await t.db.select().from(offers).where(eq(offers.id, offer.json().offer_id));
    expect([row!.channel, row!.agent]).toEqual(['agent_api', 'ChatGPT-User']);

    // A paid agent API checkout carries its channel to the checkout and the order.
    const token = await mintSharedPaymentToken(t, 10_000);
    const { checkout } = await agentCheckout(t, key, { method: 'stripe', shared_payment_token: token });
    const confirm = await agentRequest(t, key, 'POST', '/api/agent/confirm', {
      checkout_id: checkout.checkout_id,
    });
    expect(confirm.json(), confirm.body).toMatchObject({ status: 'ACCEPTED' });
    // (The test client names itself lightMyRequest.)
    expect(await channelOf(checkout.checkout_id)).toEqual({
      checkout: ['agent_api', 'lightMyRequest'],
      order: ['agent_api', 'lightMyRequest'],
    });

    // ACP: the session's version is the channel.
    const session = await acpRequest(
      t,
      key,
      '2025-09-29',
      'POST',
      '/acp/checkout_sessions',
      { items: [{ id: 'TEST-PRODUCT-001', quantity: 1 }], buyer: acpBuyer, fulfillment_address: acpAddress },
      { 'user-agent': 'Claude-Agent/2.1' },
    );
    expect(session.statusCode, session.body).toBe(201);
    const [acpRow] = await t.db.select().from(acpSessions).where(eq(acpSessions.id, session.json().id));
    const [acpOffer] = await t.db.select().from(offers).where(eq(offers.id, acpRow!.offerId!));
    expect([acpOffer!.channel, acpOffer!.agent]).toEqual(['acp_2025-09-29', 'Claude-Agent']);

    // UCP: its channel names the protocol and version, and its paid order is counted there.
    const ucp = await ucpRequest(t, key, 'POST', '/ucp/checkout-sessions', {
      line_items: [{ item: { id: 'TEST-PRODUCT-001' }, quantity: 1 }],
      buyer: ucpBuyer,
      fulfillment: { methods: [{ type: 'shipping', destinations: [ucpDestination] }] },
    });
    expect(ucp.statusCode, ucp.body).toBe(201);
    const ucpPaid = await ucpRequest(
      t,
      key,
      'POST',
      `/ucp/checkout-sessions/${ucp.json().id as string}/complete`,
      cardInstrument(await mintSharedPaymentToken(t, totalOf(ucp.json()))),
    );
    expect(ucpPaid.json().status, ucpPaid.body).toBe('completed');
    const [ucpOrder] = await t.db.select().from(orders).where(eq(orders.id, ucpPaid.json().order.id));
    expect([ucpOrder!.channel, salesChannelLabel(ucpOrder!.channel)]).toEqual([
      'ucp_2026-04-08',
      'UCP 2026-04-08',
    ]);
    expect((await report(seller)).by_channel).toContainEqual(
      expect.objectContaining({ channel: 'ucp_2026-04-08', started: 1, checkouts: 1, orders: 1 }),
    );

    // The dashboard's agent tester.
    const flow = await dashboardRequest(t, seller.cookie, 'POST', '/api/agent-tests/acp-flow', {
      payment_method: 'stripe',
      test_spt: await mintSharedPaymentToken(t, 10_000),
    });
    expect(flow.json(), flow.body).toMatchObject({ status: 'ACCEPTED' });
    expect(await channelOf(flow.json().checkout_id)).toEqual({
      checkout: ['agent_test', null],
      order: ['agent_test', null],
    });
  });
});

describe('net revenue', () => {
  it('subtracts exactly the refunds that succeeded in the window, live and in the currency', async () => {
    const seller = await newMerchant(t);
    const [paymentId] = await insertHistory(t.db, seller.merchantId, [
      {
        createdAt: daysAgo(1),
        method: 'stripe_spt',
        status: 'succeeded',
        amountMinor: 5000,
        order: { status: 'ACCEPTED' },
      },
    ]);
    const refund = (amountMinor: number, extra: Partial<typeof refunds.$inferInsert> = {}) => ({
      merchantId: seller.merchantId,
      paymentId: paymentId!,
      rail: 'card',
      provider: 'stripe',
      amountMinor,
      currency: 'GBP',
      reason: 'other',
      status: 'succeeded',
      idempotencyKey: randomUUID(),
      origin: 'merchant_app',
      createdAt: daysAgo(0),
      ...extra,
    });
    await t.db
      .insert(refunds)
      .values([
        refund(700),
        refund(300, { origin: 'provider_dashboard' }),
        refund(11, { status: 'pending' }),
        refund(13, { status: 'failed' }),
        refund(17, { test: true }),
        refund(19, { currency: 'EUR' }),
        refund(23, { createdAt: daysAgo(40) }),
      ]);
    const week = await report(seller, '?days=7');
    expect(week.totals).toMatchObject({ revenue: 5000, refunded: 1000, net_revenue: 4000 });
    expect((await report(seller, '?days=90')).totals).toMatchObject({ refunded: 1023, net_revenue: 3977 });
    expect((await report(seller, '?days=7&include_test=true')).totals).toMatchObject({ refunded: 1017 });
    // Another merchant's refunds are not its own.
    expect((await report(other, '?days=90')).totals.refunded).toBe(0);
  });

  it('subtracts the disputes lost in the window, by the day the bank decided (ADR 058)', async () => {
    const seller = await newMerchant(t);
    const paid = (currency = 'GBP') => ({
      createdAt: daysAgo(20),
      method: 'stripe_spt',
      status: 'succeeded',
      amountMinor: 3000,
      currency,
      order: { status: 'ACCEPTED' as const },
    });
    const ids = await insertHistory(t.db, seller.merchantId, [paid(), paid(), paid(), paid(), paid('EUR')]);
    const dispute = (id: string, status: string, closedAt: Date | null, amount: number, test = false) =>
      t.db
        .update(payments)
        .set({
          disputeId: `dp_${randomUUID()}`,
          disputedAt: daysAgo(15),
          disputeStatus: status,
          disputeAmountMinor: amount,
          disputeClosedAt: closedAt,
          test,
        })
        .where(eq(payments.id, id));
    await dispute(ids[0]!, 'lost', daysAgo(1), 1200);
    await dispute(ids[1]!, 'won', daysAgo(1), 3000);
    await dispute(ids[2]!, 'under_review', null, 3000);
    await dispute(ids[3]!, 'lost', daysAgo(1), 500, true);
    await dispute(ids[4]!, 'lost', daysAgo(1), 700);
    const week = (await report(seller, '?days=7')).totals;
    expect(week).toMatchObject({ refunded: 0, disputes_lost: 1200, net_revenue: -1200 });
    const month = (await report(seller, '?days=30')).totals;
    expect(month).toMatchObject({ revenue: 12000, disputes_lost: 1200, net_revenue: 10800 });
    expect((await report(seller, '?days=7&include_test=true')).totals.disputes_lost).toBe(1700);
  });
});
