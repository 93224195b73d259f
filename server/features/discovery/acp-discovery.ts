import { ACP_VERSIONS, LATEST_ACP_VERSION } from '../acp';
import type { AcpDiscoveryResponse } from '#common/api/discovery';

/**
 * /.well-known/acp.json: the ACP 2026-04-17 DiscoveryResponse. Only services really served are listed:
 * `checkout` (the checkout_sessions API, over REST and over MCP at /mcp: the binding leaves the MCP
 * endpoint's address out of this document, so /docs and the platform discovery document give it) and `orders` (the order object on completion and the order
 * events sent to the agent's webhook) and `feeds` (the merchant's product feed pushed to the agent's Feed
 * API, as rfc.product_feeds.md §3.5 asks, though the released schema's closed enum lacks it: ADR 055); not `delegate_payment` (agents get tokens from Stripe, not from
 * us) nor `carts`.
 */
export function acpDiscovery(publicUrl: string): AcpDiscoveryResponse {
  return {
    protocol: {
      name: 'acp',
      version: LATEST_ACP_VERSION,
      supported_versions: [...ACP_VERSIONS],
      documentation_url: `${publicUrl}/docs#acp`,
    },
    api_base_url: `${publicUrl}/acp`,
    transports: ['rest', 'mcp'],
    capabilities: { services: ['checkout', 'orders', 'feeds'] },
  };
}
