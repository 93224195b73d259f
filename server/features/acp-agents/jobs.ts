import type { JobDefinition } from '../../jobs/queue';
import type { AcpAgentDeps } from './deps';
import { deliveryJob } from '../outbound-webhooks';
import { acpOrderEventChannel } from './deliver-order-event';
import { recordOrderEvent } from './record-order-event';
import { purgeExpiredRequestSignatures } from './verify-agent-signature';

/**
 * Where earlier releases queued a session's order event between the engine's event and the delivery.
 * Nothing queues here now (the engine-event subscriber records the event itself); jobs still waiting
 * from before a deploy are worked, so no order change they carry is lost.
 */
const EARLIER_ORDER_EVENT_QUEUE = 'acp-order-event';

export function acpAgentJobs(deps: AcpAgentDeps): JobDefinition<never>[] {
  return [
    {
      name: EARLIER_ORDER_EVENT_QUEUE,
      retryLimit: 5,
      retryDelaySeconds: 5,
      handler: (data: { sessionId: string }) => recordOrderEvent(deps, data.sessionId),
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
