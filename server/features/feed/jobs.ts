import type { JobDefinition } from '../../jobs/queue';
import type { EngineDeps } from '../commerce';
import {
  FEED_PUSH_QUEUE,
  FEED_PUSH_RETRIES,
  FEED_SCHEDULE_QUEUE,
  runFeedPush,
  runFeedSchedule,
} from './push';

/** Pushing the product feed to the agent (ADR 055): each queued push, and the merchants' schedules. */
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
  ] as JobDefinition<never>[];
}
