import type { ConnectionsOutput } from '#common/api/connections';

const provider = (id: string, name: string, method: 'card' | 'lightning', label: string) => ({
  id,
  name,
  method,
  availability: 'live' as const,
  credentialFields: [],
  missingCredentialsMessage: null,
  healthChecked: id === 'stripe' || id === 'opennode',
  paymentMethod: { name: method === 'card' ? `${id}_spt` : `btc_${id}`, label },
});

/** GET /api/connections as a server with the usual providers answers it, with no connection made. */
export const PROVIDER_LIST: ConnectionsOutput = {
  stores: [],
  payments: [],
  platforms: [],
  paymentProviders: [
    provider('stripe', 'Stripe', 'card', 'Card (Stripe)'),
    provider('opennode', 'OpenNode', 'lightning', 'Lightning (OpenNode)'),
    provider('coincorner', 'CoinCorner', 'lightning', 'Lightning (CoinCorner)'),
    provider('btcpay', 'BTCPay Server', 'lightning', 'Lightning (BTCPay)'),
    provider('strike', 'Strike', 'lightning', 'Lightning (Strike)'),
  ],
};
