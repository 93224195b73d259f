/**
 * The operations of the two agent APIs, as the discovery documents, the health check and the OpenAPI
 * document name them. Paths are written OpenAPI style (`{param}`); the first path is the documented one,
 * the others are the same operation under another spelling. Which of them are really served, and with
 * which rate limit, comes from the registered routes (route-catalogue.ts), not from this table.
 */
export type AgentApiName = 'acp' | 'agent_api';

export interface Operation {
  api: AgentApiName;
  /** The OpenAPI operationId of the first path (the official ACP names for ACP). */
  operation: string;
  method: 'GET' | 'POST';
  paths: string[];
  summary: string;
}

export const ACP_OPERATIONS: readonly Operation[] = [
  {
    api: 'acp',
    operation: 'createCheckoutSession',
    method: 'POST',
    paths: ['/acp/checkout_sessions'],
    summary: 'Create a checkout session from store SKUs, with optional buyer and fulfilment details',
  },
  {
    api: 'acp',
    operation: 'getCheckoutSession',
    method: 'GET',
    paths: ['/acp/checkout_sessions/{checkout_session_id}'],
    summary: 'Retrieve a checkout session',
  },
  {
    api: 'acp',
    operation: 'updateCheckoutSession',
    method: 'POST',
    paths: ['/acp/checkout_sessions/{checkout_session_id}'],
    summary: 'Update items, buyer, address or the selected fulfilment option',
  },
  {
    api: 'acp',
    operation: 'completeCheckoutSession',
    method: 'POST',
    paths: ['/acp/checkout_sessions/{checkout_session_id}/complete'],
    summary: 'Pay (card Shared Payment Token or a paid Lightning invoice) and place the order',
  },
  {
    api: 'acp',
    operation: 'cancelCheckoutSession',
    method: 'POST',
    paths: ['/acp/checkout_sessions/{checkout_session_id}/cancel'],
    summary: 'Cancel an open checkout session',
  },
];

export const AGENT_API_OPERATIONS: readonly Operation[] = [
  {
    api: 'agent_api',
    operation: 'createOffer',
    method: 'POST',
    paths: ['/api/agent/offer', '/api/agent-offer'],
    summary: 'Price items from the store with shipping options (an offer)',
  },
  {
    api: 'agent_api',
    operation: 'createCheckout',
    method: 'POST',
    paths: ['/api/agent/checkout', '/api/agent-checkout'],
    summary: 'Start paying an offer: card (Shared Payment Token) or Bitcoin Lightning invoice',
  },
  {
    api: 'agent_api',
    operation: 'confirmCheckout',
    method: 'POST',
    paths: ['/api/agent/confirm', '/api/agent-confirm'],
    summary:
      'Confirm a checkout: capture and write the store order (poll while a Lightning invoice is unpaid)',
  },
  {
    api: 'agent_api',
    operation: 'getOrder',
    method: 'GET',
    paths: ['/api/agent/order/{id}', '/api/agent-order/{id}'],
    summary: 'Read an order and its fulfilment status from the store',
  },
];

export const ALL_OPERATIONS: readonly Operation[] = [...ACP_OPERATIONS, ...AGENT_API_OPERATIONS];

/** `/a/{x}/b` and `/a/:id/b` have the same shape: parameter names differ between OpenAPI and the router. */
export const pathShape = (path: string) => path.replace(/\{[^}/]+\}|:[^/]+/g, '{}');
