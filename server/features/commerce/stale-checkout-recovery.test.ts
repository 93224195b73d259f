import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acpSessions,
  appInstances,
  checkouts,
  idempotencyRecords,
  merchants,
  orders,
  payments,
} from '../../db/schema/index';
import { stripeClient } from '../../integrations/payments/stripe/api';
import type { StripeCredentials } from '../../integrations/payments/stripe/credentials';
import { open } from '../../lib/crypto';
import { acpAddress, acpBuyer, acpRequest } from '../../test/acp-kit';
import { insertHistory } from '../../test/checkout-rows';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import {
  agentCheckout,
  agentRequest,
  demoMerchantApiKey,
  mintSharedPaymentToken,
  newMerchant,
} from '../../test/merchant-kit';
import { INSTANCE_SILENCE_SECONDS } from '../../jobs/instances';
import { hashRequest, IN_FLIGHT_LEASE_MS } from '../../http/idempotency';
import { STORE_ORDER_QUEUE } from './confirm-checkout';
import { reconcileOrders } from './jobs';
import { merchantCardAccount } from './merchant-accounts';
import { recordPaymentSuccess } from './settlement';
import { StoreWriteInProgress, writeStoreOrder } from './write-store-order';

let t: TestApp;
let apiKey: string;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  apiKey = await demoMerchantApiKey(t);
});
afterAll(() => t.close());

const confirmLeaseMs = () => t.services.instance.leases.confirmLeaseMs;

const deps = () => ({ ...t.services, keyring: t.config.keyring, caches: t.services.engine.caches });
const ago = (ms: number) => new Date(Date.now() - ms - 1000);

async function cardAccountOf(checkoutId: string) {
  const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  const [merchant] = await t.db.select().from(merchants).where(eq(merchants.id, row!.merchantId));
  return { checkout: row!, card: await merchantCardAccount(deps(), merchant!) };
}

/**
 * A card checkout whose confirm claimed it (PROCESSING) `claimedAgo` ms ago, by the instance `claimedBy`
 * (none recorded by default, as before instances were), and whose process then died.
 */
async function interruptedCheckout(opts: { charged: boolean; claimedAgo?: number; claimedBy?: string }) {
  const token = await mintSharedPaymentToken(t, 10_000);
  const { checkout } = await agentCheckout(t, apiKey, { method: 'stripe', shared_payment_token: token });
  const id = checkout.checkout_id as string;
  const { checkout: row, card } = await cardAccountOf(id);
  if (opts.charged) {
    // The charge the engine makes, answered by Stripe, but never recorded here.
    await card.provider.chargeSharedPaymentToken(card.ctx, {
      token: open(t.config.keyring, row.paymentTokenSealed!),
      amountMinor: row.amountMinor,
      currency: row.currency,
      idempotencyKey: id,
      metadata: { checkout_id: id },
    });
  }
  await t.db
    .update(checkouts)
    .set({
      status: 'PROCESSING',
      claimedBy: opts.claimedBy ?? null,
      updatedAt: ago(opts.claimedAgo ?? confirmLeaseMs()),
    })
    .where(eq(checkouts.id, id));
  return id;
}

/** Every PaymentIntent the merchant's Stripe account holds for the checkout. */
async function chargesAtStripe(checkoutId: string) {
  const { card } = await cardAccountOf(checkoutId);
  const { secretKey, accountId } = card.ctx.credentials as StripeCredentials;
  const found = await stripeClient(card.ctx.http, secretKey, accountId).paymentIntents.search({
    query: `metadata['checkout_id']:'${checkoutId}'`,
  });
  return found.data.filter((intent) => intent.status === 'succeeded');
}

const ordersOf = (checkoutId: string) => t.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
const statusOf = async (checkoutId: string) =>
  (await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId)))[0]!.status;
const confirm = (checkoutId: string, idempotencyKey?: string) =>
  agentRequest(t, apiKey, 'POST', '/api/agent/confirm', { checkout_id: checkoutId }, { idempotencyKey });

