import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
// pg-boss's own statement texts: an upgrade that rewords them fails here rather than quietly costing CPU.
import plans from 'pg-boss/src/plans.js';
import type { Database } from '../db/client';
import { createLogger } from '../lib/logger';
import { createTestDatabase } from '../test/test-database';
import { createJobQueue } from './queue';
import { onQueuePartition, partitionOf } from './queue-partitions';

describe('onQueuePartition', () => {
  const fetch = plans.fetchNextJob('pgboss')({ includeMetadata: false });
  const complete = plans.completeJobs('pgboss');

  it("points pg-boss's job fetch and completion at the queue's own partition", () => {
    for (const text of [fetch, plans.fetchNextJob('pgboss')({ includeMetadata: true }), complete]) {
      const rewritten = onQueuePartition(text, ['store-order-write', 1]);
      expect(rewritten).not.toContain('pgboss.job');
      expect(rewritten).toContain(`pgboss.${partitionOf('store-order-write')}`);
      expect(rewritten.replaceAll(`pgboss.${partitionOf('store-order-write')}`, 'pgboss.job')).toBe(text);
    }
  });

  it('leaves every other statement alone, and one without a queue name', () => {
    for (const text of [
      plans.failJobsById('pgboss'),
      plans.insertJobs('pgboss'),
      'SELECT * FROM pgboss.job WHERE name = $1',
    ])
      expect(onQueuePartition(text, ['store-order-write'])).toBe(text);
    expect(onQueuePartition(fetch, undefined)).toBe(fetch);
    expect(onQueuePartition(fetch, [42])).toBe(fetch);
  });
});

describe("the queue's partition", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('is the table pg-boss made for each queue, and jobs still run through it', async () => {
    const sent = vi.spyOn(database.pool, 'query');
    const queue = createJobQueue(database.pool, createLogger('silent'));
    const ran: string[] = [];
    const names = ['partition-probe', 'partition-probe-ünïcode'];
    await queue.start(
      names.map((name) => ({
        name,
        retryLimit: 0,
        retryDelaySeconds: 1,
        handler: async (data: { n: string }) => void ran.push(data.n),
      })),
      { work: true, pollingIntervalSeconds: 0.5 },
    );
    try {
      const { rows } = await database.pool.query(
        'SELECT name, partition_name FROM pgboss.queue WHERE name = ANY($1)',
        [names],
      );
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(partitionOf(row.name)).toBe(row.partition_name);

      for (const name of names) await queue.enqueue(name, { n: name });
      await expect.poll(() => ran.sort(), { timeout: 10_000 }).toEqual([...names].sort());
      await expect
        .poll(
          async () =>
            (await database.pool.query(`SELECT state FROM pgboss.job WHERE name = ANY($1)`, [names])).rows,
          { timeout: 10_000 },
        )
        .toEqual([{ state: 'completed' }, { state: 'completed' }]);
      const texts = sent.mock.calls.map(([text]) => String(text));
      for (const name of names) {
        const table = `pgboss.${partitionOf(name)}`;
        expect(
          texts.some((text) => text.includes('WITH next as') && text.includes(table)),
          name,
        ).toBe(true);
        expect(
          texts.some((text) => text.includes('completed_on = now()') && text.includes(table)),
          name,
        ).toBe(true);
      }
    } finally {
      await queue.stop();
    }
  });
});
