import { generateKeyPairSync } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelOrderOutput } from '#common/api/orders';
import { createRefundOutput } from '#common/api/refunds';
import type { ReceivedOrderEvent } from '#sandbox/agents/simulator';
import { ucpSignatureProblem } from '#sandbox/agents/ucp-signature';
import { acpSessions, orders, payments, webhookDeliveries } from '../../db/schema/index';
import type { EngineEvent } from '../../events/engine-event';
import { jobBatch } from '../../jobs/queue';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import {
  dashboardRequest,
  demoMerchantApiKey,
  mintSharedPaymentToken,
  newMerchant,
  simControl,
} from '../../test/merchant-kit';
import {
  cardInstrument,
  expectUcpShape,
  totalOf,
  ucpBuyer,
  ucpDestination,
  ucpRequest,
} from '../../test/ucp-kit';
import { acpOrderEventSubscriber } from '../acp-agents/order-event-subscriber';
import { attemptDelivery, DELIVERY_RETRY_LIMIT } from '../outbound-webhooks';
import { signJsonPost } from './http-signature';
import { ucpPlatformChannel, type UcpWebhookDeps } from './order-webhooks';
import { PlatformProfileError, readPlatformProfile } from './platform-profile';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  key = await demoMerchantApiKey(t);
});
afterAll(() => t.close());

const depsOf = (): UcpWebhookDeps => ({ ...t.services.engine, publicUrl: t.config.publicUrl });
const channel = () => ucpPlatformChannel(depsOf());

/** The engine's event for a change to the order, as the relay hands it to the order webhook subscriber. */
const orderChanged = (merchantId: string, orderId: string) => {
  const event: EngineEvent = {
    id: 0,
    topic: 'order',
    change: 'updated',
    merchantId,
    subjectId: orderId,
    status: null,
  };
  return acpOrderEventSubscriber(depsOf()).handle(event, jobBatch([event]));
};

const received = async (host: string) => {
  const res = await fetch(`${t.simulators!.simulators.agent.baseUrl}/__sim/events?host=${host}`);
  return ((await res.json()) as { events: ReceivedOrderEvent[] }).events;
};

const deliveriesOf = (sessionId: string) =>
  t.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.sessionId, sessionId), eq(webhookDeliveries.channel, 'ucp_platform')))
    .orderBy(webhookDeliveries.createdAt);

let hosts = 0;
/** A UCP platform on the agent simulator at its own host, which knows the merchant's public keys. */
async function platform(apiKey = key) {
  hosts += 1;
  const host = `ucp${hosts}-${Date.now()}.agent.sandbox`;
  const profile = await ucpRequest(t, apiKey, 'GET', '/.well-known/ucp');
  await simControl(t, 'agent', 'ucp-business', {
    profile: `${t.config.publicUrl}/.well-known/ucp`,
    signing_keys: profile.json().signing_keys,
  });
  return { host, profileUrl: `https://${host}/ucp/profile` };
}

/** A UCP checkout bought by card, its platform's profile in UCP-Agent. */
async function ucpCardOrder(profileUrl: string, apiKey = key) {
  const agent = { 'ucp-agent': `profile="${profileUrl}"` };
  const created = await ucpRequest(
    t,
    apiKey,
    'POST',
    '/ucp/checkout-sessions',
    {
      line_items: [{ item: { id: 'TEST-PRODUCT-001' }, quantity: 1 }],
      buyer: ucpBuyer,
      fulfillment: { methods: [{ type: 'shipping', destinations: [ucpDestination] }] },
    },
    agent,
  );
  expect(created.statusCode, created.body).toBe(201);
  const checkout = created.json();
  const token = await mintSharedPaymentToken(t, totalOf(checkout));
  const completed = await ucpRequest(
    t,
    apiKey,
    'POST',
    `/ucp/checkout-sessions/${checkout.id}/complete`,
    cardInstrument(token),
    agent,
  );
  expect(completed.json().status, completed.body).toBe('completed');
  const orderId = completed.json().order.id as string;
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return { sessionId: checkout.id as string, orderId, merchantId: order!.merchantId };
}

