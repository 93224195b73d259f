import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, engineEvents, orders } from '../db/schema/index';
import type { JobQueue } from '../jobs/queue';
import { insertCheckout } from '../test/checkout-rows';
import { createTestApp, type TestApp } from '../test/create-test-app';
import { followWebhookEvents, newMerchant } from '../test/merchant-kit';
import { countOffers } from './count-offers';
import type { EngineEvent, EngineEventSubscriber } from './engine-event';
import { engineEventJobs, relayEngineEvents } from './relay-engine-events';

let t: TestApp;
beforeAll(async () => {
  // Jobs are not worked: each test relays by hand and sees what each subscriber's queue was given.
  t = await createTestApp({ jobs: false, simulators: false });
});
afterAll(() => t.close());

/** A job queue that records what it is given, per queue (`failing`: its hand-off throws). */
function recordingQueue(opts: { failing?: boolean } = {}) {
  const queued: { name: string; data: EngineEvent }[] = [];
  const jobs = {
    enqueueWithin: async (_tx: unknown, given: { name: string; data: object }[]) => {
      if (opts.failing) throw new Error('the queue insert fails');
      for (const job of given) queued.push({ name: job.name, data: job.data as EngineEvent });
    },
    wake: () => undefined,
  } as unknown as JobQueue;
  return { jobs, queued, of: (name: string) => queued.filter((q) => q.name === name).map((q) => q.data) };
}

const subscriber = (name: string, topics: EngineEventSubscriber['topics']): EngineEventSubscriber => ({
  name,
  topics,
  retryLimit: 1,
  retryDelaySeconds: 1,
  handle: async () => undefined,
});

const everyTopic = subscriber('every-topic', ['order', 'checkout', 'offer']);
const ordersOnly = subscriber('orders-only', ['order']);
const newOrdersOnly = {
  ...subscriber('new-orders', ['order']),
  wants: (e: EngineEvent) => e.change === 'created',
};

/** Relays everything pending (other tests' rows included) and returns what reached `merchantId`'s subscribers. */
async function relay(merchantId: string, queue = recordingQueue()) {
  await relayEngineEvents({ db: t.db, jobs: queue.jobs }, [everyTopic, ordersOnly, newOrdersOnly]);
  const mine = (events: EngineEvent[]) => events.filter((e) => e.merchantId === merchantId);
  return {
    every: mine(queue.of('engine-event-every-topic')),
    orders: mine(queue.of('engine-event-orders-only')),
    newOrders: mine(queue.of('engine-event-new-orders')),
  };
}
const nothing = { every: [], orders: [], newOrders: [] };

