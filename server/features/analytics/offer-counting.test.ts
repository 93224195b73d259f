import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AGENT_API_CHANNEL } from '#common/domain/sales-channel';
import type { Db } from '../../db/client';
import { engineEvents, offers } from '../../db/schema/index';
import type { EngineEvent, EngineEventSubscriber } from '../../events/engine-event';
import { relayEngineEvents } from '../../events/relay-engine-events';
import { engineEventSubscribers } from '../../job-registry';
import type { JobQueue } from '../../jobs/queue';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { agentRequest, dashboardRequest, followWebhookEvents, newMerchant } from '../../test/merchant-kit';

let t: TestApp;
beforeAll(async () => {
  // Jobs are not worked: each test runs relay rounds by hand, so it sees analytics between them.
  t = await createTestApp({ jobs: false });
});
afterAll(() => t.close());

const offerSubscriber: EngineEventSubscriber = {
  name: 'offers',
  topics: ['offer'],
  retryLimit: 1,
  retryDelaySeconds: 1,
  handle: async () => undefined,
};

/** One relay round that records what it hands over. */
async function relayRound(): Promise<EngineEvent[]> {
  const handed: EngineEvent[] = [];
  const jobs = {
    enqueueWithin: async (_tx: unknown, given: { data: object }[]) =>
      void handed.push(...given.map((job) => job.data as EngineEvent)),
    wake: () => undefined,
  };
  await relayEngineEvents({ db: t.db, jobs: jobs as unknown as JobQueue }, [offerSubscriber]);
  return handed;
}

/** Offers written as saveOffer writes them: one multi-row insert, no trigger work. */
async function insertOffers(
  db: Pick<Db, 'insert'>,
  merchantId: string,
  count: number,
  createdAt = new Date(),
) {
  const rows = Array.from({ length: count }, () => ({
    id: `ofr_${randomUUID()}`,
    merchantId,
    items: [],
    currency: 'GBP',
    subtotalMinor: 100,
    shippingOptions: [],
    destination: { country: 'GB', postalCode: 'N1 9GU' },
    expiresAt: createdAt,
    channel: AGENT_API_CHANNEL,
    agent: 'Claude-User',
    createdAt,
  }));
  await db.insert(offers).values(rows);
  return rows.map((row) => row.id);
}

/** Sales started as the dashboard reads them (rollup plus offers not yet counted). */
async function reportedStarted(cookie: string): Promise<number> {
  const res = await dashboardRequest(t, cookie, 'GET', '/api/analytics?days=7');
  expect(res.statusCode, res.body).toBe(200);
  const channels = res.json().by_channel as { channel: string; started: number }[];
  return channels.find((c) => c.channel === AGENT_API_CHANNEL)?.started ?? 0;
}

/** Sales started as the rollup alone holds them, and how many offers it does not hold yet. */
async function stored(merchantId: string) {
  const { rows } = await t.db.execute<{ started: number; uncounted: number }>(sql`
    SELECT (SELECT coalesce(sum(started), 0)::int FROM analytics_daily WHERE merchant_id = ${merchantId}) AS started,
      (SELECT count(*)::int FROM offers WHERE merchant_id = ${merchantId} AND counted_at IS NULL) AS uncounted`);
  return rows[0]!;
}

const eventsOf = async (merchantId: string) =>
  t.db
    .select({ subjectId: engineEvents.subjectId })
    .from(engineEvents)
    .where(eq(engineEvents.merchantId, merchantId));