describe('UCP order webhooks', () => {
  it("serves the simulator's platform profile with its order webhook URL, valid against profile_schema.json", async () => {
    const { host, profileUrl } = await platform();
    const profile = await readPlatformProfile(t.runtime, profileUrl);
    expect(profile.webhookUrl).toBe(`https://${host}/ucp/webhooks/orders`);
    const raw = await fetch(`${t.simulators!.simulators.agent.baseUrl}/ucp/profile`);
    expectUcpShape('platform_profile', await raw.json());
  });

  it('keeps the profile URL, posts the full order signed (RFC 9421, ES256) on create and on each change, and not twice', async () => {
    const { host, profileUrl } = await platform();
    const { sessionId, orderId, merchantId } = await ucpCardOrder(profileUrl);
    const [session] = await t.db.select().from(acpSessions).where(eq(acpSessions.id, sessionId));
    expect(session!.platformProfileUrl).toBe(profileUrl);

    await orderChanged(merchantId, orderId);
    await orderChanged(merchantId, orderId); // the same news is not sent twice
    const [created, ...none] = await deliveriesOf(sessionId);
    expect(none).toEqual([]);
    expect(created).toMatchObject({
      url: `https://${host}/ucp/webhooks/orders`,
      eventType: 'order',
      apiVersion: 'ucp_2026-04-08',
      status: 'pending',
    });
    const body = JSON.parse(created!.payload);
    expectUcpShape('order', body);
    const read = await ucpRequest(t, key, 'GET', `/ucp/orders/${orderId}`);
    expect(body).toEqual(read.json());

    await attemptDelivery(depsOf(), channel(), { deliveryId: created!.id, attemptsBefore: 0 });
    const [event] = await received(host);
    expect(event).toMatchObject({
      protocol: 'ucp',
      status: 200,
      signature_valid: true,
      request_id: created!.id,
      timestamp: String(Math.floor(created!.createdAt.getTime() / 1000)),
      content_type: 'application/json',
    });
    expect(event!.raw_body).toBe(created!.payload);

    // The store ships it: a new event with the shipment, the full entity again.
    await t.db
      .update(orders)
      .set({
        status: 'FULFILLED',
        tracking: { number: '1Z999', carrier: 'UPS', url: 'https://ups.example/1Z999' },
      })
      .where(eq(orders.id, orderId));
    await orderChanged(merchantId, orderId);
    const rows = await deliveriesOf(sessionId);
    expect(rows).toHaveLength(2);
    const shipped = JSON.parse(rows[1]!.payload);
    expectUcpShape('order', shipped);
    expect(shipped.line_items[0].status).toBe('fulfilled');
    expect(shipped.fulfillment.events[0]).toMatchObject({ type: 'shipped', tracking_number: '1Z999' });
    expect(rows[1]!.id).not.toBe(rows[0]!.id);
  });

  it('tells the platform of each refund and of a cancellation (lines removed, a cancellation adjustment), once', async () => {
    const seller = await newMerchant(t, { connect: true, apiKey: true });
    const { host, profileUrl } = await platform(seller.apiKey);
    const { sessionId, orderId, merchantId } = await ucpCardOrder(profileUrl, seller.apiKey);
    await orderChanged(merchantId, orderId);
    expect(await deliveriesOf(sessionId)).toHaveLength(1);
    const [paid] = await t.db
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(orders, eq(orders.checkoutId, payments.checkoutId))
      .where(eq(orders.id, orderId));
    const paymentId = paid!.id;

    // A part refunded from the dashboard (ADR 047) is news: a refund adjustment, its amount negative.
    const part = await dashboardRequest(t, seller.cookie, 'POST', `/api/payments/${paymentId}/refunds`, {
      reason: 'other',
      amount: 500,
    });
    expect(part.statusCode, part.body).toBe(201);
    const partRefund = createRefundOutput.parse(part.json()).refund;
    await orderChanged(merchantId, orderId);
    const afterRefund = await deliveriesOf(sessionId);
    expect(afterRefund).toHaveLength(2);
    const refunded = JSON.parse(afterRefund[1]!.payload);
    expectUcpShape('order', refunded);
    const partAdjustment = {
      id: `refund_${partRefund.id}`,
      type: 'refund',
      occurred_at: partRefund.created_at,
      status: 'completed',
      totals: [{ type: 'total', amount: -500 }],
      description: 'Other',
    };
    expect(refunded.adjustments).toEqual([partAdjustment]);
    expect(refunded.line_items[0].status).toBe('processing');

    // The merchant cancels it (ADR 056): the rest refunded, the order CANCELLED.
    const cancelled = await dashboardRequest(t, seller.cookie, 'POST', `/api/orders/${orderId}/cancel`, {
      reason: 'requested_by_customer',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const { refund } = cancelOrderOutput.parse(cancelled.json());
    if (!refund) throw new Error('the cancellation refunds what remains');
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    await orderChanged(merchantId, orderId);
    await orderChanged(merchantId, orderId); // the same news is not sent twice
    const rows = await deliveriesOf(sessionId);
    expect(rows).toHaveLength(3);
    const body = JSON.parse(rows[2]!.payload);
    expectUcpShape('order', body);
    expect(body).toEqual((await ucpRequest(t, seller.apiKey, 'GET', `/ucp/orders/${orderId}`)).json());
    expect(body.line_items).toEqual([
      expect.objectContaining({ quantity: { original: 1, total: 0, fulfilled: 0 }, status: 'removed' }),
    ]);
    const lineId = body.line_items[0].id as string;
    expect(body.adjustments).toEqual([
      partAdjustment,
      {
        id: `refund_${refund.id}`,
        type: 'refund',
        occurred_at: refund.created_at,
        status: 'completed',
        totals: [{ type: 'total', amount: -(order!.totalMinor - 500) }],
        description: 'Requested by the customer',
      },
      {
        id: `cancellation_${orderId}`,
        type: 'cancellation',
        occurred_at: order!.cancelledAt!.toISOString(),
        status: 'completed',
        line_items: [{ id: lineId, quantity: -1 }],
        description: 'The merchant cancelled the order: Requested by the customer',
      },
    ]);

    await attemptDelivery(depsOf(), channel(), { deliveryId: rows[2]!.id, attemptsBefore: 0 });
    const events = await received(host);
    expect(events.at(-1)).toMatchObject({ protocol: 'ucp', status: 200, signature_valid: true });
    expect(events.at(-1)!.raw_body).toBe(rows[2]!.payload);
  });

  it('a Lightning escalation owes nothing until the invoice is paid, then the placed order is posted', async () => {
    const { host, profileUrl } = await platform();
    const agent = { 'ucp-agent': `profile="${profileUrl}"` };
    const created = await ucpRequest(
      t,
      key,
      'POST',
      '/ucp/checkout-sessions',
      {
        line_items: [{ item: { id: 'TEST-PRODUCT-001' }, quantity: 1 }],
        buyer: ucpBuyer,
        fulfillment: { methods: [{ type: 'shipping', destinations: [ucpDestination] }] },
      },
      agent,
    );
    const id = created.json().id as string;
    const lightning = {
      payment: { instruments: [{ id: 'ln_1', handler_id: 'lightning', type: 'lightning', selected: true }] },
    };
    const complete = () =>
      ucpRequest(t, key, 'POST', `/ucp/checkout-sessions/${id}/complete`, lightning, agent);
    expect((await complete()).json().status).toBe('requires_escalation');
    const [session] = await t.db.select().from(acpSessions).where(eq(acpSessions.id, id));
    const [payment] = await t.db.select().from(payments).where(eq(payments.checkoutId, session!.checkoutId!));
    // Nothing is owed for an order that does not exist yet.
    expect(await deliveriesOf(id)).toEqual([]);
    await simControl(t, 'opennode', `charges/${payment!.providerInvoiceId}/pay`);
    const done = await complete();
    expect(done.json().status, done.body).toBe('completed');
    const orderId = done.json().order.id as string;
    await orderChanged(session!.merchantId, orderId);
    const [row] = await deliveriesOf(id);
    expectUcpShape('order', JSON.parse(row!.payload));
    await attemptDelivery(depsOf(), channel(), { deliveryId: row!.id, attemptsBefore: 0 });
    const [event] = await received(host);
    expect(event).toMatchObject({ status: 200, signature_valid: true, request_id: row!.id });
    expect((event!.body as { id: string }).id).toBe(orderId);
  });

  it('retries a failed delivery as the same event (Webhook-Id and Webhook-Timestamp), and redelivers it', async () => {
    const seller = await newMerchant(t, { connect: true, apiKey: true });
    const { host, profileUrl } = await platform(seller.apiKey);
    const { sessionId, orderId, merchantId } = await ucpCardOrder(profileUrl, seller.apiKey);
    await orderChanged(merchantId, orderId);
    const [row] = await deliveriesOf(sessionId);
    await simControl(t, 'agent', 'fail', { count: 1, status: 503 });
    await expect(
      attemptDelivery(depsOf(), channel(), { deliveryId: row!.id, attemptsBefore: 0 }),
    ).rejects.toThrow();
    const [failed] = await deliveriesOf(sessionId);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastResponseStatus: 503 });
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a later second, for a fresh signature
    await attemptDelivery(depsOf(), channel(), { deliveryId: row!.id, attemptsBefore: 0 });
    const [delivered] = await deliveriesOf(sessionId);
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 2, lastResponseStatus: 200 });

    // The agents' delivery log shows it, and redelivers it from there (its owner only).
    const log = await dashboardRequest(t, seller.cookie, 'GET', '/api/acp/webhook-deliveries?limit=50');
    expect(log.json().deliveries).toContainEqual(
      expect.objectContaining({
        id: row!.id,
        session_id: sessionId,
        api_version: 'ucp_2026-04-08',
        status: 'delivered',
      }),
    );
    const url = `/api/acp/webhook-deliveries/${row!.id}/redeliver`;
    expect((await dashboardRequest(t, (await newMerchant(t)).cookie, 'POST', url)).statusCode).toBe(404);
    const again = await dashboardRequest(t, seller.cookie, 'POST', url);
    expect(again.json(), again.body).toMatchObject({ id: row!.id, status: 'pending' });
    await attemptDelivery(depsOf(), channel(), {
      deliveryId: row!.id,
      attemptsBefore: again.json().attempts,
    });
    const events = await received(host);
    expect(events.map((e) => e.status)).toEqual([503, 200, 200]);
    expect(new Set(events.map((e) => e.request_id))).toEqual(new Set([row!.id]));
    expect(new Set(events.map((e) => e.timestamp)).size).toBe(1);
    expect(events.slice(1).every((e) => e.signature_valid)).toBe(true);
    expect(new Set(events.map((e) => e.raw_body)).size).toBe(1);
    expect(DELIVERY_RETRY_LIMIT).toBeGreaterThan(1);
  });

  it('a platform with keys that are not the merchant refuses the signature (401), and the delivery says so', async () => {
    const { host, profileUrl } = await platform();
    const { sessionId, orderId, merchantId } = await ucpCardOrder(profileUrl);
    await orderChanged(merchantId, orderId);
    const [row] = await deliveriesOf(sessionId);
    // The platform holds a stranger's key under the merchant's kid: the signature cannot verify.
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const profile = await ucpRequest(t, key, 'GET', '/.well-known/ucp');
    const kid = profile.json().signing_keys[0].kid as string;
    await simControl(t, 'agent', 'ucp-business', {
      profile: `${t.config.publicUrl}/.well-known/ucp`,
      signing_keys: [{ ...publicKey.export({ format: 'jwk' }), kid }],
    });
    try {
      await expect(
        attemptDelivery(depsOf(), channel(), { deliveryId: row!.id, attemptsBefore: 0 }),
      ).rejects.toThrow();
      const [event] = await received(host);
      expect(event).toMatchObject({ status: 401, signature_valid: false });
      expect(event!.signature_problem).toBe('Webhook signature verification failed.');
    } finally {
      await simControl(t, 'agent', 'ucp-business', {
        profile: `${t.config.publicUrl}/.well-known/ucp`,
        signing_keys: profile.json().signing_keys,
      });
    }
  });

  it('a profile that cannot be read records nothing and fails the event, so it is handled again later', async () => {
    const { sessionId, orderId, merchantId } = await ucpCardOrder(
      `${t.simulators!.simulators.agent.baseUrl}/nothing-here`,
    );
    await expect(orderChanged(merchantId, orderId)).rejects.toThrow(/HTTP 404/);
    expect(await deliveriesOf(sessionId)).toEqual([]);
  });
});

