import { ACP_VERSION_MODULES, ACP_VERSIONS, LATEST_ACP_VERSION } from '../acp';
import { SIGNATURE_POLICIES } from '#common/api/acp-agents';
import type { AgentCommerceDiscovery } from '#common/api/discovery';
import { PRODUCT_NAME, PRODUCT_TAGLINE, SUPPORT_EMAIL } from '#common/domain/brand';
import { SIGNATURE_SKEW_MS } from '../../integrations/agents/signatures';
import { paymentProviders } from '../../integrations/payments/registry';
import { CARD_HANDLER, LIGHTNING_HANDLER, UCP_PROFILE_PATH, UCP_REST_PREFIX, UCP_VERSION } from '../ucp';
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
    ucp: {
      base_url: `${publicUrl}${UCP_REST_PREFIX}`,
      profile_url: `${publicUrl}${UCP_PROFILE_PATH}`,
      documentation_url: `${docs}#ucp`,
      version: UCP_VERSION,
      version_header: 'UCP-Agent',
      transports: ['rest'],
      capabilities: ['dev.ucp.shopping.checkout', 'dev.ucp.shopping.fulfillment', 'dev.ucp.shopping.order'],
      authentication: { ...authentication, alternative_header: 'X-API-Key' },
      idempotency: { header: 'Idempotency-Key', retention_hours: 24 },
      payment_handlers: [
        { name: CARD_HANDLER.name, id: CARD_HANDLER.id, instrument_type: 'card' },
        {
          name: LIGHTNING_HANDLER.name,
          id: LIGHTNING_HANDLER.id,
          instrument_type: LIGHTNING_HANDLER.instrumentType,
        },
      ],
      request_signing: {
        policies: [...SIGNATURE_POLICIES],
        standard: 'RFC 9421',
        algorithm: 'ES256',
        keys: "the platform profile's signing_keys, found by the profile URL in UCP-Agent",
        documentation_url: `${docs}#ucp`,
      },
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
      ucp_order_events: {
        description:
          "When an order placed through UCP is created or changes, the full UCP order entity is POSTed to the webhook_url of the order capability in the platform's profile (the one its UCP-Agent header named), and retried as the same event until delivered.",
        headers: [
          'Webhook-Id',
          'Webhook-Timestamp',
          'UCP-Agent',
          'Content-Digest',
          'Signature-Input',
          'Signature',
        ],
        signature: "RFC 9421, ES256 (raw r‖s) with the key in the merchant's business profile signing_keys",
        documentation_url: `${docs}#ucp-orders`,
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