it('settles a checkout charged at Stripe whose process died before recording it: one order, one charge', async () => {
  const id = await interruptedCheckout({ charged: true });
  // The agent's confirm died with the process, leaving its Idempotency-Key in flight.
  const key = `confirm-${id}`;
  const [merchantId] = (await t.db.select().from(checkouts).where(eq(checkouts.id, id))).map(
    (c) => c.merchantId,
  );
  await t.db.insert(idempotencyRecords).values({
    merchantId: merchantId!,
    endpoint: 'confirm',
    key,
    requestHash: hashRequest({ checkout_id: id }),
    state: 'in_progress',
    createdAt: ago(IN_FLIGHT_LEASE_MS),
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  });

  await reconcileOrders(deps());
  await reconcileOrders(deps());

  expect(await statusOf(id)).toBe('ACCEPTED');
  const written = await ordersOf(id);
  expect(written).toHaveLength(1);
  expect(written[0]!.storeOrderId).toBeTruthy();
  const [payment] = await t.db.select().from(payments).where(eq(payments.checkoutId, id));
  expect(payment!.status).toBe('succeeded');

  const again = await confirm(id, key);
  expect(again.statusCode).toBe(200);
  expect(again.json()).toMatchObject({ status: 'ACCEPTED', order_id: written[0]!.id });
  expect(await chargesAtStripe(id)).toHaveLength(1);
  expect(await ordersOf(id)).toHaveLength(1);
});

it('releases a checkout whose process died before charging, and the retry charges once', async () => {
  const id = await interruptedCheckout({ charged: false });
  // "Still processing" is not kept for the key: its retry after recovery runs.
  const key = `retry-${id}`;
  expect((await confirm(id, key)).json()).toMatchObject({ details: { status: 'PROCESSING' } });

  await reconcileOrders(deps());
  expect(await statusOf(id)).toBe('PENDING');
  expect(await chargesAtStripe(id)).toHaveLength(0);

  const retry = await confirm(id, key);
  expect(retry.statusCode).toBe(200);
  expect(retry.json()).toMatchObject({ status: 'ACCEPTED' });
  expect(await chargesAtStripe(id)).toHaveLength(1);
  expect(await ordersOf(id)).toHaveLength(1);
});

it('leaves a confirm that is still within its lease alone', async () => {
  const id = await interruptedCheckout({ charged: false, claimedAgo: 0 });
  await reconcileOrders(deps());
  expect(await statusOf(id)).toBe('PROCESSING');
});

it('holds an in-flight Idempotency-Key for its lease, then lets the retry run', async () => {
  const token = await mintSharedPaymentToken(t, 10_000);
  const { checkout } = await agentCheckout(t, apiKey, { method: 'stripe', shared_payment_token: token });
  const id = checkout.checkout_id as string;
  const key = `abandoned-${id}`;
  const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, id));
  const record = {
    merchantId: row!.merchantId,
    endpoint: 'confirm',
    key,
    requestHash: hashRequest({ checkout_id: id }),
    state: 'in_progress',
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  };
  await t.db.insert(idempotencyRecords).values({ ...record, createdAt: ago(IN_FLIGHT_LEASE_MS / 2) });
  const held = await confirm(id, key);
  expect(held.statusCode).toBe(409);
  expect(held.json()).toMatchObject({ details: { in_flight: true } });

  await t.db
    .update(idempotencyRecords)
    .set({ createdAt: ago(IN_FLIGHT_LEASE_MS) })
    .where(eq(idempotencyRecords.key, key));
  const retried = await confirm(id, key);
  expect(retried.statusCode).toBe(200);
  expect(retried.json()).toMatchObject({ status: 'ACCEPTED' });
  const replayed = await confirm(id, key);
  expect(replayed.headers['idempotent-replayed']).toBe('true');
  expect(replayed.json()).toEqual(retried.json());
});

