import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acpAgentSettings,
  acpSessions,
  webhookDeliveries,
  merchants,
  orders,
  securityEvents,
} from '../../db/schema/index';
import { signAgentRequest } from '../../integrations/agents/signatures';
import type { ReceivedOrderEvent } from '#sandbox/agents/simulator';
import { publicId } from '../../lib/ids';
import { createLiveTestApp, createTestApp, signUp, type TestApp } from '../../test/create-test-app';
import {
  agentCheckout,
  agentRequest,
  dashboardRequest,
  mintSharedPaymentToken,
  newMerchant,
  simControl,
  type TestMerchant,
} from '../../test/merchant-kit';
import { merchantStore } from '../commerce/merchant-accounts';
import { attemptDelivery, DELIVERY_RETRY_LIMIT, type DeliveryJob } from '../outbound-webhooks';
import { acpOrderEventChannel } from './deliver-order-event';
import type { AcpAgentDeps } from './deps';
import { acpSpecAvailable, officialWebhookValidator } from '../../test/acp-official-schemas';
import { eventually } from '../../test/eventually';
import { subscriberQueue, type EngineEvent } from '../../events/engine-event';
import { jobBatch } from '../../jobs/queue';
import { acpOrderEventSubscriber } from './order-event-subscriber';
import { verifyAgentSignature } from './verify-agent-signature';

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

/** The engine's event for a change to `orderId`, as the relay hands it to the agent's order webhooks. */
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

const deliverOrderEvent = (deps: AcpAgentDeps, job: DeliveryJob) =>
  attemptDelivery(deps, acpOrderEventChannel(deps), job);

type AgentMerchant = TestMerchant & { apiKey: string; host: string; url: string; webhookSecret: string };

