import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  agentApi,
  drillsSkipReason,
  freshDrillData,
  startApp,
  startWorld,
  storeOrdersByCheckout,
  stripeIntentsFor,
  type AppProcess,
  type DrillData,
  type World,
} from '../test/crash-drill-kit';
import { EVENTUALLY_MS } from '../test/eventually';
import { withStarts } from '../test/processes';

/**
 * Two app instances behind one load balancer: one PostgreSQL, one Redis (shared rate limits), one
 * world. An agent that fires 30 confirms of one checkout at both gets one charge, one store order and
 * one ACCEPTED; every other confirm is told the checkout was processed.
 */

const WORLD_PORT = 4530;
const PORTS = [3126, 3127];
const REDIS_URL = 'redis://127.0.0.1:6379';

let world: World;
let data: DrillData;
const apps: AppProcess[] = [];
beforeAll(
  async () => {
    if (drillsSkipReason) return;
    world = await startWorld(WORLD_PORT);
    data = await freshDrillData();
    // One after the other: the first seeds the demo merchant, the second finds it (and its key).
    for (const port of PORTS)
      apps.push(await startApp({ data, world, port, env: { REDIS_URL, LOG_LEVEL: 'error' } }));
  },
  withStarts(3, 60_000),
);
afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  await data?.drop();
  await world?.stop();
});

describe.skipIf(drillsSkipReason !== null)(drillsSkipReason ?? 'crash drills: two instances', () => {
  it('30 concurrent confirms of one checkout split across two instances charge once and write one store order', async () => {
    const checkoutId = await agentApi(apps[0]!).cardCheckout(world);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => agentApi(apps[i % apps.length]!).confirm(checkoutId)),
    );

    const accepted = answers.filter((a) => a.status === 200);
    expect(accepted, JSON.stringify(answers.map((a) => a.status))).toHaveLength(1);
    const orderId = accepted[0]!.body.order_id;
    expect(accepted[0]!.body).toMatchObject({ status: 'ACCEPTED', order_id: expect.any(String) });
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(409);
      expect(answer.body.error_code).toBe('CHECKOUT_ALREADY_PROCESSED');
    }

    expect((await stripeIntentsFor(world, checkoutId)).map((i) => i.status)).toEqual(['succeeded']);
    await vi.waitFor(async () => expect((await storeOrdersByCheckout(world)).get(checkoutId)).toBe(1), {
      timeout: EVENTUALLY_MS,
      interval: 250,
    });
    const orders = await data.query<{ id: string; store_order_id: string | null }>(
      'SELECT id, store_order_id FROM orders',
    );
    expect(orders).toEqual([{ id: orderId, store_order_id: expect.any(String) }]);
  });
});
