import type { JobDefinition } from '../../jobs/queue';
import type { AcpAgentDeps } from './deps';
import { deliverOrderEvent, DELIVERY_RETRY_DELAY_SECONDS, DELIVERY_RETRY_LIMIT } from './deliver-order-event';
import {
  ACP_ORDER_EVENT_QUEUE,
  ACP_WEBHOOK_DELIVERY_QUEUE,
  queueAcpOrderEvent,
  type DeliveryJob,
} from './queue-order-event';
import { purgeExpiredRequestSignatures } from './verify-agent-signature';

export function acpAgentJobs(deps: AcpAgentDeps): JobDefinition<never>[] {
  return [
    {
      name: ACP_ORDER_EVENT_QUEUE,
      retryLimit: 5,
      retryDelaySeconds: 5,
      handler: (data: { sessionId: string }) => queueAcpOrderEvent(deps, data.sessionId),
    },
    {
      name: ACP_WEBHOOK_DELIVERY_QUEUE,
      retryLimit: DELIVERY_RETRY_LIMIT,
      retryDelaySeconds: DELIVERY_RETRY_DELAY_SECONDS,
      handler: (data: DeliveryJob) => deliverOrderEvent(deps, data),
    },
    {
      name: 'acp-purge-request-signatures',
      retryLimit: 1,
      retryDelaySeconds: 60,
      cron: '*/15 * * * *',
      handler: () => purgeExpiredRequestSignatures(deps),
    },
  ] as JobDefinition<never>[];
}
