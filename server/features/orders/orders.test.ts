import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ORDER_STREAM_EVENT, type OrderStreamEvent } from '#common/api/orders';
import { orders, payments } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { EVENTUALLY_MS } from '../../test/eventually';
import { dashboardRequest, mintSharedPaymentToken, newMerchant } from '../../test/merchant-kit';
import { insertCheckout } from '../../test/checkout-rows';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  // Jobs are not worked, so the store write in a confirm is the only one (no race with the queued job).
  t = await createTestApp({ jobs: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** Reads `GET /api/orders/stream` over real HTTP (inject does not stream), collecting its order events. */
async function openStream(app: { baseUrl: string }, cookie?: string) {
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http
      .get(`${app.baseUrl}/api/orders/stream`, { headers: cookie ? { cookie } : {} }, resolve)
      .on('error', reject);
  });
  const events: OrderStreamEvent[] = [];
  let text = '';
  let unread = '';
  let changed = () => {};
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    text += chunk;
    const blocks = (unread + chunk).split('\n\n');
    unread = blocks.pop()!;
    for (const block of blocks) {
      const [event, data] = block.split('\n');
      if (event === `event: ${ORDER_STREAM_EVENT}`) events.push(JSON.parse(data!.slice('data: '.length)));
    }
    changed();
  });
  /** Waits until the stream has shown `check` to hold. */
  const until = (check: () => boolean, what: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${what}; stream so far: ${text}`)), EVENTUALLY_MS);
      changed = () => {
        if (!check()) return;
        clearTimeout(timer);
        changed = () => {};
        resolve();
      };
      changed();
    });
  if (res.statusCode === 200) await until(() => text.includes(': connected'), 'connected comment');
  return { res, events, until, text: () => text, close: () => res.destroy() };
}

describe('orders list', () => {
  it("lists the merchant's own orders newest first, with the count since the month began", async () => {
    const a = await newMerchant(t);
    const b = await newMerchant(t);
    const now = new Date();
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    const at = (ms: number) => new Date(monthStart + ms);
    const lastMonth = await insertCheckout(t, a.merchantId, {
      createdAt: at(-1000),
      order: { status: 'FULFILLED' },
    });
    const first = await insertCheckout(t, a.merchantId, {
      createdAt: at(1000),
      order: { status: 'ACCEPTED' },
      payment: { method: 'stripe_spt', status: 'succeeded' },
    });
    const third = await insertCheckout(t, a.merchantId, {
      createdAt: at(3000),
      order: { status: 'REJECTED' },
    });
    const second = await insertCheckout(t, a.merchantId, {
      createdAt: at(2000),
      order: { status: 'IN_PROGRESS' },
    });
    await insertCheckout(t, b.merchantId, { createdAt: at(4000), order: { status: 'ACCEPTED' } });

    const res = await dashboardRequest(t, a.cookie, 'GET', '/api/orders');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.month_count).toBe(3);
    expect(body.orders.map((o: { id: string }) => o.id)).toEqual(
      [third, second, first, lastMonth].map((c) => c.orderId),
    );
    expect(body.orders[0]).toEqual({
      id: third.orderId,
      status: 'REJECTED',
      total: 2398,
      currency: 'GBP',
      created_at: at(3000).toISOString(),
      store_order_id: null,
      checkout_id: third.checkoutId,
      platform: null,
      test: false,
      payment_id: null,
      cancelled_by: null,
      store_cancellation: null,
    });
    // A paid order names its payment, which its Refund action refunds.
    const [paid] = await t.db.select().from(payments).where(eq(payments.checkoutId, first.checkoutId));
    expect(body.orders[2].payment_id).toBe(paid!.id);

    const two = await dashboardRequest(t, a.cookie, 'GET', '/api/orders?limit=2');
    expect(two.json().orders.map((o: { id: string }) => o.id)).toEqual([third.orderId, second.orderId]);
    expect(two.json().month_count).toBe(3);
    for (const limit of ['0', '51', 'ten']) {
      expect((await dashboardRequest(t, a.cookie, 'GET', `/api/orders?limit=${limit}`)).statusCode).toBe(400);
    }

    const other = (await dashboardRequest(t, b.cookie, 'GET', '/api/orders')).json();
    expect(other.orders).toHaveLength(1);
    expect(other.month_count).toBe(1);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/orders' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('You must be signed in.');
  });
});

describe('live orders stream', () => {
  it("sends a merchant its own order inserts and updates, and nobody else's", async () => {
    const a = await newMerchant(t, { connect: true });
    const b = await newMerchant(t);
    const streamA = await openStream({ baseUrl }, a.cookie);
    const streamB = await openStream({ baseUrl }, b.cookie);
    try {
      expect(streamA.res.headers['content-type']).toBe('text/event-stream; charset=utf-8');

      // A real test checkout: the order is created when the payment succeeds, then updated with the
      // store's order id once it is written to the store.
      const flow = await dashboardRequest(t, a.cookie, 'POST', '/api/agent-tests/acp-flow', {
        payment_method: 'stripe',
        test_spt: await mintSharedPaymentToken(t, 10_000),
      });
      expect(flow.json(), flow.body).toMatchObject({ status: 'ACCEPTED' });
      const { order_id: orderId, woo_order_id: storeOrderId } = flow.json();
      await streamA.until(() => streamA.events.length >= 2, 'insert and update');
      expect(streamA.events.map((e) => [e.type, e.order.id])).toEqual([
        ['INSERT', orderId],
        ['UPDATE', orderId],
      ]);
      expect(streamA.events[1]!.order).toMatchObject({
        status: 'ACCEPTED',
        store_order_id: storeOrderId,
        platform: 'woocommerce',
        checkout_id: flow.json().checkout_id,
      });

      await t.db.update(orders).set({ status: 'FULFILLED' }).where(eq(orders.id, orderId));
      await streamA.until(() => streamA.events.length === 3, 'status update');
      expect(streamA.events[2]).toMatchObject({
        type: 'UPDATE',
        order: { id: orderId, status: 'FULFILLED' },
      });

      // B's stream was live all along: it gets B's own order and nothing of A's.
      const own = await insertCheckout(t, b.merchantId, {
        createdAt: new Date(),
        order: { status: 'ACCEPTED' },
      });
      await streamB.until(() => streamB.events.length === 1, "B's order");
      expect(streamB.events).toEqual([
        { type: 'INSERT', order: expect.objectContaining({ id: own.orderId }) },
      ]);
      expect(streamA.events).toHaveLength(3);
    } finally {
      streamA.close();
      streamB.close();
    }
  });

  it('does not announce store-write bookkeeping that the list does not show', async () => {
    const a = await newMerchant(t);
    const stream = await openStream({ baseUrl }, a.cookie);
    try {
      const order = () =>
        insertCheckout(t, a.merchantId, { createdAt: new Date(), order: { status: 'IN_PROGRESS' } });
      const { orderId } = await order();
      await t.db
        .update(orders)
        .set({ storeWriteAttempts: 1, storeWriteLeaseUntil: new Date() })
        .where(eq(orders.id, orderId!));
      // Changes arrive in commit order, so a later order shows whether the bookkeeping was announced.
      const { orderId: marker } = await order();
      await stream.until(() => stream.events.length >= 2, 'both inserts');
      expect(stream.events.map((e) => [e.type, e.order.id])).toEqual([
        ['INSERT', orderId],
        ['INSERT', marker],
      ]);
    } finally {
      stream.close();
    }
  });

  // Only PostgreSQL has a separate listening backend that can be lost (PGlite is one in-process session).
  it.runIf(inject('templateDatabaseUrl'))(
    'ends streams when the LISTEN connection drops, and listens again for the next stream',
    async () => {
      const a = await newMerchant(t);
      const stream = await openStream({ baseUrl }, a.cookie);
      const ended = new Promise((resolve) => stream.res.on('end', resolve));
      // The listener's last statement is whichever topic it listened to last (orders, notifications).
      await t.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
      );
      await ended;
      const again = await openStream({ baseUrl }, a.cookie);
      try {
        const { orderId } = await insertCheckout(t, a.merchantId, {
          createdAt: new Date(),
          order: { status: 'ACCEPTED' },
        });
        await again.until(() => again.events.length === 1, 'an insert after listening again');
        expect(again.events[0]!.order.id).toBe(orderId);
      } finally {
        again.close();
      }
    },
  );

  it('refuses a stream without a session', async () => {
    const stream = await openStream({ baseUrl });
    expect(stream.res.statusCode).toBe(401);
    stream.close();
  });

  it('ends open streams when the server shuts down', async () => {
    const app = await createTestApp({ simulators: false, jobs: false });
    try {
      await app.app.listen({ port: 0, host: '127.0.0.1' });
      const a = await newMerchant(app);
      const stream = await openStream(
        { baseUrl: `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}` },
        a.cookie,
      );
      const ended = new Promise((resolve) => stream.res.on('end', resolve));
      // Closing would hang (and the test time out) if the open stream kept the server up.
      await Promise.all([app.close(), ended]);
    } catch (err) {
      await app.close();
      throw err;
    }
  });
});
