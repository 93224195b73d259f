import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { createLogger } from '../lib/logger';
import { createTestDatabase } from '../test/test-database';
import { createJobQueue } from './queue';

it('sends a singleton key once while its job waits to run, as reconciliation re-sends it every few seconds', async () => {
  const database = await createTestDatabase();
  // Created but not worked, so sent jobs stay where they are.
  const queue = createJobQueue(database.pool, createLogger('silent'));
  const name = 'keyed-write';
  await queue.start([{ name, retryLimit: 5, retryDelaySeconds: 5, handler: async () => {} }], {
    work: false,
  });
  const jobsFor = async (orderId: string) =>
    (
      await database.db.execute(
        sql`SELECT state FROM pgboss.job WHERE name = ${name} AND data->>'orderId' = ${orderId}`,
      )
    ).rows;

  const orderId = randomUUID();
  for (let i = 0; i < 3; i++) await queue.enqueue(name, { orderId }, { singletonKey: orderId });
  expect(await jobsFor(orderId)).toHaveLength(1);

  const otherOrderId = randomUUID();
  await queue.enqueue(name, { orderId: otherOrderId }, { singletonKey: otherOrderId });
  expect(await jobsFor(otherOrderId)).toHaveLength(1);
  await queue.stop();
  await database.close();
});

it('stops only after a handler that outlived the graceful stop has finished and recorded its failure', async () => {
  const database = await createTestDatabase();
  const queue = createJobQueue(database.pool, createLogger('silent'), { gracefulStopMs: 1_000 });
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  let finished = false;
  await queue.start(
    [
      {
        name: 'slow-then-failing',
        retryLimit: 0,
        retryDelaySeconds: 1,
        async handler() {
          started();
          await sleep(2_500);
          finished = true;
          throw new Error('failed after the graceful stop gave up');
        },
      },
    ],
    { work: true, pollingIntervalSeconds: 0.5 },
  );
  await queue.enqueue('slow-then-failing', {});
  await running;
  await queue.stop();
  expect(finished).toBe(true);
  // The pool closes right after stop, as the app's does: pg-boss must have nothing left to send.
  await database.close();
});

it('runs an ordered batch in its order, one job at a time, in one fetch, a failure not stopping the rest', async () => {
  const database = await createTestDatabase();
  const logger = createLogger('silent');
  const seen: number[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const definition = {
    name: 'in-order',
    retryLimit: 0,
    retryDelaySeconds: 1,
    batchSize: 10,
    batchOrder: (a: { n: number }, b: { n: number }) => a.n - b.n,
    async handler({ n }: { n: number }) {
      mostAtOnce = Math.max(mostAtOnce, ++running);
      await sleep(20);
      running--;
      seen.push(n);
      if (n === 2) throw new Error('the middle job fails');
    },
  };
  // Queued before any worker runs, so the first fetch finds all five; queued backwards, so only the
  // batch's order can put them right.
  const sender = createJobQueue(database.pool, logger);
  await sender.start([definition as never], { work: false });
  for (let n = 4; n >= 0; n--) await sender.enqueue('in-order', { n });
  await sender.stop();

  const worker = createJobQueue(database.pool, logger);
  // A second fetch would come a minute later: all five done means one fetch took them.
  await worker.start([definition as never], { work: true, pollingIntervalSeconds: 60 });
  await vi.waitFor(() => expect(seen).toHaveLength(5), { timeout: 20_000, interval: 50 });
  expect(seen).toEqual([0, 1, 2, 3, 4]);
  expect(mostAtOnce).toBe(1);
  await worker.stop();
  await database.close();
});

it('refuses, inside the transaction, a job for a queue it never started, which pg-boss would drop silently', async () => {
  const database = await createTestDatabase();
  const queue = createJobQueue(database.pool, createLogger('silent'));
  const name = 'known-queue';
  await queue.start([{ name, retryLimit: 1, retryDelaySeconds: 1, handler: async () => {} }], {
    work: false,
  });
  const count = async () =>
    Number(
      (await database.db.execute(sql`SELECT count(*) AS n FROM pgboss.job WHERE name = ${name}`)).rows[0]!.n,
    );

  await expect(
    database.db.transaction((tx) =>
      queue.enqueueWithin(tx, [
        { name, data: {} },
        { name: 'never-started', data: {} },
      ]),
    ),
  ).rejects.toThrow('No queue named never-started was started');
  expect(await count()).toBe(0);

  await database.db.transaction((tx) => queue.enqueueWithin(tx, [{ name, data: {} }]));
  expect(await count()).toBe(1);
  await queue.stop();
  await database.close();
});
