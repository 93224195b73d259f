import type { Db } from '../../db/client';
import type { EngineEventSubscriber } from '../../events/engine-event';
import { recordOrderCharge } from './record-order-charge';

/** Every new order takes its line in the platform's ledger (fee, place in the month, overage). */
export function orderChargeSubscriber(deps: { db: Db }): EngineEventSubscriber {
  return {
    name: 'billing-order-charges',
    topics: ['order'],
    retryLimit: 10,
    retryDelaySeconds: 5,
    async handle(event) {
      if (event.change !== 'created') return;
      await recordOrderCharge(deps.db, event.subjectId);
    },
  };
}
