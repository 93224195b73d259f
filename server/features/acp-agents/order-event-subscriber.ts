import type { EngineEventSubscriber } from '../../events/engine-event';
import type { AcpAgentDeps } from './deps';
import { notifyAcpOrderChanged } from './queue-order-event';

/** The agent's order webhooks follow the engine's order events (created, paid, written, fulfilled...). */
export function acpOrderEventSubscriber(deps: AcpAgentDeps): EngineEventSubscriber {
  return {
    name: 'acp-order-webhooks',
    topics: ['order'],
    retryLimit: 5,
    retryDelaySeconds: 5,
    handle: (event) => notifyAcpOrderChanged(deps, event.subjectId),
  };
}
