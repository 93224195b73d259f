import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import type { Db } from '../db/client';
import type { Logger } from '../lib/logger';
import { engineEvent } from './engine-event';

/**
 * What is announced live: orders and checkouts, and in-app notifications (features/notifications), which
 * follow the same path to the same dashboard stream. Offers are not: nothing follows them live, and their
 * events are written by the relay (count-offers.ts), not in the offer's own commit.
 */
export const LIVE_TOPICS = ['order', 'checkout', 'notification'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];
export const liveEvent = engineEvent.omit({ id: true }).extend({ topic: z.enum(LIVE_TOPICS) });
export type LiveEvent = z.infer<typeof liveEvent>;

/** The engine-event trigger (migration 0010) announces each committed event on its topic's channel. */
const channelOf = (topic: LiveTopic) => `${topic}_changes`;
const CHANNELS = new Set<string>(LIVE_TOPICS.map(channelOf));
/** Each topic's channel, for a statement that announces its own change (a notification's insert). */
export const LIVE_CHANNEL = Object.fromEntries(
  LIVE_TOPICS.map((topic) => [topic, channelOf(topic)]),
) as Record<LiveTopic, string>;

/**
 * Announces `event` to live listeners on every instance when the transaction `db` runs in commits (at
 * once outside one). For changes no trigger announces; the engine's are announced by theirs.
 */
export async function announceLive(db: Pick<Db, 'execute'>, event: LiveEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${channelOf(event.topic)}, ${JSON.stringify(event)})`);
}

/** One kind of live change a dashboard's stream carries: the topic it follows and the event it sends. */
export interface LiveStreamChannel {
  topic: LiveTopic;
  /** The server-sent event's name. */
  eventName: string;
  /** The event's data for a change, read scoped to the merchant; null sends nothing. */
  read(merchantId: string, event: LiveEvent): Promise<unknown>;
}

export interface LiveEngineEventListener {
  event(event: LiveEvent): void;
  /** The listening connection dropped: events may have been missed, so the listener should start over. */
  lost(): void;
}

export interface LiveEngineEvents {
  /** Resolves once `topic` events for `merchantId` are being listened for; the result unsubscribes. */
  subscribe(merchantId: string, topic: LiveTopic, listener: LiveEngineEventListener): Promise<() => void>;
  close(): Promise<void>;
}

/**
 * The engine's events as they commit, for what follows them live (a dashboard's order stream), next to
 * the durable relay that subscribers with work to do get them from (relay-engine-events.ts). One LISTEN
 * connection per process, opened on first use and listening to the topics asked for, fans each event out
 * to the listeners of its merchant and topic. Every instance behind a load balancer hears every event,
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
export function createLiveEngineEvents(pool: pg.Pool, logger: Logger): LiveEngineEvents {
  const subscribers = new Map<string, Set<LiveEngineEventListener>>();
  const keyOf = (merchantId: string, topic: LiveTopic) => `${topic}:${merchantId}`;
  let listener: Promise<pg.Client> | null = null;
  let listening = new Set<LiveTopic>();
  let closed = false;

  const dispatch = (message: pg.Notification) => {
    if (!CHANNELS.has(message.channel)) return;
    let event: LiveEvent;
    try {
      event = liveEvent.parse(JSON.parse(message.payload ?? ''));
    } catch {
      return logger.warn({ payload: message.payload }, 'unreadable engine event');
    }
    for (const subscriber of subscribers.get(keyOf(event.merchantId, event.topic)) ?? [])
      subscriber.event(event);
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
      logger.warn({ err }, 'engine events connection lost');
      listener = null;
      listening = new Set();
      void client.end().catch(() => undefined);
      for (const set of subscribers.values()) for (const subscriber of set) subscriber.lost();
    };
    client.on('notification', dispatch);
    client.on('error', drop);
    client.on('end', () => drop());
    try {
      await client.connect();
      return client;
    } catch (err) {
      lost = true;
      await client.end().catch(() => undefined);
      throw err;
    }
  }

  return {
    async subscribe(merchantId, topic, subscriber) {
      if (closed) throw new Error('engine events are closed');
      listener ??= connect().catch((err: unknown) => {
        listener = null;
        throw err;
      });
      const client = await listener;
      if (!listening.has(topic)) {
        await client.query(`LISTEN ${channelOf(topic)}`);
        listening.add(topic);
      }
      const key = keyOf(merchantId, topic);
      const set = subscribers.get(key) ?? new Set();
      subscribers.set(key, set.add(subscriber));
      return () => {
        set.delete(subscriber);
        if (set.size === 0 && subscribers.get(key) === set) subscribers.delete(key);
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
