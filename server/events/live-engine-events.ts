import pg from 'pg';
import type { Logger } from '../lib/logger';
import { engineEvent, ENGINE_TOPICS, type EngineEvent, type EngineTopic } from './engine-event';

/** The engine-event trigger (migration 0010) announces each committed event on its topic's channel. */
const channelOf = (topic: EngineTopic) => `${topic}_changes`;
const CHANNELS = new Set<string>(ENGINE_TOPICS.map(channelOf));

export interface LiveEngineEventListener {
  event(event: EngineEvent): void;
  /** The listening connection dropped: events may have been missed, so the listener should start over. */
  lost(): void;
}

export interface LiveEngineEvents {
  /** Resolves once `topic` events for `merchantId` are being listened for; the result unsubscribes. */
  subscribe(merchantId: string, topic: EngineTopic, listener: LiveEngineEventListener): Promise<() => void>;
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
  const keyOf = (merchantId: string, topic: EngineTopic) => `${topic}:${merchantId}`;
  let listener: Promise<pg.Client> | null = null;
  let listening = new Set<EngineTopic>();
  let closed = false;

  const dispatch = (message: pg.Notification) => {
    if (!CHANNELS.has(message.channel)) return;
    let event: EngineEvent;
    try {
      event = engineEvent.parse(JSON.parse(message.payload ?? ''));
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
