/**
 * The table of contents of /docs. Each topic id is an anchor other pages link to
 * (#setup … #troubleshooting), so ids never change once published.
 */
export interface TocTopic {
  id: string;
  title: string;
  method?: 'GET' | 'POST';
}

export interface TocGroup {
  id: string;
  title: string;
  topics: TocTopic[];
}

export const DOCS_TOC: TocGroup[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    topics: [
      { id: 'setup', title: 'Setup and sandbox' },
      { id: 'auth', title: 'Authentication' },
      { id: 'test-fixtures', title: 'Test fixtures' },
    ],
  },
  {
    id: 'endpoints',
    title: 'Agent API',
    topics: [
      { id: 'offer', title: 'Offer', method: 'POST' },
      { id: 'checkout', title: 'Checkout', method: 'POST' },
      { id: 'confirm', title: 'Confirm', method: 'POST' },
      { id: 'order', title: 'Order', method: 'GET' },
      { id: 'idempotency', title: 'Idempotent retries' },
    ],
  },
  {
    id: 'bitcoin-payments',
    title: 'Bitcoin payments',
    topics: [
      { id: 'bitcoin', title: 'Lightning payment flow' },
      { id: 'opennode', title: 'OpenNode' },
      { id: 'coincorner', title: 'CoinCorner' },
    ],
  },
  {
    id: 'operations',
    title: 'Running in production',
    topics: [
      { id: 'errors', title: 'Errors and limits' },
      { id: 'production', title: 'Going to production' },
      { id: 'troubleshooting', title: 'Troubleshooting' },
    ],
  },
  {
    id: 'protocol',
    title: 'Agentic Commerce Protocol',
    topics: [
      { id: 'acp', title: 'Checkout sessions' },
      { id: 'acp-sessions', title: 'Sessions and lifecycle' },
      { id: 'acp-complete', title: 'Card and Lightning' },
      { id: 'acp-webhooks', title: 'Order events' },
      { id: 'acp-errors', title: 'ACP errors' },
      { id: 'acp-mcp', title: 'Checkout over MCP' },
      { id: 'acp-discovery', title: 'Discovery' },
    ],
  },
  {
    id: 'ucp-protocol',
    title: 'Universal Commerce Protocol',
    topics: [
      { id: 'ucp', title: 'Profile and endpoints' },
      { id: 'ucp-checkout', title: 'Checkout lifecycle' },
      { id: 'ucp-card-handler', title: 'Card handler' },
      { id: 'ucp-lightning-handler', title: 'Lightning handler' },
      { id: 'ucp-orders', title: 'Orders and errors' },
    ],
  },
];