describe('when the instance that held the confirm died (docs/decisions/010)', () => {
  /** Another app instance on the same database, heartbeating (`live`) or silent past the limit. */
  async function otherInstance(state: 'live' | 'silent') {
    const id = randomUUID();
    const silentFor = state === 'live' ? 0 : (INSTANCE_SILENCE_SECONDS + 1) * 1000;
    await t.db.insert(appInstances).values({ id, heartbeatAt: ago(silentFor) });
    return id;
  }
  const heartbeat = (id: string) =>
    t.db.update(appInstances).set({ heartbeatAt: new Date() }).where(eq(appInstances.id, id));
  const silence = (id: string) =>
    t.db
      .update(appInstances)
      .set({ heartbeatAt: ago((INSTANCE_SILENCE_SECONDS + 1) * 1000) })
      .where(eq(appInstances.id, id));
  const merchantIdOf = async (checkoutId: string) =>
    (await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId)))[0]!.merchantId;
  /** The agent's confirm request, in flight on `instance` when it died (its answer never sent). */
  async function keyInFlight(checkoutId: string, instance: string) {
    const key = `lost-${checkoutId}`;
    await t.db.insert(idempotencyRecords).values({
      merchantId: await merchantIdOf(checkoutId),
      endpoint: 'confirm',
      key,
      requestHash: hashRequest({ checkout_id: checkoutId }),
      state: 'in_progress',
      claimedBy: instance,
      createdAt: ago(0),
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });
    return key;
  }

  it('leaves a fresh claim of a live instance alone, and settles it at once when that instance goes silent', async () => {
    const other = await otherInstance('live');
    const id = await interruptedCheckout({ charged: true, claimedAgo: 0, claimedBy: other });
    const key = await keyInFlight(id, other);

    await reconcileOrders(deps());
    expect(await statusOf(id)).toBe('PROCESSING');
    // Neither the agent's retry with the key nor a new request takes a live instance's confirm.
    expect((await confirm(id, key)).json()).toMatchObject({ details: { in_flight: true } });
    expect((await confirm(id)).json()).toMatchObject({
      error_code: 'CHECKOUT_ALREADY_PROCESSED',
      details: { status: 'PROCESSING' },
    });
    await heartbeat(other);
    expect(await statusOf(id)).toBe('PROCESSING');

    await silence(other);
    await reconcileOrders(deps());
    expect(await statusOf(id)).toBe('ACCEPTED');
    const written = await ordersOf(id);
    expect(written).toHaveLength(1);
    expect(written[0]!.storeOrderId).toBeTruthy();
    const retried = await confirm(id, key);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'ACCEPTED', order_id: written[0]!.id });
    expect(await chargesAtStripe(id)).toHaveLength(1);
  });

  it("answers the agent's retry with the order of a confirm whose instance died after charging", async () => {
    const dead = randomUUID(); // no row: stopped and long gone
    const id = await interruptedCheckout({ charged: true, claimedAgo: 0, claimedBy: dead });
    const key = await keyInFlight(id, dead);

    const retried = await confirm(id, key);
    expect(retried.statusCode, retried.body).toBe(200);
    const written = await ordersOf(id);
    expect(retried.json()).toMatchObject({ status: 'ACCEPTED', order_id: written[0]!.id });
    expect(written).toHaveLength(1);
    expect(await chargesAtStripe(id)).toHaveLength(1);
    const replayed = await confirm(id, key);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
  });

  it('charges once for the retry of a confirm whose instance died before charging; reconciliation waits for the lease to release it', async () => {
    const dead = await otherInstance('silent');
    const id = await interruptedCheckout({ charged: false, claimedAgo: 0, claimedBy: dead });
    // Not found at the provider may be its search index lagging behind a charge: only the lease releases.
    await reconcileOrders(deps());
    expect(await statusOf(id)).toBe('PROCESSING');

    const retried = await confirm(id, await keyInFlight(id, dead));
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'ACCEPTED' });
    expect(await chargesAtStripe(id)).toHaveLength(1);
    expect(await ordersOf(id)).toHaveLength(1);
  });

  it('never takes over a claim this live instance holds', async () => {
    const id = await interruptedCheckout({
      charged: false,
      claimedAgo: 0,
      claimedBy: t.services.instance.id,
    });
    await reconcileOrders(deps());
    expect((await confirm(id)).json()).toMatchObject({ details: { status: 'PROCESSING' } });
    expect(await statusOf(id)).toBe('PROCESSING');
    expect(await chargesAtStripe(id)).toHaveLength(0);
  });

  /** A card checkout settled by `instance`, whose order is not in the store yet. */
  async function settledBy(instance: string) {
    const id = await interruptedCheckout({ charged: true, claimedAgo: 0, claimedBy: instance });
    const { card } = await cardAccountOf(id);
    const payment = await card.provider.findPaymentByMetadata(card.ctx, 'checkout_id', id);
    const order = await recordPaymentSuccess(
      { ...deps(), instance: { ...t.services.instance, id: instance } },
      id,
      ['PROCESSING'],
      payment!,
    );
    return order!;
  }
  const storeWriteJobs = async (orderId: string) =>
    (
      await t.db.execute(
        sql`SELECT 1 FROM pgboss.job WHERE name = ${STORE_ORDER_QUEUE} AND data->>'orderId' = ${orderId}`,
      )
    ).rows.length;

  it('queues the store write of an order its dead instance never queued, without waiting for the lease', async () => {
    const live = await settledBy(await otherInstance('live'));
    const orphaned = await settledBy(await otherInstance('silent'));
    await reconcileOrders(deps());
    expect(await storeWriteJobs(live.id)).toBe(0);
    expect(await storeWriteJobs(orphaned.id)).toBe(1);
  });

  it("takes the store-write lease of a writer whose instance died, never a live writer's", async () => {
    const liveWriter = await otherInstance('live');
    const deadWriter = await otherInstance('silent');
    const held = await settledBy(liveWriter);
    const dropped = await settledBy(deadWriter);
    const leaseUntil = new Date(Date.now() + 60_000);
    for (const [order, writer] of [
      [held, liveWriter],
      [dropped, deadWriter],
    ] as const) {
      await t.db
        .update(orders)
        .set({ storeWriteLeaseUntil: leaseUntil, storeWriteClaimedBy: writer })
        .where(eq(orders.id, order.id));
    }

    await expect(writeStoreOrder(deps(), held.id)).rejects.toBeInstanceOf(StoreWriteInProgress);
    expect(await writeStoreOrder(deps(), dropped.id)).toEqual(expect.any(String));
    const [written] = await t.db.select().from(orders).where(eq(orders.id, dropped.id));
    expect(written!.storeWriteClaimedBy).toBe(t.services.instance.id);
  });
});

