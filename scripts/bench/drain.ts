/**
 * Waiting out the background work a scenario left behind: offers not yet counted and announced, engine
 * events not yet relayed to their subscribers, and jobs of the app's queues that are due (waiting, retrying now, or running). Jobs due
 * later (a retry's backoff, a scheduled run) are not waited for. The bench's own polling is not metered.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { BenchInstance } from './instance';

const POLL_MS = 250;

export interface Drain {
  drained: boolean;
  ms: number;
  /** Events and due jobs still waiting when the bench stopped waiting. */
  left: number;
}

async function backlog(instance: BenchInstance): Promise<number> {
  const { rows } = await instance.usage.unmetered(() =>
    instance.services.db.execute<{ n: number }>(sql`
      SELECT (SELECT count(*) FROM offers WHERE counted_at IS NULL)
           + (SELECT count(*) FROM engine_events WHERE relayed_at IS NULL)
           + (SELECT count(*) FROM pgboss.job
               WHERE state IN ('created', 'retry', 'active') AND start_after <= now()
                 AND NOT starts_with(name, '__pgboss')) AS n`),
  );
  return Number(rows[0]!.n);
}

export async function waitForBackgroundWork(instance: BenchInstance, limitMs: number): Promise<Drain> {
  const started = performance.now();
  for (;;) {
    const left = await backlog(instance);
    const ms = Math.round(performance.now() - started);
    if (left === 0 || ms >= limitMs) return { drained: left === 0, ms, left };
    await sleep(POLL_MS);
  }
}
