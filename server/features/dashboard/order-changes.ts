import pg from 'pg';
import { z } from 'zod';
import type { Logger } from '../../lib/logger';

/** The channel the orders trigger (migration 0003) announces changes on, after each commit. */
const CHANNEL = 'order_changes';

const notice = z.object({
  merchant_id: z.string(),
  id: z.string(),
  op: z.enum(['INSERT', 'UPDATE']),
});
export type OrderChange = z.infer<typeof notice>;

export interface OrderChangeSubscriber {
  change(change: OrderChange): void;
  /** The listening connection dropped: changes may have been missed, so the subscriber should start over. */
  lost(): void;
}

export interface OrderChanges {
  /** Resolves once changes for `merchantId` are being listened for; the result unsubscribes. */
  subscribe(merchantId: string, subscriber: OrderChangeSubscriber): Promise<() => void>;
  close(): Promise<void>;
}

/**
 * One LISTEN connection per process, opened on first use, fanning each committed order change out to
 * the subscribers of that order's merchant. Every instance behind a load balancer hears every change,
 * so a dashboard sees its orders whichever instance it is connected to.
 *
 * The embedded engine: PGlite is one backend session that this process's connections take in turn
 * (db/in-process-pglite.ts), and it hands each response, notifications included, to the connection
 * that sent the query. So on PGlite the LISTEN below holds for the whole session, but a change's notification arrives on the pool
 * connection whose transaction committed it, not on the listening one (checked: a NOTIFY from another
 * connection never reaches the listener). Every pool connection therefore forwards the notifications it
 * receives to the same fan-out. That is in-process, which is enough there: only one process can open a
 * PGlite data directory. On PostgreSQL pool connections never LISTEN, so only the listener hears anything.
 */
export function createOrderChanges(pool: pg.Pool, logger: Logger): OrderChanges {
  const subscribers = new Map<string, Set<OrderChangeSubscriber>>();
  let listener: Promise<pg.Client> | null = null;
  let closed = false;

  const dispatch = (message: pg.Notification) => {
    if (message.channel !== CHANNEL) return;
    let change: OrderChange;
    try {
      change = notice.parse(JSON.parse(message.payload ?? ''));
    } catch {
      return logger.warn({ payload: message.payload }, 'unreadable order change');
    }
    for (const subscriber of subscribers.get(change.merchant_id) ?? []) subscriber.change(change);
  };

  const forwarding = new WeakSet<pg.PoolClient>();
  const forwardFrom = (client: pg.PoolClient) => {
    if (forwarding.has(client)) return;
    forwarding.add(client);
    client.on('notification', dispatch);
  };
  pool.on('acquire', forwardFrom);

  async function connect(): Promise<pg.Client> {
    const client = new pg.Client(pool.options);
    let lost = false;
    const drop = (err?: Error) => {
      if (lost || closed) return;
      lost = true;
      logger.warn({ err }, 'order changes connection lost');
      listener = null;
      void client.end().catch(() => undefined);
      for (const set of subscribers.values()) for (const subscriber of set) subscriber.lost();
    };
    client.on('notification', dispatch);
    client.on('error', drop);
    client.on('end', () => drop());
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      return client;
    } catch (err) {
      lost = true;
      await client.end().catch(() => undefined);
      throw err;
    }
  }

  return {
    async subscribe(merchantId, subscriber) {
      if (closed) throw new Error('order changes are closed');
      listener ??= connect().catch((err: unknown) => {
        listener = null;
        throw err;
      });
      await listener;
      const set = subscribers.get(merchantId) ?? new Set();
      subscribers.set(merchantId, set.add(subscriber));
      return () => {
        set.delete(subscriber);
        if (set.size === 0 && subscribers.get(merchantId) === set) subscribers.delete(merchantId);
      };
    },
    async close() {
      closed = true;
      pool.off('acquire', forwardFrom);
      subscribers.clear();
      const client = await listener?.catch(() => null);
      listener = null;
      await client?.end().catch(() => undefined);
    },
  };
}