describe('platform profiles', () => {
  it('reads a loopback profile in sandbox only, and caches it', async () => {
    let fetches = 0;
    const body = JSON.stringify({
      ucp: {
        capabilities: {
          'dev.ucp.shopping.order': [
            { version: '2026-04-08', config: { webhook_url: 'http://127.0.0.1:9/hook' } },
          ],
        },
      },
    });
    const runtime = (mode: 'sandbox' | 'live') => ({
      mode,
      context: () =>
        ({
          http: {
            fetch: async () => {
              fetches += 1;
              return new Response(body, { headers: { 'content-type': 'application/json' } });
            },
          },
        }) as never,
    });
    const sandbox = runtime('sandbox');
    expect((await readPlatformProfile(sandbox, 'http://127.0.0.1:9/profile')).webhookUrl).toBe(
      'http://127.0.0.1:9/hook',
    );
    await readPlatformProfile(sandbox, 'http://127.0.0.1:9/profile');
    expect(fetches).toBe(1);
    await expect(readPlatformProfile(runtime('live'), 'http://127.0.0.1:9/profile')).rejects.toThrow(
      PlatformProfileError,
    );
    // A public profile naming a private webhook URL is refused in live mode.
    await expect(readPlatformProfile(runtime('live'), 'https://platform.example/profile')).rejects.toThrow(
      /cannot send to/,
    );
    expect(fetches).toBe(2);
  });
});