let hosts = 0;
/** A connected merchant whose agent endpoint is its own host on the agent simulator, which knows its secret. */
async function agentMerchant(): Promise<AgentMerchant> {
  const merchant = await newMerchant(t, { connect: true, apiKey: true });
  hosts += 1;
  const host = `merchant${hosts}-${Date.now()}.agent.sandbox`;
  const url = `https://${host}/agentic_checkout/webhooks/order_events`;
  const saved = await dashboardRequest(t, merchant.cookie, 'PUT', '/api/acp/agent-settings', {
    agent_name: 'ChatGPT',
    webhook_url: url,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const secret = await dashboardRequest(t, merchant.cookie, 'POST', '/api/acp/webhook-secret');
  const webhookSecret = secret.json().webhook_secret as string;
  await simControl(t, 'agent', 'secret', { secret: webhookSecret, host });
  return { ...merchant, host, url, webhookSecret };
}

/** An order made through the documented agent API, linked to an ACP session of `apiVersion`. */
async function acpOrder(m: AgentMerchant, apiVersion: '2025-09-29' | '2026-04-17') {
  const token = await mintSharedPaymentToken(t, 10_000);
  const { checkout } = await agentCheckout(t, m.apiKey, { method: 'stripe', shared_payment_token: token });
  const confirm = await agentRequest(t, m.apiKey, 'POST', '/api/agent/confirm', {
    checkout_id: checkout.checkout_id,
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const orderId = confirm.json().order_id as string;
  const sessionId = publicId('cs');
  // The order-page token is left to the database's default, as every session's is.
  const [session] = await t.db
    .insert(acpSessions)
    .values({
      id: sessionId,
      merchantId: m.merchantId,
      apiVersion,
      status: 'completed',
      currency: 'gbp',
      items: [{ id: 'TEST-PRODUCT-001', quantity: 1 }],
      checkoutId: checkout.checkout_id,
      orderId,
      completedAt: new Date(),
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    .returning({ orderPageToken: acpSessions.orderPageToken });
  return { sessionId, orderId, orderPageToken: session!.orderPageToken };
}

const deliveries = async (cookie: string) => {
  const res = await dashboardRequest(t, cookie, 'GET', '/api/acp/webhook-deliveries?limit=50');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().deliveries as Record<string, unknown>[];
};

const received = async (host: string) => {
  const res = await fetch(`${t.simulators!.simulators.agent.baseUrl}/__sim/events?host=${host}`);
  return ((await res.json()) as { events: ReceivedOrderEvent[] }).events;
};

const forSession = (sessionId: string) => (rows: Record<string, unknown>[]) =>
  rows.filter((d) => d.session_id === sessionId);

describe('agent settings API', () => {
  it('starts with defaults, saves what is sent, and shows secrets only when they are created', async () => {
    const { cookie, merchantId } = await newMerchant(t);
    const initial = await dashboardRequest(t, cookie, 'GET', '/api/acp/agent-settings');
    expect(initial.json()).toEqual({
      agent_name: 'AI agent',
      webhook_url: null,
      signature_policy: 'off',
      signing_secret_set: false,
      webhook_secret_set: false,
    });

    const saved = await dashboardRequest(t, cookie, 'PUT', '/api/acp/agent-settings', {
      agent_name: '  ChatGPT ',
      webhook_url: 'https://agent.example.com/agentic_checkout/webhooks/order_events',
      signature_policy: 'strict',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      agent_name: 'ChatGPT',
      webhook_url: 'https://agent.example.com/agentic_checkout/webhooks/order_events',
      signature_policy: 'strict',
    });
    // Only the fields sent change.
    const renamed = await dashboardRequest(t, cookie, 'PUT', '/api/acp/agent-settings', {
      agent_name: 'Gemini',
    });
    expect(renamed.json()).toMatchObject({ agent_name: 'Gemini', signature_policy: 'strict' });

    const signing = await dashboardRequest(t, cookie, 'POST', '/api/acp/agent-settings/signing-secret');
    expect(signing.statusCode, signing.body).toBe(200);
    const signingSecret = signing.json().signing_secret as string;
    expect(signingSecret).toMatch(/^acpsign_[0-9A-Za-z]{43}$/);
    const webhook = await dashboardRequest(t, cookie, 'POST', '/api/acp/webhook-secret');
    const webhookSecret = webhook.json().webhook_secret as string;
    expect(webhookSecret).toMatch(/^whsec_[0-9A-Za-z]{43}$/);
    expect(webhook.json().webhook_secret_hint).toBe(`whsec_••••${webhookSecret.slice(-4)}`);

    const after = await dashboardRequest(t, cookie, 'GET', '/api/acp/agent-settings');
    expect(after.json()).toEqual({
      agent_name: 'Gemini',
      webhook_url: 'https://agent.example.com/agentic_checkout/webhooks/order_events',
      signature_policy: 'strict',
      signing_secret_set: true,
      webhook_secret_set: true,
      webhook_secret_hint: `whsec_••••${webhookSecret.slice(-4)}`,
    });
    expect(after.body).not.toContain(signingSecret);
    expect(after.body).not.toContain(webhookSecret);
    // Stored sealed only.
    const [settings] = await t.db
      .select()
      .from(acpAgentSettings)
      .where(eq(acpAgentSettings.merchantId, merchantId));
    const [merchant] = await t.db.select().from(merchants).where(eq(merchants.id, merchantId));
    expect(JSON.stringify(settings)).not.toContain(signingSecret);
    expect(JSON.stringify(merchant)).not.toContain(webhookSecret);
    expect(merchant!.webhookConfig.secret).toMatch(/^v1\./);

    // Rotating replaces the secret.
    const rotated = await dashboardRequest(t, cookie, 'POST', '/api/acp/webhook-secret');
    expect(rotated.json().webhook_secret).not.toBe(webhookSecret);

    // null turns order events off.
    const off = await dashboardRequest(t, cookie, 'PUT', '/api/acp/agent-settings', { webhook_url: null });
    expect(off.json().webhook_url).toBeNull();
  });

  it('refuses endpoints that are not http(s) URLs, with a field message', async () => {
    const { cookie } = await newMerchant(t);
    for (const [webhook_url, message] of [
      ['not a url', 'Enter a valid URL for the agent webhook endpoint.'],
      ['ftp://agent.example.com/hook', 'The agent webhook endpoint must use https://.'],
      ['https://user:pw@agent.example.com/hook', 'Enter a valid URL for the agent webhook endpoint.'],
    ]) {
      const res = await dashboardRequest(t, cookie, 'PUT', '/api/acp/agent-settings', { webhook_url });
      expect(res.statusCode, webhook_url).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'invalid_request',
        message,
        fieldErrors: { webhook_url: message },
      });
    }
    const policy = await dashboardRequest(t, cookie, 'PUT', '/api/acp/agent-settings', {
      signature_policy: 'maybe',
    });
    expect(policy.statusCode).toBe(400);
    const unknown = await dashboardRequest(t, cookie, 'PUT', '/api/acp/agent-settings', { secret: 'x' });
    expect(unknown.statusCode).toBe(400);
    // Sandbox agents run locally: plain http is fine here (never in live mode, below).
    const local = await dashboardRequest(t, cookie, 'PUT', '/api/acp/agent-settings', {
      webhook_url: 'http://127.0.0.1:4999/agentic_checkout/webhooks/order_events',
    });
    expect(local.statusCode, local.body).toBe(200);
  });

  it('needs a signed-in merchant, and mutations from our own origin', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/acp/agent-settings' })).statusCode).toBe(401);
    const { cookie } = await newMerchant(t);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/acp/webhook-secret',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('agent request signatures', () => {
  const body = '{"items":[{"id":"TEST-PRODUCT-001","quantity":1}]}';
  const signed = (secret: string, rawBody = body, at = new Date()) => {
    const timestamp = at.toISOString();
    return { rawBody, headers: { signature: signAgentRequest(secret, timestamp, rawBody), timestamp } };
  };

  async function merchantWithPolicy(policy: 'strict' | 'log' | 'off') {
    const m = await newMerchant(t);
    await dashboardRequest(t, m.cookie, 'PUT', '/api/acp/agent-settings', { signature_policy: policy });
    const secret = (
      await dashboardRequest(t, m.cookie, 'POST', '/api/acp/agent-settings/signing-secret')
    ).json().signing_secret as string;
    return { ...m, secret };
  }

  it('strict: accepts a good signature once; refuses missing, tampered, wrong-secret, stale, future and replayed', async () => {
    const deps = depsOf(t);
    const { merchantId, secret } = await merchantWithPolicy('strict');
    const good = signed(secret);
    expect(await verifyAgentSignature(deps, merchantId, good)).toEqual({ ok: true });
    expect(await verifyAgentSignature(deps, merchantId, good)).toMatchObject({
      ok: false,
      code: 'signature_replayed',
    });
    // Header names are case-insensitive; arrays take the first value.
    const again = signed(secret, `${body} `);
    expect(
      await verifyAgentSignature(deps, merchantId, {
        rawBody: again.rawBody,
        headers: { Signature: [again.headers.signature], Timestamp: again.headers.timestamp },
      }),
    ).toEqual({ ok: true });

    const fail = async (input: { rawBody: string; headers: Record<string, string | undefined> }) =>
      verifyAgentSignature(deps, merchantId, input);
    expect(await fail({ rawBody: body, headers: {} })).toMatchObject({
      ok: false,
      code: 'signature_missing',
    });
    expect(await fail({ ...signed(secret), rawBody: body.replace('1}', '9}') })).toMatchObject({
      code: 'invalid_signature',
    });
    expect(await fail(signed('acpsign_someone_else'))).toMatchObject({ code: 'invalid_signature' });
    expect(await fail(signed(secret, body, new Date(Date.now() - 6 * 60_000)))).toMatchObject({
      code: 'signature_expired',
    });
    expect(await fail(signed(secret, body, new Date(Date.now() + 6 * 60_000)))).toMatchObject({
      code: 'signature_expired',
    });
    // Another merchant's replay record is its own.
    const other = await merchantWithPolicy('strict');
    const shared = signed(other.secret);
    expect(await verifyAgentSignature(deps, other.merchantId, shared)).toEqual({ ok: true });
  });

  it('log: accepts everything, recording each failure as a security event without secrets', async () => {
    const deps = depsOf(t);
    const { merchantId, secret } = await merchantWithPolicy('log');
    expect(await verifyAgentSignature(deps, merchantId, signed(secret))).toEqual({ ok: true });
    const bad = signed('acpsign_wrong');
    expect(await verifyAgentSignature(deps, merchantId, bad)).toEqual({ ok: true });
    expect(await verifyAgentSignature(deps, merchantId, { rawBody: body, headers: {} })).toEqual({
      ok: true,
    });
    const events = await t.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.merchantId, merchantId), eq(securityEvents.type, 'suspicious_activity')));
    expect(events.map((e) => [e.type, e.name, (e.details as { code: string }).code]).sort()).toEqual([
      ['suspicious_activity', 'acp_request_signature_failed', 'invalid_signature'],
      ['suspicious_activity', 'acp_request_signature_failed', 'signature_missing'],
    ]);
    expect(JSON.stringify(events)).not.toContain(secret);
    expect(JSON.stringify(events)).not.toContain(bad.headers.signature);
  });

  it('off, or no secret yet: signatures are not looked at', async () => {
    const deps = depsOf(t);
    const off = await merchantWithPolicy('off');
    expect(
      await verifyAgentSignature(deps, off.merchantId, { rawBody: body, headers: { signature: 'junk' } }),
    ).toEqual({
      ok: true,
    });
    const noSecret = await newMerchant(t);
    await dashboardRequest(t, noSecret.cookie, 'PUT', '/api/acp/agent-settings', {
      signature_policy: 'strict',
    });
    expect(await verifyAgentSignature(deps, noSecret.merchantId, { rawBody: body, headers: {} })).toEqual({
      ok: true,
    });
  });
});

describe('order events to the agent', () => {
  it('2025-09-29: delivers a signed order_create that the agent verifies, and lists it in the log', async () => {
    const m = await agentMerchant();
    const { sessionId, orderId, orderPageToken } = await acpOrder(m, '2025-09-29');
    await orderChanged(m.merchantId, orderId);

    const [delivery] = await eventually(
      async () => forSession(sessionId)(await deliveries(m.cookie)),
      (rows) => rows[0]?.status === 'delivered',
    );
    expect(delivery).toMatchObject({
      event_type: 'order_create',
      order_status: 'confirmed',
      api_version: '2025-09-29',
      url: m.url,
      status: 'delivered',
      attempts: 1,
      last_response_status: 200,
      last_error: null,
      delivered_at: expect.any(String),
    });
    expect(JSON.parse(delivery!.last_response_body as string)).toMatchObject({ received: true });

    const [event] = await received(m.host);
    expect(event).toMatchObject({ signature_valid: true, status: 200, content_type: 'application/json' });
    expect(event!.merchant_signature).toMatch(/^[a-f0-9]{64}$/);
    expect(Date.parse(event!.timestamp!)).not.toBeNaN();
    expect(event!.request_id).toMatch(/^req_/);
    expect(event!.body).toEqual({
      type: 'order_create',
      data: {
        type: 'order',
        checkout_session_id: sessionId,
        permalink_url: `${t.config.publicUrl}/order-status/${orderPageToken}`,
        status: 'confirmed',
        refunds: [],
      },
    });
    if (acpSpecAvailable) {
      expect(officialWebhookValidator('2025-09-29')(event!.body)).toEqual({ valid: true, errors: [] });
    }

    // The same event again, or another saying nothing new about the order's status: no second event.
    await orderChanged(m.merchantId, orderId);
    expect(forSession(sessionId)(await deliveries(m.cookie))).toHaveLength(1);
  });

  it('2026-04-17: the full order, signed t=…,v1=…; a fulfilment in the store sends order_update', async () => {
    const m = await agentMerchant();
    const { sessionId, orderId } = await acpOrder(m, '2026-04-17');
    await orderChanged(m.merchantId, orderId);
    await eventually(
      () => received(m.host),
      (events) => events.length === 1,
    );
    const [created] = await received(m.host);
    expect(created!.merchant_signature).toMatch(/^t=\d+,v1=[a-f0-9]{64}$/);
    expect(created).toMatchObject({ signature_valid: true, status: 200 });
    expect(created!.body).toMatchObject({
      type: 'order_create',
      data: { type: 'order', id: orderId, checkout_session_id: sessionId, status: 'confirmed' },
    });
    if (acpSpecAvailable) {
      expect(officialWebhookValidator('2026-04-17')(created!.body)).toEqual({ valid: true, errors: [] });
    }

    // The merchant fulfils the order in its store; the engine learns it when the order is next read.
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    const [merchant] = await t.db.select().from(merchants).where(eq(merchants.id, m.merchantId));
    const store = await merchantStore(depsOf(t), merchant!);
    await store.adapter.updateOrderStatus(store.ctx, order!.storeOrderId!, 'fulfilled');
    const read = await agentRequest(t, m.apiKey, 'GET', `/api/agent/order/${orderId}`);
    expect(read.json().status).toBe('FULFILLED');

    const events = await eventually(
      () => received(m.host),
      (list) => list.length === 2,
    );
    expect(events[1]!.body).toMatchObject({
      type: 'order_update',
      data: { status: 'shipped', line_items: [{ status: 'fulfilled' }] },
    });
    if (acpSpecAvailable) {
      expect(officialWebhookValidator('2026-04-17')(events[1]!.body)).toEqual({ valid: true, errors: [] });
    }
    const log = forSession(sessionId)(await deliveries(m.cookie));
    expect(log.map((d) => [d.event_type, d.order_status, d.status])).toEqual([
      ['order_update', 'shipped', 'delivered'],
      ['order_create', 'confirmed', 'delivered'],
    ]);
  });

  it('retries after the agent endpoint fails, then delivers', async () => {
    const m = await agentMerchant();
    const { sessionId, orderId } = await acpOrder(m, '2025-09-29');
    await simControl(t, 'agent', 'fail', { count: 1 });
    await orderChanged(m.merchantId, orderId);

    const failedOnce = await eventually(
      async () => forSession(sessionId)(await deliveries(m.cookie)),
      (rows) => rows[0]?.attempts === 1,
    );
    expect(failedOnce[0]).toMatchObject({
      status: 'pending',
      last_response_status: 500,
      last_error: 'The agent endpoint answered HTTP 500.',
      delivered_at: null,
    });
    expect(failedOnce[0]!.last_response_body).toContain('simulated_failure');

    // pg-boss backs off 5–10 s before the second try.
    const [delivered] = await eventually(
      async () => forSession(sessionId)(await deliveries(m.cookie)),
      (rows) => rows[0]?.status === 'delivered',
    );
    expect(delivered).toMatchObject({
      status: 'delivered',
      attempts: 2,
      last_response_status: 200,
      last_error: null,
    });
    const events = await received(m.host);
    expect(events.map((e) => e.status)).toEqual([500, 200]);
    expect(events.every((e) => e.signature_valid)).toBe(true);
  });

  it('redelivers on request with a fresh request id, only for the merchant who owns the delivery', async () => {
    const m = await agentMerchant();
    const { sessionId, orderId } = await acpOrder(m, '2026-04-17');
    await orderChanged(m.merchantId, orderId);
    const [first] = await eventually(
      async () => forSession(sessionId)(await deliveries(m.cookie)),
      (rows) => rows[0]?.status === 'delivered',
    );

    const stranger = await newMerchant(t);
    const url = `/api/acp/webhook-deliveries/${first!.id as string}/redeliver`;
    expect((await dashboardRequest(t, stranger.cookie, 'POST', url)).statusCode).toBe(404);
    expect(await deliveries(stranger.cookie)).toEqual([]);
    expect(
      (await dashboardRequest(t, m.cookie, 'POST', '/api/acp/webhook-deliveries/nope/redeliver')).statusCode,
    ).toBe(404);

    const again = await dashboardRequest(t, m.cookie, 'POST', url);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ id: first!.id, status: 'pending', attempts: 1 });
    const [redelivered] = await eventually(
      async () => forSession(sessionId)(await deliveries(m.cookie)),
      (rows) => rows[0]?.status === 'delivered' && rows[0]?.attempts === 2,
    );
    expect(redelivered).toMatchObject({ id: first!.id, status: 'delivered', attempts: 2 });
    const events = await received(m.host);
    expect(events).toHaveLength(2);
    expect(events[1]!.raw_body).toBe(events[0]!.raw_body);
    expect(events[1]!.request_id).not.toBe(events[0]!.request_id);
    expect(events.every((e) => e.signature_valid)).toBe(true);
  });

  it('marks a delivery failed after its last retry; an agent refusing the signature answers 401', async () => {
    const m = await agentMerchant();
    await simControl(t, 'agent', 'secret', { secret: 'whsec_not_the_merchants', host: m.host });
    const sessionId = publicId('cs');
    await t.db.insert(acpSessions).values({
      id: sessionId,
      merchantId: m.merchantId,
      apiVersion: '2025-09-29',
      status: 'completed',
      currency: 'gbp',
      items: [],
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const [row] = await t.db
      .insert(webhookDeliveries)
      .values({
        merchantId: m.merchantId,
        channel: 'acp_agent',
        sessionId,
        eventType: 'order_create',
        orderStatus: 'confirmed',
        apiVersion: '2025-09-29',
        url: m.url,
        payload: JSON.stringify({ type: 'order_create', data: { type: 'order' } }),
        status: 'pending',
      })
      .returning();
    // Driven by hand (no job queued): each failing try throws so pg-boss would retry, until the last.
    for (let i = 0; i < DELIVERY_RETRY_LIMIT; i++) {
      await expect(
        deliverOrderEvent(depsOf(t), { deliveryId: row!.id, attemptsBefore: 0 }),
      ).rejects.toThrow();
    }
    await deliverOrderEvent(depsOf(t), { deliveryId: row!.id, attemptsBefore: 0 });
    const [final] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, row!.id));
    expect(final).toMatchObject({
      status: 'failed',
      attempts: DELIVERY_RETRY_LIMIT + 1,
      lastResponseStatus: 401,
      lastError: 'The agent endpoint answered HTTP 401.',
    });
    expect(JSON.parse(final!.lastResponseBody!)).toEqual({
      type: 'invalid_request',
      code: 'invalid_signature',
      message: 'Webhook signature verification failed.',
    });
    const events = await received(m.host);
    expect(events.every((e) => !e.signature_valid && e.status === 401)).toBe(true);
  });

  it('sends nothing without an agent endpoint, and ignores orders that are not ACP orders', async () => {
    const m = await agentMerchant();
    await dashboardRequest(t, m.cookie, 'PUT', '/api/acp/agent-settings', { webhook_url: null });
    const { orderId } = await acpOrder(m, '2025-09-29');
    await orderChanged(m.merchantId, orderId);
    // Once the engine's events for the order have been handled, whatever they would send is recorded.
    await expect
      .poll(async () => {
        const { rows } = await t.database.pool.query(
          "SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')",
          [subscriberQueue(acpOrderEventSubscriber(depsOf(t)))],
        );
        return rows[0].n as number;
      })
      .toBe(0);
    expect(
      await t.db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.merchantId, m.merchantId))),
    ).toEqual([]);
    // An unknown order id is a no-op, not an error.
    await expect(orderChanged(m.merchantId, '00000000-0000-4000-8000-000000000000')).resolves.toBeUndefined();
  });
});

