import type { JobDefinition } from '../../jobs/queue';
import type { EngineDeps } from '../commerce';
import { deliveryJob } from '../outbound-webhooks';
import { merchantWebhookChannel } from './channel';

export function merchantWebhookJobs(deps: EngineDeps): JobDefinition<never>[] {
  return [deliveryJob(deps, merchantWebhookChannel(deps))] as JobDefinition<never>[];
}
