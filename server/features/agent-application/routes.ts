import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  agentApplicationFacts,
  agentApplicationInput,
  applicationBundle,
  UAT_COLLECTION_FILE_NAME,
} from '#common/api/agent-application';
import type { Merchant } from '../../db/schema/index';
import type { AppContext } from '../../app-context';
import { requireMerchant } from '../auth';
import { requirePlanFeature } from '../billing';
import { discoveryOf } from '../discovery';
import { applicationFacts } from './application-facts';
import { generateApplicationBundle } from './application-bundle';
import { uatCollection } from './uat-collection/uat-collection';

// A bundle embeds the whole OpenAPI document and runs the health checks: a person needs a few.
const BUNDLE_LIMIT = { rateLimit: { max: 20, timeWindow: '1 minute' } };

/**
 * The merchant's application to ChatGPT Instant Checkout (the /agent/apply page): its facts, the
 * application bundle and the UAT testing collection. Session cookie; scoped by the signed-in merchant.
 */
export function registerAgentApplicationRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'auth' | 'db' | 'config' | 'clock'>,
) {
  const discovery = discoveryOf(app);
  const { db } = ctx;
  const { publicUrl } = ctx.config;
  app.register(async (scope) => {
    const merchantByRequest = new WeakMap<FastifyRequest, Merchant>();
    scope.addHook('onRequest', async (request) => {
      merchantByRequest.set(request, await requireMerchant(ctx.auth, db, request));
    });
    const merchantOf = (request: FastifyRequest) => merchantByRequest.get(request)!;
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get('/api/agent-application', { schema: { response: { 200: agentApplicationFacts } } }, (request) =>
      applicationFacts(db, merchantOf(request), publicUrl),
    );

    r.post(
      '/api/agent-application/bundle',
      {
        schema: { body: agentApplicationInput, response: { 200: applicationBundle } },
        config: BUNDLE_LIMIT,
      },
      async (request) => {
        await requirePlanFeature(db, merchantOf(request), 'application_bundle', ctx.clock.now());
        return generateApplicationBundle(
          { db, discovery, publicUrl, now: () => ctx.clock.now() },
          merchantOf(request),
          request.body,
        );
      },
    );

    r.get('/api/agent-application/uat-collection', (_request, reply) =>
      reply
        .header('content-disposition', `attachment; filename="${UAT_COLLECTION_FILE_NAME}"`)
        .send(uatCollection(publicUrl)),
    );
  });
}
