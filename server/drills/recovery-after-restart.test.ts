import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FailpointName } from '../lib/failpoint';
import {
  agentApi,
  drillsSkipReason,
  expectKilledByFailpoint,
  freshDrillData,
  mayDie,
  startApp,
  startWorld,
  storeOrdersByCheckout,
  stripeIntentsFor,
  type AppProcess,
  type World,
} from '../test/crash-drill-kit';
import { withStarts } from '../test/processes';

/**
 * How long a crash costs (docs/decisions/010): an agent's card confirm dies with its process; the app
 * restarts on the same data with production's leases and schedules, and no agent asks anything. The
 * interrupted confirm must be repaired (the store holds its order) within a minute of the restart, and
 * the agent's retry with the Idempotency-Key of the request it lost must answer the order, not 409.
 */

const APP_PORT = 3135;
const WORLD_PORT = 4540;
const REPAIR_BOUND_MS = 60_000;
/** How long the drill watches before it gives up: today's 3-minute lease and 5-minute schedule fail it. */
const WATCH_MS = 2 * REPAIR_BOUND_MS;

type Database = 'PostgreSQL' | 'embedded';

// On PostgreSQL the restarted app cannot assume its predecessor died (another instance may share the
// database), so it waits for the owner's heartbeat to go stale; the embedded database lives in the
// app's process, so everything it finds at start-up is a dead process's.
const DRILLS: { database: Database; failpoint: FailpointName }[] = [
  { database: 'PostgreSQL', failpoint: 'card.after-charge' },
  { database: 'PostgreSQL', failpoint: 'settlement.after-commit' },
  { database: 'PostgreSQL', failpoint: 'store-write.before' },
  { database: 'embedded', failpoint: 'card.after-charge' },
];

let world: World;
beforeAll(async () => {
  if (!drillsSkipReason) world = await startWorld(WORLD_PORT);
});
afterAll(async () => {
  await world?.stop();
});

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

describe.skipIf(drillsSkipReason !== null)(
  drillsSkipReason ?? 'crash drills: recovery within a minute of a restart, production timing',
  () => {
    it.each(DRILLS.map((drill) => [`${drill.database}, killed at ${drill.failpoint}`, drill] as const))(
      '%s: repaired within a minute of the restart, and the retry answers the order',
      async (title, { database, failpoint }) => {
        const data = await freshDrillData({ embedded: database === 'embedded' });
        let app: AppProcess | null = null;
        try {
          app = await startApp({ data, world, port: APP_PORT, failpoint, productionTiming: true });
          const agent = agentApi(app);
          const checkoutId = await agent.cardCheckout(world);
          const key = randomUUID();
          expect(await mayDie(agent.confirm(checkoutId, key))).toBeNull();
          await expectKilledByFailpoint(app, failpoint);
          const killedAt = Date.now();

          app = await startApp({ data, world, port: APP_PORT, productionTiming: true });
          const readyAt = Date.now();
          // Nobody asks: the restarted app repairs the confirm by itself, and the store gets the order.
          await vi.waitFor(async () => expect((await storeOrdersByCheckout(world)).get(checkoutId)).toBe(1), {
            timeout: WATCH_MS,
            interval: 250,
          });
          const repairedAt = Date.now();
          console.log(
            `recovery after restart [${title}]: the store had the order ${seconds(repairedAt - readyAt)} after ` +
              `the restarted app was ready (${seconds(readyAt - killedAt)} to restart, ` +
              `${seconds(repairedAt - killedAt)} after the kill)`,
          );
          expect(repairedAt - readyAt).toBeLessThan(REPAIR_BOUND_MS);

          // The agent retries the request it lost, with its Idempotency-Key, and learns its order.
          const retried = await agent.confirm(checkoutId, key);
          expect(retried.status, JSON.stringify(retried.body)).toBe(200);
          expect(retried.body).toMatchObject({ status: 'ACCEPTED', order_id: expect.any(String) });
          const replayed = await agent.confirm(checkoutId, key);
          expect(replayed.body).toEqual(retried.body);

          // One payment, one store order, and the app's one order is the one the agent was told.
          await app.stop();
          app = null;
          expect((await stripeIntentsFor(world, checkoutId)).map((i) => i.status)).toEqual(['succeeded']);
          expect((await storeOrdersByCheckout(world)).get(checkoutId)).toBe(1);
          const orders = await data.query<{ id: string; checkout_id: string; store_order_id: string | null }>(
            'SELECT id, checkout_id, store_order_id FROM orders',
          );
          expect(orders).toEqual([
            { id: retried.body.order_id, checkout_id: checkoutId, store_order_id: expect.any(String) },
          ]);
        } finally {
          await app?.stop();
          await data.drop();
        }
      },
      withStarts(2, WATCH_MS + 60_000),
    );
  },
);
