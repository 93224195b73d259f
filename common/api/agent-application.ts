import { z } from 'zod';
import { agentApplicationSchema } from '../validation/agent-application';
import { acpHealthResponse, acpOpenApiDocument } from './discovery';

/**
 * The merchant's application to ChatGPT Instant Checkout (/agent/apply): the facts the screen shows,
 * and the application bundle it downloads.
 */

/** GET /api/agent-application: what the application says about the merchant, read-only on the screen. */
export const agentApplicationFacts = z.object({
  merchantName: z.string().nullable(),
  storeUrl: z.string().nullable(),
  contactEmail: z.string(),
  acpBaseUrl: z.string(),
  /** Platform ids of the merchant's saved store connections (woocommerce, shopify…). */
  platformsConnected: z.array(z.string()),
  /**
   * Bitcoin is listed when the merchant's btc_opennode_enabled is on: set when Bitcoin is switched on with
   * a provider whose manifest puts it in the bundle.
   */
  bitcoinEnabled: z.boolean(),
});
export type AgentApplicationFacts = z.infer<typeof agentApplicationFacts>;

/** POST /api/agent-application/bundle: the form's text as typed; the server splits it as the form does. */
export const agentApplicationInput = agentApplicationSchema;

/**
 * /.well-known/agent-commerce.json as embedded: only its frame is checked, so the document passes through
 * whole (a stricter schema would drop what it does not name).
 */
const embeddedDiscovery = z.looseObject({
  name: z.string(),
  acp: z.looseObject({ base_url: z.url() }),
  agent_api: z.looseObject({ base_url: z.url() }),
});

/** The application bundle, with the live discovery, health and OpenAPI documents embedded whole. */
export const applicationBundle = z.object({
  merchant_info: z.object({
    name: z.string().nullable(),
    domain: z.string().nullable(),
    contact: z.string(),
    platforms_connected: z.array(z.string()),
    regions: z.array(z.string()),
    currencies: z.array(z.string()),
    fulfilment: z.string(),
  }),
  agent_commerce_discovery: embeddedDiscovery,
  acp_health: acpHealthResponse,
  acp_openapi: acpOpenApiDocument,
  product_urls: z.array(z.string()),
  generated_at: z.iso.datetime(),
});
export type ApplicationBundle = z.infer<typeof applicationBundle>;

/** GET /api/agent-application/uat-collection: a Postman Collection v2.1, checked only as far as the screen needs. */
export const POSTMAN_COLLECTION_SCHEMA_URL =
  'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';
export const uatCollection = z.looseObject({
  info: z.looseObject({ name: z.string(), schema: z.literal(POSTMAN_COLLECTION_SCHEMA_URL) }),
  item: z.array(z.unknown()),
});
export const UAT_COLLECTION_FILE_NAME = 'agentcart-uat.postman_collection.json';
