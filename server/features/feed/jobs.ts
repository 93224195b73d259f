import type { JobDefinition } from '../../jobs/queue';
import type { EngineDeps } from '../commerce';
import {
  FEED_CHANGE_QUEUE,
  FEED_PUSH_QUEUE,
  FEED_PUSH_RETRIES,
  FEED_SCHEDULE_QUEUE,
  runFeedChangeWatch,
  runFeedPush,
  runFeedSchedule,
} from './push';

/** Pushing the product feed to the agent (ADR 055): each queued push, the schedules and the change watch. */
export function feedJobs(deps: EngineDeps): JobDefinition<never>[] {
  return [
    {
      // 30 s, 1, 2, 4 minutes: an agent down for a deploy is caught up within minutes.
      name: FEED_PUSH_QUEUE,
      retryLimit: FEED_PUSH_RETRIES,
      retryDelaySeconds: 30,
      handler: (data: { deliveryId: string }) => runFeedPush(deps, data.deliveryId),
    },
    {
      name: FEED_SCHEDULE_QUEUE,
      retryLimit: 1,
      retryDelaySeconds: 60,
      cron: '7 * * * *',
      handler: async () => {
        const queued = await runFeedSchedule(deps);
        if (queued > 0) deps.logger.info({ queued }, 'scheduled feed pushes queued');
      },
    },
    {
      // A quarter of an hour, as the storefront's listings follow the store (no catalogue webhooks).
      name: FEED_CHANGE_QUEUE,
      retryLimit: 0,
      retryDelaySeconds: 60,
      cron: '*/15 * * * *',
      handler: async () => {
        const queued = await runFeedChangeWatch(deps);
        if (queued > 0) deps.logger.info({ queued }, 'feed pushes queued for changed catalogues');
      },
    },
  ] as JobDefinition<never>[];
}
