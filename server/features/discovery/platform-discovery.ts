import { ACP_VERSION_MODULES, ACP_VERSIONS, LATEST_ACP_VERSION } from '../acp';
import { SIGNATURE_POLICIES } from '#common/api/acp-agents';
import type { AgentCommerceDiscovery } from '#common/api/discovery';
import { PRODUCT_NAME, PRODUCT_TAGLINE, SUPPORT_EMAIL } from '#common/domain/brand';
import { SIGNATURE_SKEW_MS } from '../../integrations/agents/signatures';
import { paymentProviders } from '../../integrations/payments/registry';
import { acpDiscovery } from './acp-discovery';
import type { ServedOperation } from './route-catalogue';

const authentication: AgentCommerceDiscovery['acp']['authentication'] = {
  type: 'bearer',
  header: 'Authorization',
  alternative_header: 'apikey',
  credential:
    "the merchant's API key (generated in the merchant's dashboard settings), sent as `Authorization: Bearer <key>`",
  key_prefixes: ['ak_test_', 'ak_live_'],
};

/**
 * The providers discovery lists for a payment method, in registry order: the live ones. A coming-soon
 * provider is registered and simulated but not offered, so agents are not told about it.
 */
export function discoveryProviders(method: 'card' | 'lightning'): string[] {
  return Object.values(paymentProviders)
    .map(({ manifest }) => manifest)
    .filter((manifest) => manifest.method === method && manifest.availability === 'live')
    .map((manifest) => manifest.id);
}

const endpoints = (served: ServedOperation[]) =>
  served.map(({ operation, method, paths, summary }) => ({ operation, method, paths, summary }));

const limits = (served: ServedOperation[]) =>
  served.flatMap(({ api, operation, rateLimit }) =>
    rateLimit ? [{ api, operation, max_requests: rateLimit.max, window: rateLimit.window }] : [],
  );

/**
 * /.well-known/agent-commerce.json: everything an agent developer needs to start, in one document (the
 * readiness panel's Discovery button opens it; the application bundle embeds it whole). `served` is what
 * the routes really serve, with their rate limits.
 */
export function platformDiscovery(input: {
  publicUrl: string;
  mode: 'sandbox' | 'live';
  served: ServedOperation[];
}): AgentCommerceDiscovery {
  const { publicUrl, served } = input;
  const docs = `${publicUrl}/docs`;
  const acp = served.filter((op) => op.api === 'acp');
  const agentApi = served.filter((op) => op.api === 'agent_api');
  return {
    name: PRODUCT_NAME,
    description: `${PRODUCT_TAGLINE}: AI agents buy from merchants' own stores through the Agentic Commerce Protocol (ACP) or ${PRODUCT_NAME}'s documented agent API, paying by card (Stripe Shared Payment Tokens) or Bitcoin Lightning, on the merchant's own payment accounts.`,
    url: publicUrl,
    documentation_url: docs,
    support_email: SUPPORT_EMAIL,
    environment: input.mode,
    acp: {
      base_url: `${publicUrl}/acp`,
      discovery_url: `${publicUrl}/.well-known/acp.json`,
      documentation_url: `${docs}#acp`,
      current_version: LATEST_ACP_VERSION,
      supported_versions: [...ACP_VERSIONS],
      version_header: 'API-Version',
      transports: ['rest', 'mcp'],
      mcp_url: `${publicUrl}/mcp`,
      services: acpDiscovery(publicUrl).capabilities.services,
      authentication,
      idempotency: {
        header: 'Idempotency-Key',
        required_on: ['POST'],
        max_length: 255,
        retention_hours: 24,
        replayed_header: 'Idempotent-Replayed',
      },
      request_signing: {
        policies: [...SIGNATURE_POLICIES],
        signature_header: 'Signature',
        timestamp_header: 'Timestamp',
        algorithm: 'HMAC-SHA256',
        signed_content: '`${Timestamp}.${raw request body}` with the signing secret; Timestamp in RFC 3339',
        encoding: 'base64',
        tolerance_seconds: SIGNATURE_SKEW_MS / 1000,
        documentation_url: `${docs}#acp-signing`,
      },
      endpoints: endpoints(acp),
    },
    agent_api: {
      base_url: `${publicUrl}/api`,
      documentation_url: `${docs}#endpoints`,
      authentication,
      idempotency: { header: 'Idempotency-Key', body_field: 'idempotency_key', advised_on: ['POST'] },
      endpoints: endpoints(agentApi),
    },
    payment_methods: [
      {
        id: 'card',
        display_name: 'Card',
        providers: discoveryProviders('card'),
        credential: 'Stripe Shared Payment Token (spt_…), limited to the checkout total and currency',
        acp: { handler_id: 'card_spt', versions: [...ACP_VERSIONS] },
        agent_api_method: 'stripe',
      },
      {
        id: 'bitcoin_lightning',
        display_name: 'Bitcoin (Lightning)',
        providers: discoveryProviders('lightning'),
        credential: 'a Lightning invoice issued for the checkout; the agent pays it, then completes',
        acp: {
          handler_id: 'bitcoin_lightning',
          versions: ACP_VERSION_MODULES.filter((m) => m.lightning).map((m) => m.version),
        },
        agent_api_method: 'btc',
      },
    ],
    rate_limits: {
      scope: 'api_key',
      exceeded: { status: 429, retry_after_header: 'Retry-After' },
      limits: limits(served),
    },
    webhooks: {
      acp_order_events: {
        description:
          "When an ACP order is created or changes, the event of the session's ACP version is POSTed to the agent endpoint the merchant configured, signed with the merchant's webhook secret, and retried until delivered.",
        event_types: ['order_create', 'order_update'],
        signature_header: 'Merchant-Signature',
        secret_prefix: 'whsec_',
        documentation_url: `${docs}#acp-webhooks`,
      },
    },
    links: {
      acp_discovery: `${publicUrl}/.well-known/acp.json`,
      acp_health: `${publicUrl}/api/acp-health`,
      acp_openapi: `${publicUrl}/openapi.json`,
      status: `${publicUrl}/api/status`,
      terms: `${publicUrl}/terms`,
      privacy: `${publicUrl}/privacy`,
    },
  };
}
