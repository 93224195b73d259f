import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  acpApi,
  agentApi,
  drillsSkipReason,
  freshDrillData,
  lightningInvoice,
  lightningInvoiceOf,
  payInvoice,
  simControl,
  startApp,
  startWorld,
  storeOrderIdsByCheckout,
  storeOrdersByCheckout,
  stripeIntentsFor,
  type AcpSession,
  type AppProcess,
  type DrillData,
  type World,
} from '../test/crash-drill-kit';
import { EVENTUALLY_MS } from '../test/eventually';
import { withStarts } from '../test/processes';

/**
 * The merchant's store goes down for a minute while agents pay for 50 checkouts (card and Lightning,
 * documented agent API and ACP). Every agent is answered at once; the orders wait in the outbox and
 * reach the store once it is back, each exactly once.
 */

const WORLD_PORT = 4600;
const APP_PORT = 4650;
const OUTAGE_MS = 60_000;

let world: World;
let data: DrillData;
let app: AppProcess;
beforeAll(
  async () => {
    if (drillsSkipReason) return;
    world = await startWorld(WORLD_PORT);
    data = await freshDrillData();
    app = await startApp({ data, world, port: APP_PORT, env: { LOG_LEVEL: 'error' } });
  },
  withStarts(2, 60_000),
);
afterAll(async () => {
  await app?.stop();
  await data?.drop();
  await world?.stop();
});

/** Runs `tasks` at most `width` at a time (agents arrive together, not all in one instant). */
async function inWaves<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < tasks.length; i += width)
    results.push(...(await Promise.all(tasks.slice(i, i + width).map((task) => task()))));
  return results;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe.skipIf(drillsSkipReason !== null)(drillsSkipReason ?? 'crash drills: store outage', () => {
  it('50 checkouts paid while the store is down for a minute reach the store once it is back, none twice', async () => {
    const agent = agentApi(app);
    const acp = acpApi(app);
    // Offers and sessions are priced from the store, so agents have them before it goes down. Within
    // one key's per-minute limits: 25 checkouts and confirms, 25 ACP sessions and completes.
    const cardCheckouts = await inWaves(
      range(25).map(() => () => agent.cardCheckout(world)),
      5,
    );
    const sessions = await inWaves(
      range(25).map(() => () => acp.createSession()),
      5,
    );
    const cardSessions = sessions.slice(0, 15);
    const lightningSessions = sessions.slice(15);

    await simControl(world, 'woocommerce', 'down');
    const downAt = Date.now();
    const confirms = await inWaves(
      cardCheckouts.map((checkoutId) => () => agent.confirm(checkoutId)),
      10,
    );
    for (const confirm of confirms) {
      expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
      expect(confirm.body).toMatchObject({ status: 'ACCEPTED', adapter_ref: null });
    }
    const completes = await inWaves(
      [
        ...cardSessions.map((session) => () => acp.completeWithCard(world, session)),
        ...lightningSessions.map((session) => async () => {
          await payInvoice(world, lightningInvoiceOf(session));
          return acp.completeWithLightning(session);
        }),
      ],
      10,
    );
    for (const complete of completes) {
      expect(complete.status, JSON.stringify(complete.body)).toBe(200);
      expect(complete.body.status).toBe('completed');
    }

    const checkoutIds = (await data.query<{ checkout_id: string }>('SELECT checkout_id FROM orders')).map(
      (o) => o.checkout_id,
    );
    expect(checkoutIds).toHaveLength(50);
    const inStore = async () => {
      const counts = await storeOrdersByCheckout(world);
      return checkoutIds.map((id) => counts.get(id) ?? 0);
    };

    // The outage lasts its minute; meanwhile the store gets nothing and the outbox keeps trying.
    while (Date.now() - downAt < OUTAGE_MS) {
      expect((await inStore()).every((count) => count === 0)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const [attempts] = await data.query<{ min: number }>(
      'SELECT min(store_write_attempts) AS min FROM orders WHERE store_order_id IS NULL',
    );
    expect(Number(attempts!.min)).toBeGreaterThan(1);
    await simControl(world, 'woocommerce', 'up');

    await vi.waitFor(async () => expect(await inStore()).toEqual(checkoutIds.map(() => 1)), {
      // 50 orders drain in the outbox's batches once the store is back.
      timeout: 2 * EVENTUALLY_MS,
      interval: 500,
    });
    await vi.waitFor(
      async () => {
        const unrecorded = await data.query('SELECT id FROM orders WHERE store_order_id IS NULL');
        expect(unrecorded).toEqual([]);
      },
      { timeout: EVENTUALLY_MS, interval: 250 },
    );
    // Recorded everywhere, so no writer can run again; the store still has each order once, and each
    // AgentCart order records the store order written for it.
    expect(await inStore()).toEqual(checkoutIds.map(() => 1));
    const ledger = await storeOrderIdsByCheckout(world);
    const recorded = await data.query<{ checkout_id: string; store_order_id: string }>(
      'SELECT checkout_id, store_order_id FROM orders',
    );
    expect(recorded).toHaveLength(50);
    for (const order of recorded) expect(ledger.get(order.checkout_id)).toEqual([order.store_order_id]);

    for (const checkoutId of cardCheckouts)
      expect((await stripeIntentsFor(world, checkoutId)).map((i) => i.status)).toEqual(['succeeded']);
    for (const session of lightningSessions as AcpSession[])
      expect((await lightningInvoice(world, lightningInvoiceOf(session))).status).toBe('paid');
  }, 600_000);
});
