import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceivedOrderEvent } from '#sandbox/agents/simulator';
import { acpSessions, payments, orders } from '../../db/schema/index';
import { type EngineEvent } from '../../events/engine-event';
import { jobBatch } from '../../jobs/queue';
import { publicId } from '../../lib/ids';
import { acpSpecAvailable, officialWebhookValidator } from '../../test/acp-official-schemas';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { eventually } from '../../test/eventually';
import {
  agentCheckout,
  agentRequest,
  dashboardRequest,
  mintSharedPaymentToken,
  newMerchant,
  simControl,
  type TestMerchant,
} from '../../test/merchant-kit';
import type { AcpAgentDeps } from './deps';
import { acpOrderEventSubscriber } from './order-event-subscriber';

/**
 * The agent is told of refunds (ADR 052): a refund made, settled or failed is an engine event of its
 * order (a trigger on `refunds`), and the agent's next order_update carries it: ACP 2026-04-17 as a
 * refund Adjustment and `amount_refunded` in the totals, 2025-09-29 in `refunds[]`, each valid against
 * the official webhook schema of its version, and sent once per change.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const depsOf = (app: TestApp): AcpAgentDeps => ({
  db: app.db,
  runtime: app.runtime,
  keyring: app.config.keyring,
  clock: app.services.clock,
  logger: app.services.logger,
  caches: app.services.engine.caches,
  instance: app.services.instance,
  jobs: app.services.jobs,
  publicUrl: app.config.publicUrl,
});

const orderChanged = (merchantId: string, orderId: string) => {
  const event: EngineEvent = {
    id: 0,
    topic: 'order',
    change: 'updated',
    merchantId,
    subjectId: orderId,
    status: null,
  };
  return acpOrderEventSubscriber(depsOf(t)).handle(event, jobBatch([event]));
};

type AgentMerchant = TestMerchant & { apiKey: string; host: string };

let hosts = 0;
async function agentMerchant(): Promise<AgentMerchant> {
  const merchant = await newMerchant(t, { connect: true, apiKey: true });
  hosts += 1;
  const host = `refunds${hosts}-${Date.now()}.agent.sandbox`;
  const saved = await dashboardRequest(t, merchant.cookie, 'PUT', '/api/acp/agent-settings', {
    agent_name: 'ChatGPT',
    webhook_url: `https://${host}/agentic_checkout/webhooks/order_events`,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const secret = await dashboardRequest(t, merchant.cookie, 'POST', '/api/acp/webhook-secret');
  await simControl(t, 'agent', 'secret', { secret: secret.json().webhook_secret as string, host });
  return { ...merchant, host };
}

/** Two TEST-PRODUCT-001 (19.99 each) bought through an ACP session of `apiVersion`, paid by card. */
async function acpOrder(m: AgentMerchant, apiVersion: '2025-09-29' | '2026-04-17') {
  const token = await mintSharedPaymentToken(t, 100_000);
  const { checkout } = await agentCheckout(t, m.apiKey, { method: 'stripe', shared_payment_token: token }, [
    { sku: 'TEST-PRODUCT-001', quantity: 2 },
  ]);
  const confirm = await agentRequest(t, m.apiKey, 'POST', '/api/agent/confirm', {
    checkout_id: checkout.checkout_id,
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const orderId = confirm.json().order_id as string;
  const sessionId = publicId('cs');
  await t.db.insert(acpSessions).values({
    id: sessionId,
    merchantId: m.merchantId,
    apiVersion,
    status: 'completed',
    currency: 'gbp',
    items: [{ id: 'TEST-PRODUCT-001', quantity: 2 }],
    checkoutId: checkout.checkout_id,
    orderId,
    completedAt: new Date(),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  const [payment] = await t.db
    .select()
    .from(payments)
    .where(eq(payments.checkoutId, checkout.checkout_id as string));
  return { sessionId, orderId, payment: payment! };
}

const adjustmentsOf = (event: ReceivedOrderEvent) =>
  (event.body as { data: { adjustments?: { status: string; amount: number }[] } }).data.adjustments ?? [];

const received = async (host: string) => {
  const res = await fetch(`${t.simulators!.simulators.agent.baseUrl}/__sim/events?host=${host}`);
  return ((await res.json()) as { events: ReceivedOrderEvent[] }).events;
};

async function refund(m: AgentMerchant, paymentId: string, body: object) {
  const res = await dashboardRequest(t, m.cookie, 'POST', `/api/payments/${paymentId}/refunds`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().refund as { id: string; status: string };
}

describe('the agent told of refunds', () => {
  it('2026-04-17: each refund is an order_update with a refund adjustment and amount_refunded, once', async () => {
    const m = await agentMerchant();
    const { orderId, payment } = await acpOrder(m, '2026-04-17');
    await orderChanged(m.merchantId, orderId);
    await eventually(
      () => received(m.host),
      (events) => events.length >= 1,
    );

    const first = await refund(m, payment.id, {
      reason: 'requested_by_customer',
      line_items: [{ sku: 'TEST-PRODUCT-001', quantity: 1 }],
    });
    expect(first.status).toBe('succeeded');
    // The refund was made pending, then succeeded: the agent hears of it as it stands when each change
    // is handled, so the last update says completed.
    const events = await eventually(
      () => received(m.host),
      (list) => adjustmentsOf(list.at(-1)!).at(0)?.status === 'completed',
    );
    const update = events.at(-1)!;
    expect(update).toMatchObject({ signature_valid: true, status: 200 });
    expect(update.body).toMatchObject({
      type: 'order_update',
      data: {
        id: orderId,
        status: 'confirmed',
        adjustments: [
          {
            id: `adj_${first.id}`,
            type: 'refund',
            status: 'completed',
            amount: 1999,
            currency: 'gbp',
            reason: 'requested_by_customer',
            line_items: [{ id: 'TEST-PRODUCT-001', quantity: 1 }],
          },
        ],
      },
    });
    const totals = (update.body as { data: { totals: { type: string; amount: number }[] } }).data.totals;
    expect(totals.find((row) => row.type === 'amount_refunded')?.amount).toBe(1999);
    if (acpSpecAvailable) {
      for (const event of events) {
        expect(officialWebhookValidator('2026-04-17')(event.body)).toEqual({ valid: true, errors: [] });
      }
    }

    await refund(m, payment.id, { reason: 'other', amount: 500 });
    const after = await eventually(
      () => received(m.host),
      (list) => adjustmentsOf(list.at(-1)!).filter((a) => a.status === 'completed').length === 2,
    );
    expect(adjustmentsOf(after.at(-1)!).map((a) => a.amount)).toEqual([1999, 500]);
    // Sent once per change: no update repeats the one before it, and an order event with no news sends
    // nothing.
    const news = after.map((event) => JSON.stringify(adjustmentsOf(event)));
    expect(new Set(news).size).toBe(news.length);
    await orderChanged(m.merchantId, orderId);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await received(m.host)).toHaveLength(after.length);
  });

  it('2025-09-29: the refund goes in refunds[], valid against the version’s webhook schema', async () => {
    const m = await agentMerchant();
    const { orderId, payment } = await acpOrder(m, '2025-09-29');
    await orderChanged(m.merchantId, orderId);
    await eventually(
      () => received(m.host),
      (events) => events.length >= 1,
    );
    await refund(m, payment.id, { reason: 'duplicate', amount: 700 });
    const events = await eventually(
      () => received(m.host),
      (list) => list.length === 2,
    );
    expect(events[1]!.body).toMatchObject({
      type: 'order_update',
      data: { status: 'confirmed', refunds: [{ type: 'original_payment', amount: 700 }] },
    });
    if (acpSpecAvailable) {
      expect(officialWebhookValidator('2025-09-29')(events.at(-1)!.body)).toEqual({
        valid: true,
        errors: [],
      });
    }
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('ACCEPTED');

    // The documented agent API's order shows the refund too (checked against its OpenAPI document).
    const read = await agentRequest(t, m.apiKey, 'GET', `/api/agent/order/${orderId}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      order_id: orderId,
      amount_refunded: 700,
      refunds: [{ amount: 700, currency: 'GBP', status: 'succeeded', reason: 'duplicate', line_items: null }],
    });
  });
});

describe('the agent told of a cancellation (ADR 056)', () => {
  const cancel = async (m: AgentMerchant, orderId: string) => {
    const res = await dashboardRequest(t, m.cookie, 'POST', `/api/orders/${orderId}/cancel`, {
      reason: 'requested_by_customer',
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('2026-04-17: status canceled with a cancellation adjustment beside the full refund', async () => {
    const m = await agentMerchant();
    const { orderId, payment } = await acpOrder(m, '2026-04-17');
    await orderChanged(m.merchantId, orderId);
    await eventually(
      () => received(m.host),
      (events) => events.length >= 1,
    );
    await cancel(m, orderId);
    const events = await eventually(
      () => received(m.host),
      (list) =>
        (list.at(-1)!.body as { data: { status: string } }).data.status === 'canceled' &&
        adjustmentsOf(list.at(-1)!).some((a) => a.status === 'completed' && a.amount === payment.amountMinor),
    );
    const update = events.at(-1)!;
    expect(update).toMatchObject({ signature_valid: true, status: 200 });
    expect(update.body).toMatchObject({
      type: 'order_update',
      data: {
        status: 'canceled',
        adjustments: expect.arrayContaining([
          expect.objectContaining({ type: 'refund', status: 'completed', amount: payment.amountMinor }),
          expect.objectContaining({
            id: `adj_cancel_${orderId}`,
            type: 'cancellation',
            status: 'completed',
            reason: 'requested_by_customer',
            line_items: [{ id: 'TEST-PRODUCT-001', quantity: 2 }],
          }),
        ]),
      },
    });
    if (acpSpecAvailable) {
      for (const event of events) {
        expect(officialWebhookValidator('2026-04-17')(event.body)).toEqual({ valid: true, errors: [] });
      }
    }
  });

  it('2025-09-29: status canceled and the refund in refunds[], valid against its schema', async () => {
    const m = await agentMerchant();
    const { orderId, payment } = await acpOrder(m, '2025-09-29');
    await orderChanged(m.merchantId, orderId);
    await eventually(
      () => received(m.host),
      (events) => events.length >= 1,
    );
    await cancel(m, orderId);
    const events = await eventually(
      () => received(m.host),
      (list) => {
        const data = (list.at(-1)!.body as { data: { status: string; refunds: unknown[] } }).data;
        return data.status === 'canceled' && data.refunds.length === 1;
      },
    );
    expect(events.at(-1)!.body).toMatchObject({
      type: 'order_update',
      data: { status: 'canceled', refunds: [{ type: 'original_payment', amount: payment.amountMinor }] },
    });
    if (acpSpecAvailable) {
      for (const event of events) {
        expect(officialWebhookValidator('2025-09-29')(event.body)).toEqual({ valid: true, errors: [] });
      }
    }
  });
});
