import { createHash } from 'node:crypto';

/**
 * pg-boss 10 keeps its jobs in `pgboss.job`, partitioned by queue: one table per queue, named after the
 * queue's SHA-224 by its `create_queue` function. Its job fetch and its completion pick the queue with
 * `name = $1`, and PostgreSQL plans them afresh on every run over every partition (33 here): a custom plan
 * pruned to one partition always looks cheaper than the generic plan, so the plan cache never settles.
 * Naming the queue's own table instead, the statement is planned once per connection (ADR 060's prepared
 * statements) and costs a fifth of the CPU: 0.18-0.23 ms against 0.76-1.41 ms a fetch on the embedded
 * engine (docs/decisions/061). They run for every job and every idle poll, on the agent API's event loop.
 */
const ON_EVERY_JOB = [
  // fetchNextJob: takes the next jobs of one queue.
  /^\s*WITH next as \(\s*SELECT id, singleton_key, policy\s+FROM pgboss\.job\s+WHERE name = \$1/,
  // completeJobs: completes jobs of one queue.
  /^\s*WITH results AS \(\s*UPDATE pgboss\.job\s+SET completed_on = now\(\)[\s\S]*WHERE name = \$1/,
];

const tables = new Map<string, string>();

/** The table that holds `queue`'s jobs: pg-boss's name for it ('j' and the hex SHA-224 of the name). */
export function partitionOf(queue: string): string {
  let table = tables.get(queue);
  if (!table) {
    table = `j${createHash('sha224').update(queue, 'utf8').digest('hex')}`;
    tables.set(queue, table);
  }
  return table;
}

/**
 * pg-boss's statement `text`, to run with `values`: its job fetch and completion rewritten to read the
 * queue's own partition (the queue is their first value); every other statement as it is.
 */
export function onQueuePartition(text: string, values: readonly unknown[] | undefined): string {
  const queue = values?.[0];
  if (typeof queue !== 'string' || !ON_EVERY_JOB.some((statement) => statement.test(text))) return text;
  return text.replaceAll('pgboss.job', `pgboss.${partitionOf(queue)}`);
}
