import { EXAMPLE_ADDRESS, EXAMPLE_BUYER } from '../address';
import type { AcpVersionModule } from '../version';
import { orderEventData2025, orderStatus2025 } from './order-event';
import { wire2025 } from './wire';

/** ACP 2025-09-29: the shapes ChatGPT Instant Checkout launched with (cards through Stripe only). */
export const v20250929: AcpVersionModule<'2025-09-29'> = {
  version: '2025-09-29',
  ...wire2025,
  lightning: false,
  orderStatus: orderStatus2025,
  orderEventData: orderEventData2025,
  // This version signs the body only; the Timestamp header travels alongside, unsigned.
  orderEventSignature: 'body-hex',
  examples: {
    create: (sku) => ({
      items: [{ id: sku, quantity: 1 }],
      buyer: EXAMPLE_BUYER,
      fulfillment_address: EXAMPLE_ADDRESS,
    }),
    selectExpress: () => ({ fulfillment_option_id: 'express' }),
    payByCard: (token) => ({ payment_data: { token, provider: 'stripe' } }),
  },
};
