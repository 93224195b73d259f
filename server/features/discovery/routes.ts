import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIGHTNING_HANDLER_SCHEMAS } from '#common/acp/2026-04-17/lightning-handler';
import {
  acpHealthResponse,
  type AcpDiscoveryResponse,
  type AcpHealthResponse,
  type AgentCommerceDiscovery,
} from '#common/api/discovery';
import type { AppContext } from '../../app-context';
import { ACP_HANDLER_SCHEMAS_PATH } from '../acp';
import { acpDiscovery } from './acp-discovery';
import { acpHealth } from './acp-health';
import { openApiDocument, type OpenApiDocument } from './openapi/document';
import { ALL_OPERATIONS } from './operations';
import { platformDiscovery } from './platform-discovery';
import { publicDocument, type PublicDocument } from './public-document';
import { routeCatalogue } from './route-catalogue';
import { robotsTxt, sitemapXml } from './sitemap';

/** The documents as served right now, for features that embed them (the agent application bundle). */
export interface DiscoveryDocuments {
  platform(): AgentCommerceDiscovery;
  openapi(): OpenApiDocument;
  health(): Promise<AcpHealthResponse>;
}

const documentsByApp = new WeakMap<FastifyInstance, DiscoveryDocuments>();

/** The documents registerDiscoveryRoutes serves on this app (it must be registered first). */
export function discoveryOf(app: FastifyInstance): DiscoveryDocuments {
  const documents = documentsByApp.get(app);
  if (!documents) throw new Error('register the discovery routes before what embeds their documents');
  return documents;
}

/**
 * The public documents agents read first: /.well-known/acp.json (ACP discovery),
 * /.well-known/agent-commerce.json (the platform), GET /api/acp-health and GET /openapi.json (also /api/acp-openapi), and
 * the Lightning handler's schemas (/schemas/acp/lightning/*.json), /sitemap.xml and /robots.txt for search engines.
 * Register before the agent APIs: the documents list their routes as registered (route-catalogue.ts),
 * and are built once when the app is ready, so a schema that cannot be documented fails the start.
 */
export function registerDiscoveryRoutes(
  app: FastifyInstance,
  deps: Pick<AppContext, 'config' | 'health' | 'clock'>,
): void {
  const { publicUrl, mode, version } = deps.config;
  const catalogue = routeCatalogue(app);
  let documents: {
    acp: PublicDocument<AcpDiscoveryResponse>;
    platform: PublicDocument<AgentCommerceDiscovery>;
    openapi: PublicDocument<OpenApiDocument>;
  } | null = null;

  app.addHook('onReady', async () => {
    const served = catalogue.served(ALL_OPERATIONS);
    documents = {
      acp: publicDocument(acpDiscovery(publicUrl)),
      platform: publicDocument(platformDiscovery({ publicUrl, mode, served })),
      openapi: publicDocument(openApiDocument({ publicUrl, appVersion: version, served })),
    };
  });
  const ready = () => {
    if (!documents) throw new Error('discovery documents are built when the app is ready');
    return documents;
  };
  const health = () =>
    acpHealth({
      checkHealth: deps.health,
      config: deps.config,
      catalogue,
      now: () => deps.clock.now(),
    });

  app.get('/.well-known/acp.json', (request, reply) => ready().acp.send(request, reply));
  app.get('/.well-known/agent-commerce.json', (request, reply) => ready().platform.send(request, reply));
  // /openapi.json is where tools look first; /api/acp-openapi is the path the document was first served at.
  for (const path of ['/openapi.json', '/api/acp-openapi'])
    app.get(path, (request, reply) => ready().openapi.send(request, reply));
  // The Lightning payment handler's config and instrument schemas, which ACP sessions name by URL.
  for (const [name, schema] of Object.entries(LIGHTNING_HANDLER_SCHEMAS)) {
    const path = `${ACP_HANDLER_SCHEMAS_PATH}/lightning/${name}.json`;
    const document = publicDocument({ ...z.toJSONSchema(schema), $id: `${publicUrl}${path}` });
    app.get(path, (request, reply) => document.send(request, reply));
  }
  const sitemap = sitemapXml(publicUrl);
  app.get('/sitemap.xml', (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(sitemap),
  );
  const robots = robotsTxt(publicUrl);
  app.get('/robots.txt', (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robots),
  );

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/acp-health',
      { schema: { response: { 200: acpHealthResponse, 503: acpHealthResponse } } },
      async (_request, reply) => {
        const report = await health();
        reply.header('cache-control', 'no-store');
        return reply.status(report.status === 'down' ? 503 : 200).send(report);
      },
    );

  documentsByApp.set(app, {
    platform: () => ready().platform.body,
    openapi: () => ready().openapi.body,
    health,
  });
}