describe('through ACP', () => {
  const sessionUrl = (id: string, suffix = '') => `/acp/checkout_sessions/${id}${suffix}`;
  const acp = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    acpRequest(t, apiKey, '2025-09-29', method, url, body);

  /** A session whose complete claimed it and its card checkout, then died with the process. */
  async function interruptedSession(charged: boolean) {
    const created = await acp('POST', '/acp/checkout_sessions', {
      items: [{ id: 'TEST-PRODUCT-001', quantity: 1 }],
      fulfillment_address: acpAddress,
      buyer: acpBuyer,
    });
    expect(created.statusCode, created.body).toBe(201);
    const checkoutId = await interruptedCheckout({ charged });
    await t.db
      .update(acpSessions)
      .set({ status: 'in_progress', checkoutId, updatedAt: ago(confirmLeaseMs()) })
      .where(eq(acpSessions.id, created.json().id));
    return { sessionId: created.json().id as string, checkoutId };
  }
  const complete = async (sessionId: string) =>
    acp('POST', sessionUrl(sessionId, '/complete'), {
      payment_data: { token: await mintSharedPaymentToken(t, 10_000), provider: 'stripe' },
    });

  it('completes the session of a charge whose process died, with its one order', async () => {
    const { sessionId, checkoutId } = await interruptedSession(true);
    expect((await complete(sessionId)).json()).toMatchObject({ code: 'complete_in_progress' });

    await reconcileOrders(deps());
    const read = await acp('GET', sessionUrl(sessionId));
    expect(read.json()).toMatchObject({ status: 'completed' });
    const again = await complete(sessionId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'completed', order: { id: read.json().order.id } });
    expect(await chargesAtStripe(checkoutId)).toHaveLength(1);
    expect(await ordersOf(checkoutId)).toHaveLength(1);
  });

  it('reopens the session of a complete that died before charging; completing again charges once', async () => {
    const { sessionId, checkoutId } = await interruptedSession(false);
    await reconcileOrders(deps());
    expect((await acp('GET', sessionUrl(sessionId))).json()).toMatchObject({ status: 'ready_for_payment' });

    const done = await complete(sessionId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed' });
    expect(await chargesAtStripe(checkoutId)).toHaveLength(1);
    expect(await ordersOf(checkoutId)).toHaveLength(1);
  });
});

it('queues the order that has waited longest first, however many others keep failing', async () => {
  const m = await newMerchant(t);
  const minute = 60_000;
  // 200 orders the store keeps refusing (each failure touches the order) and, written last, one whose
  // job was lost an hour ago: one reconciliation batch is 200, and the lost order must be in it.
  await insertHistory(
    t.db,
    m.merchantId,
    Array.from({ length: 201 }, (_, i) => ({
      method: 'stripe_spt',
      status: 'succeeded',
      order: { status: 'IN_PROGRESS' },
      createdAt: new Date(Date.now() - 2 * 60 * minute + i * 1000),
    })),
  );
  const merchantOrders = await t.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.merchantId, m.merchantId))
    .orderBy(orders.createdAt);
  const lost = merchantOrders.at(-1)!.id;
  await t.db
    .update(orders)
    .set({ storeOrderId: null, updatedAt: new Date(Date.now() - 10 * minute) })
    .where(eq(orders.merchantId, m.merchantId));
  await t.db
    .update(orders)
    .set({ updatedAt: new Date(Date.now() - 60 * minute) })
    .where(eq(orders.id, lost));

  await reconcileOrders(deps());
  const queued = await t.db.execute(
    sql`SELECT 1 FROM pgboss.job WHERE name = ${STORE_ORDER_QUEUE} AND data->>'orderId' = ${lost}`,
  );
  expect(queued.rows).toHaveLength(1);
});
