import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantWebhookSettings, payments, webhookDeliveries } from '../../db/schema/index';
import type { ReceivedWebhook } from '#sandbox/webhook-receiver/simulator';
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
import { eventually } from '../../test/eventually';
import { ANSWER_EXCERPT_CHARS, attemptDelivery } from '../outbound-webhooks';
import { merchantWebhookChannel } from './channel';
import { webhookEventOf } from './event-payload';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ALL_EVENTS = [
  'order.created',
  'order.fulfilled',
  'order.cancelled',
  'order.refunded',
  'refund.failed',
  'checkout.completed',
  'offer.created',
];

type WebhookMerchant = TestMerchant & { apiKey: string; url: string; host: string; secret: string };

/** A connected merchant whose webhooks go to its own host on the sandbox receiver, for `events`. */
async function webhookMerchant(events: string[] = ALL_EVENTS): Promise<WebhookMerchant> {
  const merchant = await newMerchant(t, { connect: true, apiKey: true });
  const settings = await dashboardRequest(t, merchant.cookie, 'GET', '/api/merchant-webhooks');
  const url = settings.json().sandbox_receiver_url as string;
  const saved = await dashboardRequest(t, merchant.cookie, 'PUT', '/api/merchant-webhooks', { url, events });
  expect(saved.statusCode, saved.body).toBe(200);
  return { ...merchant, url, host: new URL(url).hostname, secret: saved.json().secret as string };
}