describe("the simulator's own verification", () => {
  it('accepts what the server signs and refuses a changed body or path', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'k1' };
    const url = 'https://platform.example/ucp/webhooks/orders';
    const body = JSON.stringify({ id: 'ord_1' });
    const headers = signJsonPost(
      { url, body, headers: { 'ucp-agent': 'profile="https://shop.example/.well-known/ucp"' } },
      { privateKey, kid: 'k1' },
      1_700_000_000,
    );
    const request = {
      method: 'POST',
      authority: 'platform.example',
      path: '/ucp/webhooks/orders',
      headers,
      rawBody: body,
    };
    expect(ucpSignatureProblem(request, [jwk])).toBeNull();
    expect(Buffer.from(/sig1=:(.+):/.exec(headers.signature!)![1]!, 'base64')).toHaveLength(64);
    expect(ucpSignatureProblem({ ...request, rawBody: '{"id":"ord_2"}' }, [jwk])).toBe(
      'Content-Digest does not match the body.',
    );
    expect(ucpSignatureProblem({ ...request, path: '/elsewhere' }, [jwk])).toBe(
      'Webhook signature verification failed.',
    );
    expect(ucpSignatureProblem(request, [{ ...jwk, kid: 'k2' }])).toBe(
      'No signing key k1 in the business profile.',
    );
  });
});
