import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, engineEvents, orders } from '../db/schema/index';
import type { JobQueue } from '../jobs/queue';
import { insertCheckout } from '../test/checkout-rows';
import { createTestApp, type TestApp } from '../test/create-test-app';
import { newMerchant } from '../test/merchant-kit';
import type { EngineEvent, EngineEventSubscriber } from './engine-event';
import { engineEventJobs, relayEngineEvents } from './relay-engine-events';

let t: TestApp;
beforeAll(async () => {
  // Jobs are not worked: each test relays by hand and sees what each subscriber's queue was given.
  t = await createTestApp({ jobs: false, simulators: false });
});
afterAll(() => t.close());

/** A job queue that records what it is given, per queue. */
function recordingQueue() {
  const queued: { name: string; data: EngineEvent }[] = [];
  const jobs = {
    enqueue: async (name: string, data: object) => void queued.push({ name, data: data as EngineEvent }),
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

/** Relays everything pending (other tests' rows included) and returns what reached `merchantId`'s subscribers. */
async function relay(merchantId: string) {
  const queue = recordingQueue();
  await relayEngineEvents({ db: t.db, jobs: queue.jobs }, [everyTopic, ordersOnly]);
  const mine = (events: EngineEvent[]) => events.filter((e) => e.merchantId === merchantId);
  return {
    every: mine(queue.of('engine-event-every-topic')),
    orders: mine(queue.of('engine-event-orders-only')),
  };
}

describe('the engine event', () => {
  it('records each new offer, checkout and order, and hands each to the subscribers of its topic once', async () => {
    const { merchantId } = await newMerchant(t);
    const { checkoutId, orderId } = await insertCheckout(t, merchantId, {
      createdAt: new Date(),
      order: { status: 'IN_PROGRESS' },
    });

    const first = await relay(merchantId);
    expect(first.every.map((e) => [e.topic, e.change])).toEqual([
      ['offer', 'created'],
      ['checkout', 'created'],
      ['order', 'created'],
    ]);
    expect(first.every[1]).toMatchObject({ subjectId: checkoutId, status: 'ACCEPTED' });
    expect(first.orders).toEqual([first.every[2]]);
    expect(first.orders[0]).toMatchObject({ subjectId: orderId, status: 'IN_PROGRESS', merchantId });

    // Relayed events are not handed over again.
    expect(await relay(merchantId)).toEqual({ every: [], orders: [] });
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
    expect(await relay(merchantId)).toEqual({ every: [], orders: [] });
  });

  it('is handed over again when a relay died before marking it relayed (at least once)', async () => {
    const { merchantId } = await newMerchant(t);
    await insertCheckout(t, merchantId, { createdAt: new Date() });
    // A relay that claimed the rows and died: its lease ran out, and nothing was marked relayed.
    await t.db
      .update(engineEvents)
      .set({ relayLeaseUntil: sql`now() - interval '1 second'` })
      .where(eq(engineEvents.merchantId, merchantId));

    const { every } = await relay(merchantId);
    expect(every.map((e) => e.topic)).toEqual(['offer', 'checkout']);
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