describe('the engine event', () => {
  it('records each new offer, checkout and order, and hands each to the subscribers of its topic once', async () => {
    const { merchantId } = await newMerchant(t);
    // An offer is announced only to a merchant whose webhooks take it (migration 0045).
    await followWebhookEvents(t, merchantId, ['offer.created']);
    const { checkoutId, orderId } = await insertCheckout(t, merchantId, {
      createdAt: new Date(),
      order: { status: 'IN_PROGRESS' },
    });

    const first = await relay(merchantId);
    // The offer's event is written by the round itself (count-offers.ts), after the others.
    expect(first.every.map((e) => [e.topic, e.change])).toEqual([
      ['checkout', 'created'],
      ['order', 'created'],
      ['offer', 'created'],
    ]);
    expect(first.every[0]).toMatchObject({ subjectId: checkoutId, status: 'ACCEPTED' });
    expect(first.every[2]).toMatchObject({ status: null, merchantId });
    expect(first.orders).toEqual([first.every[1]]);
    expect(first.orders[0]).toMatchObject({ subjectId: orderId, status: 'IN_PROGRESS', merchantId });
    expect(first.newOrders).toEqual(first.orders);

    // Relayed events are not handed over again.
    expect(await relay(merchantId)).toEqual(nothing);
  });

  it('queues nothing for a subscriber that does not want the event', async () => {
    const { merchantId } = await newMerchant(t);
    const { orderId } = await insertCheckout(t, merchantId, {
      createdAt: new Date(),
      order: { status: 'IN_PROGRESS' },
    });
    await relay(merchantId);
    await t.db.update(orders).set({ status: 'ACCEPTED' }).where(eq(orders.id, orderId!));

    const { orders: changed, newOrders } = await relay(merchantId);
    expect(changed.map((e) => e.change)).toEqual(['updated']);
    expect(newOrders).toEqual([]);
  });

  it('records what subscribers can see change, not bookkeeping', async () => {
    const { merchantId } = await newMerchant(t);
    const { checkoutId, orderId } = await insertCheckout(t, merchantId, {
      createdAt: new Date(),
      order: { status: 'IN_PROGRESS' },
    });
    await relay(merchantId);

    await t.db.update(orders).set({ storeWriteAttempts: 1 }).where(eq(orders.id, orderId!));
    await t.db
      .update(checkouts)
      .set({ acceptanceReportedAt: new Date() })
      .where(eq(checkouts.id, checkoutId));
    await t.db
      .update(orders)
      .set({ status: 'ACCEPTED', storeOrderId: 'woo-1' })
      .where(eq(orders.id, orderId!));

    const { every } = await relay(merchantId);
    expect(every.map((e) => [e.topic, e.change, e.subjectId, e.status])).toEqual([
      ['order', 'updated', orderId, 'ACCEPTED'],
    ]);
  });

  it('exists only if its change committed', async () => {
    const { merchantId } = await newMerchant(t);
    const { orderId } = await insertCheckout(t, merchantId, {
      createdAt: new Date(),
      order: { status: 'IN_PROGRESS' },
    });
    await relay(merchantId);

    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(orders).set({ status: 'ACCEPTED' }).where(eq(orders.id, orderId!));
        throw new Error('the change fails after the update');
      }),
    ).rejects.toThrow('the change fails');
    expect(await relay(merchantId)).toEqual(nothing);
  });

  it('stays unrelayed when its hand-off to the queues fails, and is handed over by the next round', async () => {
    const { merchantId } = await newMerchant(t);
    await followWebhookEvents(t, merchantId, ['offer.created']);
    await insertCheckout(t, merchantId, { createdAt: new Date() });

    await expect(relay(merchantId, recordingQueue({ failing: true }))).rejects.toThrow(
      'the queue insert fails',
    );
    const { every } = await relay(merchantId);
    expect(every.map((e) => e.topic)).toEqual(['checkout', 'offer']);
  });

  it('is queued in the transaction that marks it relayed, once, however many relays run at once', async () => {
    const { merchantId } = await newMerchant(t);
    const { orderId } = await insertCheckout(t, merchantId, {
      createdAt: new Date(),
      order: { status: 'IN_PROGRESS' },
    });
    const subscribers = [
      { ...ordersOnly, name: 'merchant-webhooks' }, // a queue the app created (pg-boss needs the queue)
    ];
    const deps = { db: t.db, jobs: t.services.jobs };
    await Promise.all([relayEngineEvents(deps, subscribers), relayEngineEvents(deps, subscribers)]);

    const { rows } = await t.database.pool.query(
      `SELECT data FROM pgboss.job WHERE name = 'engine-event-merchant-webhooks' AND data->>'merchantId' = $1`,
      [merchantId],
    );
    expect(rows.map((row: { data: EngineEvent }) => row.data.subjectId)).toEqual([orderId]);
  });

  it('leaves rows leased by a relay of an earlier version until the lease ends', async () => {
    const { merchantId } = await newMerchant(t);
    await followWebhookEvents(t, merchantId, ['offer.created']);
    await insertCheckout(t, merchantId, { createdAt: new Date() });
    await countOffers(t.db);
    const lease = (until: string) =>
      t.db
        .update(engineEvents)
        .set({ relayLeaseUntil: sql.raw(until) })
        .where(eq(engineEvents.merchantId, merchantId));

    await lease(`now() + interval '1 minute'`);
    expect(await relay(merchantId)).toEqual(nothing);
    // That relay died: its lease ran out, and nothing was marked relayed.
    await lease(`now() - interval '1 second'`);
    const { every } = await relay(merchantId);
    expect(every.map((e) => e.topic)).toEqual(['checkout', 'offer']);
  });

  it('gives each subscriber its own queue, with its own retries', () => {
    const [everyQueue, ordersQueue] = engineEventJobs({ db: t.db, jobs: t.services.jobs }, [
      everyTopic,
      { ...ordersOnly, retryLimit: 7 },
    ]);
    expect([everyQueue!.name, ordersQueue!.name]).toEqual([
      'engine-event-every-topic',
      'engine-event-orders-only',
    ]);
    expect(ordersQueue!.retryLimit).toBe(7);
  });
});
