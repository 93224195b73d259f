import type { Db } from '../../db/client';
import type { EngineEvent, EngineEventSubscriber } from '../../events/engine-event';
import { recordOrderCharge } from './record-order-charge';

const isNewOrder = (event: EngineEvent) => event.change === 'created';

/** Every new order takes its line in the platform's ledger (fee, place in the month, overage). */
export function orderChargeSubscriber(deps: { db: Db }): EngineEventSubscriber {
  return {
    name: 'billing-order-charges',
    topics: ['order'],
    retryLimit: 10,
    retryDelaySeconds: 5,
    wants: isNewOrder,
    async handle(event) {
      if (!isNewOrder(event)) return;
      await recordOrderCharge(deps.db, event.subjectId);
    },
  };
}
