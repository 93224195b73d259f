import type { JobDefinition } from '../../jobs/queue';
import type { AcpAgentDeps } from './deps';
import { deliveryJob } from '../outbound-webhooks';
import { acpOrderEventChannel } from './deliver-order-event';
import { ACP_ORDER_EVENT_QUEUE, queueAcpOrderEvent } from './queue-order-event';
import { purgeExpiredRequestSignatures } from './verify-agent-signature';

export function acpAgentJobs(deps: AcpAgentDeps): JobDefinition<never>[] {
  return [
    {
      name: ACP_ORDER_EVENT_QUEUE,
      retryLimit: 5,
      retryDelaySeconds: 5,
      handler: (data: { sessionId: string }) => queueAcpOrderEvent(deps, data.sessionId),
    },
    deliveryJob(deps, acpOrderEventChannel(deps)),
    {
      name: 'acp-purge-request-signatures',
      retryLimit: 1,
      retryDelaySeconds: 60,
      cron: '*/15 * * * *',
      handler: () => purgeExpiredRequestSignatures(deps),
    },
  ] as JobDefinition<never>[];
}
