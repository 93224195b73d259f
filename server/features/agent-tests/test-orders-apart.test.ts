import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceivedWebhook } from '#sandbox/webhook-receiver/simulator';
import { billingOrderCharges, checkouts, offers, orders, payments } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { eventually } from '../../test/eventually';
import {
  agentCheckout,
  agentRequest,
  dashboardRequest,
  mintSharedPaymentToken,
  newMerchant,
  type TestMerchant,
} from '../../test/merchant-kit';

/**
 * Issue 23 findings 4 and 6 (ADR 043): the merchant's own test orders are marked test from offer to
 * payment, count toward nothing (allowance, fees, analytics) unless a figure is asked to include them,
 * reach webhooks with livemode false, and pass only when the payment really succeeded.
 */
let t: TestApp;
let m: TestMerchant & { apiKey: string };
let host: string;
let testOrder: { checkoutId: string; orderId: string };
let liveOrder: { checkoutId: string; orderId: string };

async function received(): Promise<ReceivedWebhook[]> {
  const res = await fetch(`${t.simulators!.simulators.webhooks.baseUrl}/__sim/events?host=${host}`);
  return ((await res.json()) as { events: ReceivedWebhook[] }).events;
}

const get = async (path: string) => {
  const res = await dashboardRequest(t, m.cookie, 'GET', path);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

beforeAll(async () => {
  t = await createTestApp();
  m = await newMerchant(t, { connect: true, apiKey: true });
  const settings = await dashboardRequest(t, m.cookie, 'GET', '/api/merchant-webhooks');
  const url = settings.json().sandbox_receiver_url as string;
  host = new URL(url).hostname;
  await dashboardRequest(t, m.cookie, 'PUT', '/api/merchant-webhooks', {
    url,
    events: ['order.created', 'checkout.completed', 'offer.created'],
  });

  // The agent test bench (/testing/agent and onboarding step 4 both run it), paying with a minted token.
  const bench = await dashboardRequest(t, m.cookie, 'POST', '/api/agent-tests/acp-flow', {
    payment_method: 'stripe',
    test_spt: await mintSharedPaymentToken(t, 10_000),
  });
  expect(bench.json(), bench.body).toMatchObject({ status: 'ACCEPTED' });
  testOrder = { checkoutId: bench.json().checkout_id, orderId: bench.json().order_id };

  // And one agent's purchase through the documented agent API: live business.
  const { checkout } = await agentCheckout(t, m.apiKey, {
    method: 'stripe',
    shared_payment_token: await mintSharedPaymentToken(t, 10_000),
  });
  const confirm = await agentRequest(t, m.apiKey, 'POST', '/api/agent/confirm', {
    checkout_id: checkout.checkout_id,
  });
  expect(confirm.json(), confirm.body).toMatchObject({ status: 'ACCEPTED' });
  liveOrder = { checkoutId: checkout.checkout_id, orderId: confirm.json().order_id };
});
afterAll(() => t.close());

describe('a test-bench order', () => {
  it('is marked test from its offer to its payment, and an agent’s is not', async () => {
    const flags = async (checkoutId: string) => {
      const [checkout] = await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
      const [offer] = await t.db.select().from(offers).where(eq(offers.id, checkout!.offerId));
      const [order] = await t.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
      const [payment] = await t.db.select().from(payments).where(eq(payments.checkoutId, checkoutId));
      return [offer!.test, checkout!.test, order!.test, payment!.test];
    };
    expect(await flags(testOrder.checkoutId)).toEqual([true, true, true, true]);
    expect(await flags(liveOrder.checkoutId)).toEqual([false, false, false, false]);
  });

  it('carries no platform fee and takes no place in the plan’s allowance', async () => {
    // The live order's ledger line shows the ledger subscriber has handled both orders' events.
    await eventually(
      () => t.db.select().from(billingOrderCharges).where(eq(billingOrderCharges.orderId, liveOrder.orderId)),
      (rows) => rows.length === 1,
    );
    const [testCheckout] = await t.db.select().from(checkouts).where(eq(checkouts.id, testOrder.checkoutId));
    expect(testCheckout!.platformFeeMinor).toBeNull();
    expect(
      await t.db.select().from(billingOrderCharges).where(eq(billingOrderCharges.orderId, testOrder.orderId)),
    ).toEqual([]);

    const summary = (await get('/api/billing/summary')).json();
    expect(summary.usage.count).toBe(1);
    expect(summary.fees).toEqual([expect.objectContaining({ currency: 'GBP', orders: 1 })]);
    expect((await get('/api/orders')).json().month_count).toBe(1);
  });

  it('is left out of analytics unless include_test asks for it', async () => {
    const live = (await get('/api/analytics?days=7')).json();
    expect(live.totals).toMatchObject({ orders: 1, revenue: 2398 });
    expect(live.by_channel.map((c: { channel: string }) => c.channel)).toEqual(['agent_api']);

    const all = (await get('/api/analytics?days=7&include_test=true')).json();
    expect(all.totals).toMatchObject({ orders: 2, revenue: 2 * 2398 });
    expect(all.by_channel.map((c: { channel: string }) => c.channel).sort()).toEqual([
      'agent_api',
      'agent_test',
    ]);
  });

  it('is listed in payments (and the export) only with include_test, and carries its badge flag', async () => {
    const listed = (query: string) =>
      get(`/api/payments${query}`).then((res) =>
        (res.json().payments as { checkout_id: string; test: boolean }[]).map((p) => [p.checkout_id, p.test]),
      );
    expect(await listed('')).toEqual([[liveOrder.checkoutId, false]]);
    expect(await listed('?include_test=true')).toEqual([
      [liveOrder.checkoutId, false],
      [testOrder.checkoutId, true],
    ]);

    const csv = (await get('/api/payments/export.csv?include_test=true')).body.trim().split('\r\n');
    const testColumn = csv[0]!.split(',').indexOf('test');
    expect(testColumn).toBeGreaterThan(-1);
    expect(csv.slice(1).map((line) => line.split(',')[testColumn])).toEqual(['"false"', '"true"']);
    expect((await get('/api/payments/export.csv')).body.trim().split('\r\n')).toHaveLength(2);
  });

  it('shows in Recent Activity with its test flag', async () => {
    const { orders: latest } = (await get('/api/orders?limit=5')).json();
    expect(latest.map((o: { id: string; test: boolean }) => [o.id, o.test])).toEqual([
      [liveOrder.orderId, false],
      [testOrder.orderId, true],
    ]);
  });

  it('reaches the merchant’s webhooks with livemode false, an agent’s with livemode true', async () => {
    const events = await eventually(received, (list) => list.length >= 6);
    const livemode = (subject: string) =>
      events
        .map((e) => e.body as { livemode: boolean; data: Record<string, unknown> })
        .filter((b) => Object.values(b.data).includes(subject))
        .map((b) => b.livemode);
    expect(livemode(testOrder.orderId)).toEqual([false]);
    expect(livemode(testOrder.checkoutId)).toEqual([false, false]);
    expect(livemode(liveOrder.orderId)).toEqual([true]);
    expect(livemode(liveOrder.checkoutId)).toEqual([true, true]);
  });
});

describe('a card test with a token Stripe never issued', () => {
  it('fails with the provider’s message, as the agent API does, and records no order', async () => {
    const token = 'spt_doesnotexist123';
    const bench = await dashboardRequest(t, m.cookie, 'POST', '/api/agent-tests/acp-flow', {
      payment_method: 'stripe',
      test_spt: token,
    });
    expect(bench.json()).toMatchObject({
      step: 'confirm',
      status: 'DECLINED',
      error: `No such shared_payment_granted_token: '${token}'`,
    });

    const { checkout } = await agentCheckout(t, m.apiKey, { method: 'stripe', shared_payment_token: token });
    const agent = await agentRequest(t, m.apiKey, 'POST', '/api/agent/confirm', {
      checkout_id: checkout.checkout_id,
    });
    expect(agent.body).toContain(`No such shared_payment_granted_token: '${token}'`);

    expect(await t.db.select().from(orders).where(eq(orders.checkoutId, bench.json().checkout_id))).toEqual(
      [],
    );
  });
});
