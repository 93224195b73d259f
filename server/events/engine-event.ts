import { z } from 'zod';

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
  /** Throws to be tried again later. */
  handle(event: EngineEvent): Promise<void>;
}

/** The job queue a subscriber's events wait in. */
export const subscriberQueue = (subscriber: Pick<EngineEventSubscriber, 'name'>) =>
  `engine-event-${subscriber.name}`;
