import type { Db } from '../../db/client';
import { events } from '../../db/schema/index';
import type { Logger } from '../../lib/logger';
import type { CheckoutAccessRecorder } from '../../services/checkout-access';
import { checkoutAccessRow } from './checkout-access';

/** Accesses wait at most this long before they are written… */
const FLUSH_EVERY_MS = 250;
/** …or until this many wait, written as one insert. */
const BATCH_SIZE = 200;

export type { CheckoutAccessRecorder };

/**
 * Records checkout_data_accessed events for the agent surfaces, where reads are hot: accesses are kept
 * in memory and written in one multi-row insert every 250 ms, off the request's path. A failed write is
 * logged and dropped (the access log is monitoring, not a ledger: losing a batch to a database outage
 * must not take the agent's checkout down with it). Call `flush` on shutdown.
 */
export function createCheckoutAccessRecorder(
  db: Db,
  logger: Logger,
  clock: { now(): Date },
): CheckoutAccessRecorder {
  let queued: ReturnType<typeof checkoutAccessRow>[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = queued;
    queued = [];
    // Batches are written one after another, so a flush resolves only once everything before it is in.
    writing = writing.then(async () => {
      for (let i = 0; i < batch.length; i += BATCH_SIZE) {
        await db
          .insert(events)
          .values(batch.slice(i, i + BATCH_SIZE))
          .catch((err: unknown) =>
            logger.warn(
              { err, dropped: Math.min(BATCH_SIZE, batch.length - i) },
              'checkout accesses not recorded',
            ),
          );
      }
    });
    return writing;
  };

  return {
    record(merchantId, access) {
      queued.push(checkoutAccessRow(merchantId, access, clock.now()));
      if (queued.length >= BATCH_SIZE) void flush();
      else timer ??= setTimeout(() => void flush(), FLUSH_EVERY_MS);
    },
    flush,
  };
}