/** A paid order through the documented agent API (offer, checkout, confirm). */
async function paidOrder(m: WebhookMerchant) {
  const token = await mintSharedPaymentToken(t, 10_000);
  const { offer, checkout } = await agentCheckout(t, m.apiKey, {
    method: 'stripe',
    shared_payment_token: token,
  });
  const confirm = await agentRequest(t, m.apiKey, 'POST', '/api/agent/confirm', {
    checkout_id: checkout.checkout_id,
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return {
    offerId: offer.offer_id as string,
    checkoutId: checkout.checkout_id as string,
    orderId: confirm.json().order_id as string,
  };
}

const deliveries = async (cookie: string) => {
  const res = await dashboardRequest(t, cookie, 'GET', '/api/merchant-webhooks/deliveries?limit=50');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().deliveries as Record<string, unknown>[];
};

async function received(host: string): Promise<ReceivedWebhook[]> {
  const res = await fetch(`${t.simulators!.simulators.webhooks.baseUrl}/__sim/events?host=${host}`);
  return ((await res.json()) as { events: ReceivedWebhook[] }).events;
}

/** What any Standard Webhooks receiver does: verify the exact body with the headers and the secret. */
const verify = (secret: string, e: ReceivedWebhook) =>
  new Webhook(secret).verify(e.raw_body, {
    'webhook-id': e.webhook_id!,
    'webhook-timestamp': e.webhook_timestamp!,
    'webhook-signature': e.webhook_signature!,
  });

describe('settings', () => {
  it('saves the endpoint and events, creates the whsec_ secret once and keeps it sealed', async () => {
    const { cookie } = await signUp(t.app);
    const initial = await dashboardRequest(t, cookie, 'GET', '/api/merchant-webhooks');
    expect(initial.json()).toMatchObject({ url: null, events: [], secret_set: false, secret_hint: null });

    const missing = await dashboardRequest(t, cookie, 'PUT', '/api/merchant-webhooks', {
      url: '',
      events: ['order.created'],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Please enter a webhook URL');
    const noEvents = await dashboardRequest(t, cookie, 'PUT', '/api/merchant-webhooks', {
      url: 'https://hooks.example.com/in',
      events: [],
    });
    expect(noEvents.statusCode).toBe(400);
    expect(noEvents.json().error.message).toBe('Please select at least one event');
    const unknown = await dashboardRequest(t, cookie, 'PUT', '/api/merchant-webhooks', {
      url: 'https://hooks.example.com/in',
      events: ['order.exploded'],
    });
    expect(unknown.statusCode).toBe(400);

    const saved = await dashboardRequest(t, cookie, 'PUT', '/api/merchant-webhooks', {
      url: 'https://hooks.example.com/in',
      events: ['order.created', 'checkout.completed'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const secret = saved.json().secret as string;
    // Standard Webhooks: whsec_ and the base64 of the key bytes (32 here).
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(saved.json()).toMatchObject({
      url: 'https://hooks.example.com/in',
      events: ['order.created', 'checkout.completed'],
      secret_set: true,
      secret_hint: `whsec_••••${secret.slice(-4)}`,
    });

    // Saved again: the secret stays and is not shown again.
    const again = await dashboardRequest(t, cookie, 'PUT', '/api/merchant-webhooks', {
      url: 'https://hooks.example.com/v2',
      events: ['offer.created'],
    });
    expect(again.json().secret).toBeUndefined();
    expect(again.json().secret_hint).toBe(`whsec_••••${secret.slice(-4)}`);
    const [row] = await t.db.select().from(merchantWebhookSettings);
    expect(JSON.stringify(row)).not.toContain(secret.slice(6));

    const rotated = await dashboardRequest(t, cookie, 'POST', '/api/merchant-webhooks/secret');
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).not.toBe(secret);
    expect(rotated.json().secret_hint).toBe(`whsec_••••${(rotated.json().secret as string).slice(-4)}`);
  });

  it('needs a signed-in merchant, and mutations from our own origin', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/merchant-webhooks' })).statusCode).toBe(401);
    const { cookie } = await signUp(t.app);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/merchant-webhooks/secret',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
  });
});

describe('delivery', () => {
  it('POSTs each subscribed event signed under Standard Webhooks, and lists it in the log', async () => {
    const m = await webhookMerchant();
    const { offerId, checkoutId, orderId } = await paidOrder(m);
    const log = await eventually(
      () => deliveries(m.cookie),
      (rows) => rows.length >= 3 && rows.every((row) => row.status === 'delivered'),
    );
    expect(log.map((row) => [row.event_type, row.subject_id]).sort()).toEqual(
      [
        ['checkout.completed', checkoutId],
        ['offer.created', offerId],
        ['order.created', orderId],
      ].sort(),
    );
    expect(log[0]).toMatchObject({ url: m.url, attempts: 1, last_response_status: 200, last_error: null });

    const events = await received(m.host);
    expect(events).toHaveLength(3);
    for (const e of events) {
      expect(e.signature_valid).toBe(true);
      expect(verify(m.secret, e)).toEqual(e.body);
    }
    const order = events.find((e) => (e.body as { type: string }).type === 'order.created')!;
    expect(order.body).toMatchObject({
      type: 'order.created',
      // An agent's purchase is live business (Stripe's convention; the tester's are livemode false).
      livemode: true,
      data: { object: 'order', order_id: orderId, checkout_id: checkoutId, total: expect.any(Number) },
    });
    // The id the receiver de-duplicates on is the delivery's own.
    const orderRow = log.find((row) => row.event_type === 'order.created')!;
    expect(order.webhook_id).toBe(`msg_${(orderRow.id as string).replaceAll('-', '')}`);
    // Tampering is caught by the same verifier.
    expect(() =>
      verify(m.secret, { ...order, raw_body: order.raw_body.replace('order', 'Order') }),
    ).toThrow();
  });

  it('sends order.refunded once per refund, with the refund, and tells the merchant of each', async () => {
    const m = await webhookMerchant(['order.refunded', 'refund.failed']);
    const { orderId } = await paidOrder(m);
    const [payment] = await t.db.select().from(payments).where(eq(payments.merchantId, m.merchantId));
    const refundIds: string[] = [];
    for (const amount of [100, 200]) {
      const res = await dashboardRequest(t, m.cookie, 'POST', `/api/payments/${payment!.id}/refunds`, {
        reason: 'requested_by_customer',
        amount,
      });
      expect(res.statusCode, res.body).toBe(201);
      refundIds.push(res.json().refund.id as string);
    }
    const log = await eventually(
      () => deliveries(m.cookie),
      (rows) => rows.length >= 2 && rows.every((row) => row.status === 'delivered'),
    );
    expect(log.map((row) => [row.event_type, row.subject_id]).sort()).toEqual(
      refundIds.map((id) => ['order.refunded', id]).sort(),
    );
    const events = await received(m.host);
    expect(events.map((e) => e.body)).toContainEqual(
      expect.objectContaining({
        type: 'order.refunded',
        data: expect.objectContaining({
          object: 'refund',
          refund_id: refundIds[0],
          order_id: orderId,
          status: 'succeeded',
          amount: 100,
          rail: 'card',
        }),
      }),
    );
    const notices = await eventually(
      async () =>
        (await dashboardRequest(t, m.cookie, 'GET', '/api/notifications')).json().notifications as {
          event: string;
        }[],
      (rows) => rows.filter((row) => row.event === 'order_refunded').length >= 2,
    );
    expect(notices.filter((row) => row.event === 'order_refunded')).toHaveLength(2);
  });

  it('sends only the events subscribed to', async () => {
    const m = await webhookMerchant(['order.created']);
    const { orderId } = await paidOrder(m);
    const log = await eventually(
      () => deliveries(m.cookie),
      (rows) => rows.some((row) => row.status === 'delivered'),
    );
    expect(log.map((row) => [row.event_type, row.subject_id])).toEqual([['order.created', orderId]]);
  });

  it('retries after the endpoint fails, shows the failure, then delivers; redelivers on request', async () => {
    const m = await webhookMerchant(['order.created']);
    await simControl(t, 'webhooks', 'fail', { host: m.host, count: 1, status: 503 });
    await paidOrder(m);
    const failedOnce = await eventually(
      () => deliveries(m.cookie),
      (rows) => rows[0]?.attempts === 1,
    );
    expect(failedOnce[0]).toMatchObject({
      status: 'pending',
      last_response_status: 503,
      last_error: 'Your webhook endpoint answered HTTP 503.',
    });
    const [delivered] = await eventually(
      () => deliveries(m.cookie),
      (rows) => rows[0]?.status === 'delivered',
    );
    expect(delivered).toMatchObject({ attempts: 2, last_response_status: 200, last_error: null });
    expect(JSON.parse(delivered!.last_response_body as string)).toMatchObject({ received: true });

    const redelivered = await dashboardRequest(
      t,
      m.cookie,
      'POST',
      `/api/merchant-webhooks/deliveries/${delivered!.id as string}/redeliver`,
    );
    expect(redelivered.statusCode, redelivered.body).toBe(200);
    expect(redelivered.json().status).toBe('pending');
    await eventually(
      () => deliveries(m.cookie),
      (rows) => rows[0]?.status === 'delivered' && rows[0]?.attempts === 3,
    );
    const events = await received(m.host);
    expect(events.map((e) => e.status)).toEqual([503, 200, 200]);
    // Every attempt carries the same message id, each with a fresh valid signature.
    expect(new Set(events.map((e) => e.webhook_id)).size).toBe(1);
    for (const e of events) expect(() => verify(m.secret, e)).not.toThrow();
  });

  it("keeps each merchant's log to itself: another merchant can neither see nor redeliver it", async () => {
    const m = await webhookMerchant(['order.created']);
    await paidOrder(m);
    const [row] = await eventually(
      () => deliveries(m.cookie),
      (rows) => rows[0]?.status === 'delivered',
    );
    const other = await newMerchant(t);
    expect(await deliveries(other.cookie)).toEqual([]);
    const stolen = await dashboardRequest(
      t,
      other.cookie,
      'POST',
      `/api/merchant-webhooks/deliveries/${row!.id as string}/redeliver`,
    );
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error.message).toBe('No such webhook delivery.');
    const [unchanged] = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, row!.id as string));
    expect(unchanged).toMatchObject({ status: 'delivered', attempts: 1 });
  });
});

describe('test event', () => {
  it("sends a real signed test event and returns the receiver's answer", async () => {
    const m = await webhookMerchant(['order.created']);
    const empty = await dashboardRequest(t, m.cookie, 'POST', '/api/merchant-webhooks/test', { url: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Please enter a webhook URL first');

    const ok = await dashboardRequest(t, m.cookie, 'POST', '/api/merchant-webhooks/test', { url: m.url });
    expect(ok.statusCode, ok.body).toBe(200);
    // Status and timing; the receiver's JSON answer is not passed on.
    expect(ok.json()).toEqual({
      delivered: true,
      webhook_id: expect.stringMatching(/^msg_/),
      status: 200,
      duration_ms: expect.any(Number),
      excerpt: null,
      error: null,
    });
    const [event] = await received(m.host);
    expect(event!.webhook_id).toBe(ok.json().webhook_id);
    expect(verify(m.secret, event!)).toMatchObject({ type: 'webhook.test' });

    await simControl(t, 'webhooks', 'fail', { host: m.host, always: true, status: 500 });
    const failing = await dashboardRequest(t, m.cookie, 'POST', '/api/merchant-webhooks/test', {
      url: m.url,
    });
    expect(failing.json()).toMatchObject({
      delivered: false,
      status: 500,
      error: 'Your webhook endpoint answered HTTP 500.',
    });
    await simControl(t, 'webhooks', 'fail', { host: m.host, count: 0 });
    // Test sends are not deliveries: the log holds only real events.
    expect(await deliveries(m.cookie)).toEqual([]);
  });

  it("shows only the receiver's status, timing and a short plain-text excerpt, never what a URL serves", async () => {
    const m = await webhookMerchant(['order.created']);
    const server = createServer((request, response) => {
      const answers: Record<string, [string, string]> = {
        '/text': [
          'text/plain; charset=utf-8',
          `invalid signature\r\n\u0007\u001b[31m\u202e${'x'.repeat(2_000)}`,
        ],
        '/json': [
          'application/json',
          JSON.stringify({ secret: 'sk_live_internal', rows: 'y'.repeat(2_000) }),
        ],
        '/html': ['text/html', `<html><body>internal admin ${'z'.repeat(2_000)}</body></html>`],
      };
      const [type, body] = answers[request.url ?? ''] ?? ['text/plain', 'no such page'];
      // Slow enough that the timing has something to show.
      setTimeout(() => response.writeHead(200, { 'content-type': type }).end(body), 40);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const test = async (path: string) => {
      const res = await dashboardRequest(t, m.cookie, 'POST', '/api/merchant-webhooks/test', {
        url: base + path,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Record<string, unknown>;
    };
    try {
      const text = await test('/text');
      expect(text).toMatchObject({ delivered: true, status: 200, error: null });
      expect(text.duration_ms).toBeGreaterThanOrEqual(40);
      const excerpt = text.excerpt as string;
      expect(excerpt.startsWith('invalid signature [31m x')).toBe(true);
      expect([...excerpt]).toHaveLength(ANSWER_EXCERPT_CHARS);
      expect(excerpt).not.toMatch(/[\p{Cc}\p{Cf}]/u);
      for (const path of ['/json', '/html']) {
        const answer = await test(path);
        expect(answer, path).toMatchObject({ delivered: true, status: 200, excerpt: null });
        expect(JSON.stringify(answer)).not.toMatch(/sk_live_internal|internal admin/);
      }
    } finally {
      server.close();
    }
  });

  it("is never a way to drive the sandbox's simulator controls", async () => {
    const m = await webhookMerchant(['order.created']);
    const receiver = t.simulators!.simulators.webhooks.baseUrl;
    const receiverPort = new URL(receiver).port;
    try {
      for (const url of [
        `${receiver}/__sim/down`,
        `${receiver}/__SIM/down`,
        `${receiver}//__sim/down`,
        `${receiver}/%5F%5Fsim/down`,
        `${receiver}/hooks/..%2F__sim/down`,
        `http://localhost:${receiverPort}/__sim/down`,
        `https://${m.host}/__sim/down`,
        `${t.simulators!.simulators.opennode.baseUrl}/__sim/down`,
      ]) {
        const test = await dashboardRequest(t, m.cookie, 'POST', '/api/merchant-webhooks/test', { url });
        expect(test.statusCode, `${url} -> ${test.body}`).toBe(400);
        expect(test.json().error.message).toBe(
          "Enter a valid URL for your webhook endpoint. A sandbox simulator's controls cannot receive webhooks: use the sandbox receiver or your own endpoint.",
        );
        const save = await dashboardRequest(t, m.cookie, 'PUT', '/api/merchant-webhooks', {
          url,
          events: ['order.created'],
        });
        expect(save.statusCode, url).toBe(400);
      }
      // Nothing was driven: the receiver still takes the merchant's test event.
      const ok = await dashboardRequest(t, m.cookie, 'POST', '/api/merchant-webhooks/test', { url: m.url });
      expect(ok.json()).toMatchObject({ delivered: true, status: 200 });

      // A delivery that points at a control anyway (saved before the rule) is not sent.
      const [row] = await t.db
        .insert(webhookDeliveries)
        .values({
          merchantId: m.merchantId,
          channel: 'merchant',
          eventType: 'order.created',
          subjectId: 'order-1',
          url: `${receiver}/__sim/down`,
          payload: '{}',
          status: 'pending',
        })
        .returning();
      const deps = t.services.engine;
      await attemptDelivery(deps, merchantWebhookChannel(deps), { deliveryId: row!.id, attemptsBefore: 0 });
      const [after] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, row!.id));
      expect(after).toMatchObject({ status: 'failed', attempts: 1, lastResponseStatus: null });
      expect(
        (await dashboardRequest(t, m.cookie, 'POST', '/api/merchant-webhooks/test', { url: m.url })).json(),
      ).toMatchObject({ delivered: true, status: 200 });
    } finally {
      await simControl(t, 'webhooks', 'up');
      await simControl(t, 'opennode', 'up');
    }
  });

  it('needs a signing secret first', async () => {
    const { cookie } = await signUp(t.app);
    const res = await dashboardRequest(t, cookie, 'POST', '/api/merchant-webhooks/test', {
      url: 'https://hooks.example.com/in',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Generate a signing secret first.');
  });
});

describe('engine events', () => {
  it('maps engine changes to the five event ids', () => {
    const event = (
      topic: 'order' | 'checkout' | 'offer',
      change: 'created' | 'updated',
      status: string | null,
    ) => webhookEventOf({ id: 1, topic, change, merchantId: 'm', subjectId: 's', status });
    expect(event('order', 'created', 'ACCEPTED')).toBe('order.created');
    expect(event('order', 'updated', 'FULFILLED')).toBe('order.fulfilled');
    expect(event('order', 'updated', 'CANCELLED')).toBe('order.cancelled');
    expect(event('order', 'updated', 'ACCEPTED')).toBeNull();
    expect(event('order', 'updated', 'REFUND_SUCCEEDED')).toBe('order.refunded');
    expect(event('order', 'updated', 'REFUND_FAILED')).toBe('refund.failed');
    expect(event('order', 'updated', 'REFUND_PENDING')).toBeNull();
    expect(event('checkout', 'updated', 'ACCEPTED')).toBe('checkout.completed');
    expect(event('checkout', 'created', 'PENDING')).toBeNull();
    expect(event('checkout', 'updated', 'DECLINED')).toBeNull();
    expect(event('offer', 'created', null)).toBe('offer.created');
    expect(event('offer', 'updated', null)).toBeNull();
  });
});

describe('live mode', () => {
  it('refuses endpoints on private networks, when saved, tested and again when sending', async () => {
    const live = await createLiveTestApp({ jobs: false });
    try {
      const { cookie } = await signUp(live.app);
      const put = (url: string) =>
        dashboardRequest(live, cookie, 'PUT', '/api/merchant-webhooks', { url, events: ['order.created'] });
      for (const url of [
        'https://10.0.0.5/hook',
        'https://169.254.169.254/latest',
        'https://localhost/hook',
      ]) {
        const res = await put(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error.message).toBe('Your webhook endpoint must not be on a private network.');
      }
      expect((await put('http://hooks.example.com/in')).json().error.message).toBe(
        'Your webhook endpoint must use https://.',
      );
      const saved = await put('https://hooks.example.com/in');
      expect(saved.statusCode).toBe(200);
      expect(saved.json().sandbox_receiver_url).toBeNull();
      const test = await dashboardRequest(live, cookie, 'POST', '/api/merchant-webhooks/test', {
        url: 'https://192.168.1.10/hook',
      });
      expect(test.statusCode).toBe(400);
      expect(test.json().error.message).toBe('Your webhook endpoint must not be on a private network.');

      // A row that points at a private address anyway (saved before a rule change, say) is not sent.
      const account = await live.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
      const merchantId = account.json().merchant.id as string;
      const [row] = await live.db
        .insert(webhookDeliveries)
        .values({
          merchantId,
          channel: 'merchant',
          eventType: 'order.created',
          subjectId: 'order-1',
          url: 'https://127.0.0.1:9/hook',
          payload: '{}',
          status: 'pending',
        })
        .returning();
      const deps = live.services.engine;
      await attemptDelivery(deps, merchantWebhookChannel(deps), { deliveryId: row!.id, attemptsBefore: 0 });
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
