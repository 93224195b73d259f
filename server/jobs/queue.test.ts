import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STORE_ORDER_QUEUE } from '../features/commerce/confirm-checkout';
import { createTestApp, type TestApp } from '../test/create-test-app';

// Queues created but not worked, so sent jobs stay where they are.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t.close());

async function jobsFor(orderId: string) {
  const jobs = await t.db.execute(
    sql`SELECT state FROM pgboss.job WHERE name = ${STORE_ORDER_QUEUE} AND data->>'orderId' = ${orderId}`,
  );
  return jobs.rows;
}

it('sends a singleton key once while its job waits to run, as reconciliation re-sends it every few seconds', async () => {
  const orderId = randomUUID();
  for (let i = 0; i < 3; i++)
    await t.services.jobs.enqueue(STORE_ORDER_QUEUE, { orderId }, { singletonKey: orderId });
  expect(await jobsFor(orderId)).toHaveLength(1);

  const otherOrderId = randomUUID();
  await t.services.jobs.enqueue(STORE_ORDER_QUEUE, { orderId: otherOrderId }, { singletonKey: otherOrderId });
  expect(await jobsFor(otherOrderId)).toHaveLength(1);
});
