import { z } from 'zod';
import type { JobBatch } from '../jobs/queue';

/** What the engine announces a change to (docs/decisions/012). */
export const ENGINE_TOPICS = ['order', 'checkout', 'offer'] as const;
export type EngineTopic = (typeof ENGINE_TOPICS)[number];

/**
 * One change to an order, checkout or offer, as the outbox row (and its live announcement) records it.
 * It names its subject rather than carrying it: a subscriber reads the subject's current state, so an
 * event handled late, or twice, still acts on the truth.
 */
export const engineEvent = z.object({
  id: z.number().int(),
  topic: z.enum(ENGINE_TOPICS),
  change: z.enum(['created', 'updated']),
  merchantId: z.string(),
  subjectId: z.string(),
  status: z.string().nullable(),
});
export type EngineEvent = z.infer<typeof engineEvent>;

/**
 * A durable subscriber: it gets every event of its topics at least once, through its own job queue, so
 * its retries and failures are its own. A new subscriber is one entry in job-registry.ts.
 */
export interface EngineEventSubscriber {
  /** Names its job queue (`engine-event-<name>`); keep it stable, as queued events wait under it across deploys. */
  name: string;
  topics: readonly EngineTopic[];
  /** Attempts after the first failure, with backoff doubling from `retryDelaySeconds`. */
  retryLimit: number;
  retryDelaySeconds: number;
  /**
   * Whether it acts on the event at all, decided from the event alone (default: every event of its
   * topics). The relay queues nothing for an event it does not want. It is the handler's own early
   * return, shared with it: events queued before a deploy still reach the handler.
   */
  wants?(event: EngineEvent): boolean;
  /** Throws to be tried again later. `batch`: the events fetched with it, for reads they share. */
  handle(event: EngineEvent, batch: JobBatch<EngineEvent>): Promise<void>;
}

/** Whether `subscriber` gets `event`: one of its topics, and an event it wants. */
export const subscribes = (subscriber: EngineEventSubscriber, event: EngineEvent) =>
  subscriber.topics.includes(event.topic) && (subscriber.wants?.(event) ?? true);

/** The job queue a subscriber's events wait in. */
export const subscriberQueue = (subscriber: Pick<EngineEventSubscriber, 'name'>) =>
  `engine-event-${subscriber.name}`;
