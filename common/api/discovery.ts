import { z } from 'zod';
import { serviceHealth } from './status';

/**
 * The public, unauthenticated documents an AI agent (or its developer) reads before buying: the ACP
 * discovery document, the platform's own discovery document (behind the readiness panel's Discovery
 * button, embedded whole in the application bundle) and the ACP health check (/api/acp-health).
 */

/** An ACP version is a date; which ones are served the server's version registry says. */
const acpVersion = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** ACP 2026-04-17 `DiscoveryResponse` (/.well-known/acp.json), the parts this platform fills in. */
export const acpDiscoveryResponse = z.strictObject({
  protocol: z.strictObject({
    name: z.literal('acp'),
    version: acpVersion,
    /** Oldest first; the last one is `version`. */
    supported_versions: z.array(acpVersion).min(1),
    documentation_url: z.url().optional(),
  }),
  api_base_url: z.url(),
  transports: z.array(z.enum(['rest', 'mcp'])),
  capabilities: z.strictObject({
    /**
     * The released enum, plus `feeds`, which rfc.product_feeds.md §3.5 asks sellers that support feeds
     * to list though the 2026-04-17 schema's closed enum does not have it yet (ADR 055).
     */
    services: z.array(z.enum(['checkout', 'orders', 'delegate_payment', 'carts', 'feeds'])),
  }),
});
export type AcpDiscoveryResponse = z.infer<typeof acpDiscoveryResponse>;

const httpMethod = z.enum(['GET', 'POST']);

const endpoint = z.object({
  /** Stable name of the operation (the OpenAPI operationId of its main path). */
  operation: z.string(),
  method: httpMethod,
  /** Every path the operation is served under, `{param}` style; the first is the documented one. */
  paths: z.array(z.string()).min(1),
  summary: z.string(),
});

const authentication = z.object({
  type: z.literal('bearer'),
  header: z.literal('Authorization'),
  /** The same key also works in this header, without the `Bearer ` prefix. */
  alternative_header: z.literal('apikey'),
  credential: z.string(),
  key_prefixes: z.array(z.string()),
});

