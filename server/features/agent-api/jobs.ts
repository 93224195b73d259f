import type { Db } from '../../db/client';
import type { JobDefinition } from '../../jobs/queue';
import type { Clock } from '../../lib/clock';
import { purgeExpiredIdempotency } from './idempotency';

/** Idempotency keys are kept for 24 h (idempotency.ts); a daily sweep deletes the expired ones. */
export function idempotencyJobs(deps: { db: Db; clock: Clock }): JobDefinition<never>[] {
  return [
    {
      name: 'purge-idempotency-keys',
      retryLimit: 2,
      retryDelaySeconds: 300,
      cron: '23 3 * * *',
      handler: () => purgeExpiredIdempotency(deps.db, deps.clock.now()),
    },
  ] as JobDefinition<never>[];
}
