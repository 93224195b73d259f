import type { ApplicationBundle } from '#common/api/agent-application';
import type { AgentApplication } from '#common/validation/agent-application';
import type { Db } from '../../db/client';
import { events, type Merchant } from '../../db/schema/index';
import type { DiscoveryDocuments } from '../discovery';
import { applicationFacts } from './application-facts';

export const BUNDLE_EVENT_KIND = 'agent_application_bundle_generated';

export interface BundleDeps {
  db: Db;
  discovery: DiscoveryDocuments;
  publicUrl: string;
  now: () => Date;
}

const hostOf = (url: string | null) => (url && URL.canParse(url) ? new URL(url).hostname : null);

/**
 * The application bundle: the merchant's facts and answers, with the discovery, health and OpenAPI
 * documents as served right now, so the reviewer sees exactly what agents will see. Records an
 * agent_application_bundle_generated event.
 */
export async function generateApplicationBundle(
  deps: BundleDeps,
  merchant: Merchant,
  application: AgentApplication,
): Promise<ApplicationBundle> {
  const [facts, health] = await Promise.all([
    applicationFacts(deps.db, merchant, deps.publicUrl),
    deps.discovery.health(),
  ]);
  const generatedAt = deps.now();
  const bundle: ApplicationBundle = {
    merchant_info: {
      name: facts.merchantName,
      domain: hostOf(facts.storeUrl),
      contact: facts.contactEmail,
      platforms_connected: facts.platformsConnected,
      regions: application.regions,
      currencies: application.currencies,
      fulfilment: application.fulfilment,
    },
    agent_commerce_discovery: deps.discovery.platform(),
    acp_health: health,
    acp_openapi: deps.discovery.openapi(),
    product_urls: application.productUrls,
    generated_at: generatedAt.toISOString(),
  };
  await deps.db.insert(events).values({
    merchantId: merchant.id,
    kind: BUNDLE_EVENT_KIND,
    payload: {
      regions: application.regions,
      currencies: application.currencies,
      platforms_count: facts.platformsConnected.length,
    },
    createdAt: generatedAt,
  });
  return bundle;
}