export const agentCommerceDiscovery = z.object({
  name: z.string(),
  description: z.string(),
  url: z.url(),
  documentation_url: z.url(),
  support_email: z.email(),
  /** sandbox: simulated providers and test keys only; live: real money. */
  environment: z.enum(['sandbox', 'live']),
  acp: z.object({
    base_url: z.url(),
    discovery_url: z.url(),
    documentation_url: z.url(),
    current_version: acpVersion,
    /** Oldest first, as in /.well-known/acp.json; chosen per request with the API-Version header. */
    supported_versions: z.array(acpVersion),
    version_header: z.literal('API-Version'),
    transports: z.array(z.enum(['rest', 'mcp'])),
    /** The MCP binding's endpoint (Streamable HTTP, the same API key); ACP's own discovery omits it. */
    mcp_url: z.url(),
    services: z.array(z.string()),
    authentication,
    idempotency: z.object({
      header: z.literal('Idempotency-Key'),
      required_on: z.array(httpMethod),
      max_length: z.number().int(),
      retention_hours: z.number().int(),
      replayed_header: z.literal('Idempotent-Replayed'),
    }),
    request_signing: z.object({
      /** Set per merchant: off by default, `strict` refuses unsigned requests, `log` only records them. */
      policies: z.array(z.enum(['strict', 'log', 'off'])),
      signature_header: z.literal('Signature'),
      timestamp_header: z.literal('Timestamp'),
      algorithm: z.literal('HMAC-SHA256'),
      signed_content: z.string(),
      encoding: z.literal('base64'),
      tolerance_seconds: z.number().int(),
      documentation_url: z.url(),
    }),
    endpoints: z.array(endpoint),
  }),
  /** The Universal Commerce Protocol front door (UCP 2026-04-08, REST), over the same engine as ACP. */
  ucp: z.object({
    base_url: z.url(),
    profile_url: z.url(),
    documentation_url: z.url(),
    version: z.string(),
    version_header: z.literal('UCP-Agent'),
    transports: z.array(z.literal('rest')),
    capabilities: z.array(z.string()),
    /** UCP names `X-API-Key` for the key without `Bearer `. */
    authentication: authentication.extend({ alternative_header: z.literal('X-API-Key') }),
    idempotency: z.object({ header: z.literal('Idempotency-Key'), retention_hours: z.number().int() }),
    payment_handlers: z.array(z.object({ name: z.string(), id: z.string(), instrument_type: z.string() })),
    request_signing: z.object({
      policies: z.array(z.string()),
      standard: z.literal('RFC 9421'),
      algorithm: z.literal('ES256'),
      keys: z.string(),
      documentation_url: z.url(),
    }),
  }),
  agent_api: z.object({
    base_url: z.url(),
    documentation_url: z.url(),
    authentication,
    idempotency: z.object({
      header: z.literal('Idempotency-Key'),
      body_field: z.literal('idempotency_key'),
      advised_on: z.array(httpMethod),
    }),
    endpoints: z.array(endpoint),
  }),
  payment_methods: z.array(
    z.object({
      id: z.enum(['card', 'bitcoin_lightning']),
      display_name: z.string(),
      providers: z.array(z.string()),
      credential: z.string(),
      /** The ACP payment handler id, and the ACP versions that offer it. */
      acp: z.object({ handler_id: z.string(), versions: z.array(acpVersion) }),
      /** `payment.method` in the documented agent API's checkout request. */
      agent_api_method: z.enum(['stripe', 'btc']),
    }),
  ),
  rate_limits: z.object({
    scope: z.literal('api_key'),
    exceeded: z.object({ status: z.literal(429), retry_after_header: z.literal('Retry-After') }),
    limits: z.array(
      z.object({
        api: z.enum(['acp', 'agent_api']),
        operation: z.string(),
        max_requests: z.number().int().positive(),
        window: z.string(),
      }),
    ),
  }),
  webhooks: z.object({
    acp_order_events: z.object({
      description: z.string(),
      event_types: z.array(z.string()),
      signature_header: z.literal('Merchant-Signature'),
      secret_prefix: z.literal('whsec_'),
      documentation_url: z.url(),
    }),
    ucp_order_events: z.object({
      description: z.string(),
      headers: z.array(z.string()),
      signature: z.string(),
      documentation_url: z.url(),
    }),
  }),
  links: z.object({
    acp_discovery: z.url(),
    acp_health: z.url(),
    acp_openapi: z.url(),
    status: z.url(),
    terms: z.url(),
    privacy: z.url(),
  }),
});
export type AgentCommerceDiscovery = z.infer<typeof agentCommerceDiscovery>;

/** GET /api/acp-health: whether the ACP API can serve right now (spec acp-health). */
export const acpHealthResponse = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  timestamp: z.string(),
  /** The application's version. */
  version: z.string(),
  mode: z.enum(['sandbox', 'live']),
  api_base_url: z.url(),
  current_version: acpVersion,
  supported_versions: z.array(acpVersion),
  /** Beside these, one entry per payment provider the health checks probe, by its id. */
  checks: z
    .object({
      /** Every ACP checkout_sessions operation is being served. */
      endpoints: serviceHealth,
      database: serviceHealth,
      encryption: serviceHealth,
    })
    .catchall(serviceHealth),
  /** Why the status is not ok, one line per failing check. */
  reasons: z.array(z.string()),
});
export type AcpHealthResponse = z.infer<typeof acpHealthResponse>;

/**
 * GET /api/acp-openapi: the OpenAPI 3.1 document of both agent APIs. Only its frame is checked here; the
 * rest passes through whole, because clients show or embed the document as the server wrote it.
 */
export const acpOpenApiDocument = z.looseObject({
  openapi: z.string().startsWith('3.1'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
export type AcpOpenApiDocument = z.infer<typeof acpOpenApiDocument>;
