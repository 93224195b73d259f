import type { JobDefinition } from '../../jobs/queue';
import type { StorefrontDeps } from './storefront';
import { syncStorefrontListings } from './sync-listings';

export function storefrontJobs(deps: StorefrontDeps): JobDefinition<never>[] {
  return [
    {
      // A store's price or stock changes without telling the platform: the storefront follows within
      // a quarter of an hour (a store webhook would be sooner, but not every store platform sends one).
      name: 'storefront-sync-listings',
      retryLimit: 1,
      retryDelaySeconds: 60,
      cron: '*/15 * * * *',
      handler: async () => {
        const round = await syncStorefrontListings(deps);
        if (round.changed > 0)
          deps.engine.logger.info(round, 'storefront listings brought in step with stores');
      },
    },
  ] as JobDefinition<never>[];
}