describe('live mode', () => {
  it('refuses agent endpoints on private networks, when saved and again when sending', async () => {
    const live = await createLiveTestApp({ jobs: false });
    try {
      const { cookie } = await signUp(live.app);
      const put = (webhook_url: string) =>
        dashboardRequest(live, cookie, 'PUT', '/api/acp/agent-settings', { webhook_url });
      for (const url of [
        'https://10.0.0.5/hook',
        'https://169.254.169.254/latest',
        'https://localhost/hook',
      ]) {
        const res = await put(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error.message).toBe('The agent webhook endpoint must not be on a private network.');
      }
      expect((await put('http://agent.example.com/hook')).json().error.message).toBe(
        'The agent webhook endpoint must use https://.',
      );
      expect((await put('https://agent.example.com/hook')).statusCode).toBe(200);

      // A row that points at a private address anyway (saved before a rule change, say) is not sent.
      const account = await live.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
      const merchantId = account.json().merchant.id as string;
      await dashboardRequest(live, cookie, 'POST', '/api/acp/webhook-secret');
      const sessionId = publicId('cs');
      await live.db.insert(acpSessions).values({
        id: sessionId,
        merchantId,
        apiVersion: '2025-09-29',
        status: 'completed',
        currency: 'gbp',
        items: [],
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      const [row] = await live.db
        .insert(webhookDeliveries)
        .values({
          merchantId,
          channel: 'acp_agent',
          sessionId,
          eventType: 'order_create',
          orderStatus: 'confirmed',
          apiVersion: '2025-09-29',
          url: 'https://127.0.0.1:9/agentic_checkout/webhooks/order_events',
          payload: '{}',
          status: 'pending',
        })
        .returning();
      await deliverOrderEvent(depsOf(live), { deliveryId: row!.id, attemptsBefore: 0 });
      const [after] = await live.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, row!.id));
      expect(after).toMatchObject({
        status: 'failed',
        attempts: 1,
        lastResponseStatus: null,
        lastError: 'This address is on a private network',
      });
    } finally {
      await live.close();
    }
  });
});
