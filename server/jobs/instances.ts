import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { RecoveryTiming } from '../config';
import type { Db } from '../db/client';
import { appInstances } from '../db/schema/index';
import type { Logger } from '../lib/logger';

/** This process as app_instances knows it, and how long the leases it takes last. */
export interface AppInstance {
  /**
   * Every lease this process takes records this id, so others can tell a lease whose process died from
   * one a live instance holds. New at every start.
   */
  id: string;
  /** When a confirm's claim or a store write's lease counts as abandoned (its process died). */
  leases: Pick<RecoveryTiming, 'confirmLeaseMs' | 'storeWriteLeaseMs'>;
}

/** How often a running instance touches its row in app_instances. */
export const HEARTBEAT_INTERVAL_MS = 5_000;

/**
 * An instance silent this long has died (docs/decisions/010). Six heartbeats, so a busy instance is not
 * taken for dead, and three times the longest outside call (10 s), so a charge or store write it began
 * before it went quiet has ended before another instance takes its lease. Short enough that a restarted
 * app repairs what its predecessor left within a minute.
 */
export const INSTANCE_SILENCE_SECONDS = 30;

/** Heartbeats are compared by the database's clock, the one clock every instance shares. */
const silentSince = sql.raw(`now() - interval '${INSTANCE_SILENCE_SECONDS} seconds'`);

/**
 * True (in SQL) when the lease whose holder is recorded in `claimedBy` belongs to an instance that no
 * longer runs: its row is gone, or its heartbeat is older than INSTANCE_SILENCE_SECONDS. A lease with
 * no holder recorded (taken by a version before holders were) is not: only its time limit frees it.
 */
export function holderGone(claimedBy: SQLWrapper): SQL {
  return sql`(${claimedBy} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${appInstances} WHERE ${appInstances.id} = ${claimedBy} AND ${appInstances.heartbeatAt} > ${silentSince}))`;
}

export interface RegisteredInstance {
  /**
   * Runs `recover` now (what a dead process left is taken up at start-up, not at the next scheduled
   * run), then keeps this instance's heartbeat and runs `recover` again whenever another instance is
   * found dead.
   */
  watch(recover: () => Promise<void>): Promise<void>;
  /** Stops the heartbeat and removes the row: a graceful stop leaves no lease behind. */
  stop(): Promise<void>;
}

/**
 * Registers this process in app_instances under `id`, before it takes any lease. `soleInstance`: the
 * database lives inside this process (the embedded default, which one process at a time may open), so
 * every instance registered before is dead, however fresh its last heartbeat.
 */
export async function registerInstance(
  db: Db,
  logger: Logger,
  opts: { id: string; soleInstance: boolean },
): Promise<RegisteredInstance> {
  if (opts.soleInstance) await db.delete(appInstances);
  await db.insert(appInstances).values({ id: opts.id });
  let timer: NodeJS.Timeout | null = null;
  let tick: Promise<void> = Promise.resolve();
  let stopped = false;

  async function beat(recover: () => Promise<void>) {
    const [alive] = await db
      .update(appInstances)
      .set({ heartbeatAt: sql`now()` })
      .where(eq(appInstances.id, opts.id))
      .returning({ id: appInstances.id });
    if (!alive) {
      // Another instance took this one for dead (no heartbeat for the silence), and may have taken over
      // its leases; what this process still runs is guarded by the engine's compare-and-set.
      logger.warn({ instanceId: opts.id }, 'this instance was taken for dead; registering it again');
      await db.insert(appInstances).values({ id: opts.id }).onConflictDoNothing();
    }
    // Whoever deletes a dead instance's row takes up its work, so each death is recovered once.
    const dead = await db
      .delete(appInstances)
      .where(sql`${appInstances.heartbeatAt} <= ${silentSince}`)
      .returning({ id: appInstances.id });
    if (dead.length > 0) {
      logger.warn({ instances: dead.map((d) => d.id) }, 'app instances died; recovering their work');
      await recover();
    }
  }

  return {
    async watch(recover) {
      await recover();
      const schedule = () => {
        timer = setTimeout(() => {
          tick = beat(recover)
            .catch((err: unknown) => logger.warn({ err }, 'instance heartbeat failed'))
            .finally(() => {
              if (!stopped) schedule();
            });
        }, HEARTBEAT_INTERVAL_MS);
      };
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await tick;
      await db.delete(appInstances).where(eq(appInstances.id, opts.id));
    },
  };
}
