import type { AcpSession, Checkout, Merchant, Order } from '../../db/schema/index';
import type { CheckoutAccess } from './checkout-access';

type AgentSurface = 'agent_api' | 'acp';

/** An agent is named by the API key it used; the key's hash is its id (the key itself is never kept). */
const reader = (via: AgentSurface, merchant: Merchant) => ({
  via,
  user_id: null,
  key_id: merchant.apiKeyHash,
});

/**
 * The access an agent's read of checkout data amounts to, from what it was answered with: the agent
 * API's confirm and order reads, and ACP's session reads (named by the session id the agent knows).
 */
export const agentAccess = {
  ofOrder: (merchant: Merchant, order: Order): CheckoutAccess => ({
    checkout_id: order.checkoutId,
    amount: order.totalMinor,
    currency: order.currency,
    status: order.status,
    ...reader('agent_api', merchant),
  }),
  ofCheckout: (merchant: Merchant, checkout: Checkout): CheckoutAccess => ({
    checkout_id: checkout.id,
    amount: checkout.amountMinor,
    currency: checkout.currency,
    status: checkout.status,
    ...reader('agent_api', merchant),
  }),
  ofSession: (merchant: Merchant, session: AcpSession, total: number): CheckoutAccess => ({
    checkout_id: session.id,
    amount: total,
    currency: session.currency,
    status: session.status,
    ...reader('acp', merchant),
  }),
};