describe('offers counted by the relay', () => {
  it('are in analytics the moment they are made, and once more after a relay round only once', async () => {
    const m = await newMerchant(t, { connect: true, apiKey: true });
    await followWebhookEvents(t, m.merchantId, ['offer.created']);
    for (let i = 0; i < 3; i++) {
      const offer = await agentRequest(t, m.apiKey, 'POST', '/api/agent/offer', {
        items: [{ sku: 'TEST-PRODUCT-001', quantity: 1 }],
        shipping_to: { country: 'GB', postcode: 'N1 9GU' },
      });
      expect(offer.statusCode, offer.body).toBe(200);
    }
    // Before any round: the insert counted nothing and announced nothing, yet the report is exact.
    expect(await stored(m.merchantId)).toEqual({ started: 0, uncounted: 3 });
    expect(await eventsOf(m.merchantId)).toEqual([]);
    expect(await reportedStarted(m.cookie)).toBe(3);

    const handed = (await relayRound()).filter((e) => e.merchantId === m.merchantId);
    expect(handed.map((e) => [e.topic, e.change])).toEqual(Array(3).fill(['offer', 'created']));
    expect(await stored(m.merchantId)).toEqual({ started: 3, uncounted: 0 });
    expect(await reportedStarted(m.cookie)).toBe(3);

    // Nothing is counted or handed over twice.
    expect((await relayRound()).filter((e) => e.merchantId === m.merchantId)).toEqual([]);
    expect(await stored(m.merchantId)).toEqual({ started: 3, uncounted: 0 });
  });

  it('are counted and announced once when two relays run at once', async () => {
    const m = await newMerchant(t);
    await followWebhookEvents(t, m.merchantId, ['offer.created']);
    const ids = await insertOffers(t.db, m.merchantId, 300);

    const [first, second] = await Promise.all([relayRound(), relayRound()]);
    const handed = [...first, ...second].filter((e) => e.merchantId === m.merchantId);
    expect(handed.map((e) => e.subjectId).sort()).toEqual([...ids].sort());
    expect((await eventsOf(m.merchantId)).map((e) => e.subjectId).sort()).toEqual([...ids].sort());
    expect(await stored(m.merchantId)).toEqual({ started: 300, uncounted: 0 });
    expect(await reportedStarted(m.cookie)).toBe(300);
  });

  it('are counted, and announced only to a merchant whose webhook endpoint takes offer.created', async () => {
    const [quiet, other, following] = [await newMerchant(t), await newMerchant(t), await newMerchant(t)];
    await followWebhookEvents(t, other.merchantId, ['order.created']);
    await followWebhookEvents(t, following.merchantId, ['offer.created']);
    for (const m of [quiet, other, following]) await insertOffers(t.db, m.merchantId, 2);

    const handed = await relayRound();
    for (const m of [quiet, other]) {
      expect(handed.filter((e) => e.merchantId === m.merchantId)).toEqual([]);
      expect(await eventsOf(m.merchantId)).toEqual([]);
      expect(await stored(m.merchantId)).toEqual({ started: 2, uncounted: 0 });
    }
    expect(handed.filter((e) => e.merchantId === following.merchantId)).toHaveLength(2);
    expect(await stored(following.merchantId)).toEqual({ started: 2, uncounted: 0 });
  });

  it('have one follower, the merchant webhooks, whose merchants are the ones count_offers announces to', () => {
    // A new subscriber to offers would hear only of those merchants' offers: widen count_offers first.
    const followers = engineEventSubscribers(t.services).filter((s) => s.topics.includes('offer'));
    expect(followers.map((s) => s.name)).toEqual(['merchant-webhooks']);
  });

  it('are not counted twice by a rebuild and the relay, whichever comes first', async () => {
    const m = await newMerchant(t);
    await followWebhookEvents(t, m.merchantId, ['offer.created']);
    await insertOffers(t.db, m.merchantId, 2);
    await relayRound();
    const waiting = await insertOffers(t.db, m.merchantId, 3);

    // The rebuild sums the counted offers and leaves the others, with their events, to the relay.
    await t.db.execute(sql`SELECT analytics_rebuild(${m.merchantId}::uuid)`);
    expect(await stored(m.merchantId)).toEqual({ started: 2, uncounted: 3 });
    expect(await reportedStarted(m.cookie)).toBe(5);

    const handed = (await relayRound()).filter((e) => e.merchantId === m.merchantId);
    expect(handed.map((e) => e.subjectId).sort()).toEqual([...waiting].sort());
    expect(await stored(m.merchantId)).toEqual({ started: 5, uncounted: 0 });
    await t.db.execute(sql`SELECT analytics_rebuild(${m.merchantId}::uuid)`);
    expect(await stored(m.merchantId)).toEqual({ started: 5, uncounted: 0 });
    expect(await reportedStarted(m.cookie)).toBe(5);
  });

  it('loaded with triggers off are left to the rebuild, and owe no event, like other loaded rows', async () => {
    const m = await newMerchant(t);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await insertOffers(tx, m.merchantId, 4, new Date(Date.now() - 24 * 3600_000));
    });
    expect(await stored(m.merchantId)).toEqual({ started: 0, uncounted: 0 });
    expect((await relayRound()).filter((e) => e.merchantId === m.merchantId)).toEqual([]);

    await t.db.execute(sql`SELECT analytics_rebuild(${m.merchantId}::uuid)`);
    expect(await stored(m.merchantId)).toEqual({ started: 4, uncounted: 0 });
    expect(await eventsOf(m.merchantId)).toEqual([]);
  });

  // Only PostgreSQL runs a count and a checkout side by side (PGlite is one in-process session).
  it.runIf(inject('templateDatabaseUrl'))(
    "never hold up a checkout's key check while they are being counted (migration 0048)",
    async () => {
      const { merchantId } = await newMerchant(t);
      const [offerId] = await insertOffers(t.db, merchantId, 1);
      const counting = await t.database.pool.connect();
      const checkingOut = await t.database.pool.connect();
      try {
        await counting.query('BEGIN');
        expect((await counting.query('SELECT count_offers(1000) AS n')).rows[0].n).toBeGreaterThan(0);
        // The count is still open, holding what it claimed. A checkout of that offer, made a day
        // earlier so that its analytics row is not the one the count holds, checks the offer's key:
        // under the old FOR UPDATE claim it waited for the count (here: failed at the lock timeout).
        await checkingOut.query("SET lock_timeout = '3s'");
        const yesterday = new Date(Date.now() - 86_400_000);
        await checkingOut.query(
          `INSERT INTO checkouts (id, merchant_id, offer_id, status, method, provider, items, shipping_option,
             buyer, amount_minor, currency, expires_at, created_at)
           VALUES ($1, $2, $3, 'PENDING', 'stripe', 'stripe', '[]', '{}', '{}', 100, 'GBP', $4, $4)`,
          [`chk_${randomUUID()}`, merchantId, offerId, yesterday],
        );
        await counting.query('COMMIT');
      } finally {
        await counting.query('ROLLBACK').catch(() => undefined);
        await checkingOut.query('RESET lock_timeout');
        counting.release();
        checkingOut.release();
      }
    },
  );

  it('take back only what was counted when deleted', async () => {
    const m = await newMerchant(t);
    const [counted] = await insertOffers(t.db, m.merchantId, 1);
    await relayRound();
    const [uncounted] = await insertOffers(t.db, m.merchantId, 1);
    await t.db.delete(offers).where(eq(offers.id, counted!));
    await t.db.delete(offers).where(eq(offers.id, uncounted!));
    expect(await stored(m.merchantId)).toEqual({ started: 0, uncounted: 0 });
    expect(await reportedStarted(m.cookie)).toBe(0);
  });
});
