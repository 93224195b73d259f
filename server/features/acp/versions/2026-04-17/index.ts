import { lineItemId } from '../../session-view';
import { EXAMPLE_ADDRESS, EXAMPLE_BUYER } from '../address';
import type { AcpVersionModule } from '../version';
import { orderEventData2026, orderStatus2026 } from './order-event';
import { CARD_HANDLER_ID, wire2026 } from './wire';

/** ACP 2026-04-17: payment handlers (card token and Lightning), richer line items and order objects. */
export const v20260417: AcpVersionModule<'2026-04-17'> = {
  version: '2026-04-17',
  ...wire2026,
  lightning: true,
  orderStatus: orderStatus2026,
  orderEventData: orderEventData2026,
  orderEventSignature: 'timestamped-hex',
  examples: {
    create: (sku) => ({
      currency: 'gbp',
      line_items: [{ id: sku, quantity: 1 }],
      capabilities: {},
      buyer: EXAMPLE_BUYER,
      fulfillment_details: {
        name: EXAMPLE_ADDRESS.name,
        email: EXAMPLE_BUYER.email,
        address: EXAMPLE_ADDRESS,
      },
    }),
    selectExpress: (sku) => ({
      selected_fulfillment_options: [{ type: 'shipping', option_id: 'express', item_ids: [lineItemId(sku)] }],
    }),
    payByCard: (token) => ({
      payment_data: {
        handler_id: CARD_HANDLER_ID,
        instrument: { type: 'card', credential: { type: 'spt', token } },
      },
    }),
    cancel: { intent_trace: { reason_code: 'shipping_cost' } },
  },
};
