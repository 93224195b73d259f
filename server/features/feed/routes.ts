import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { feedPreviewOutput, feedPreviewQuery, feedProductOutput, feedProductParams } from '#common/api/feed';
import type { AppContext } from '../../app-context';
import { requireMerchantForScope } from '../auth';
import { createFeedDeps, feedProductView, previewFeed } from './feed';

// A rebuild reads the whole store catalogue: a merchant refreshes a few times a minute at most.
const REBUILD_LIMIT = { rateLimit: { max: 6, timeWindow: '1 minute' } };

/** The merchant's Product feed screen (session): the validation preview and one product's record. */
export function registerFeedRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'auth' | 'engine'>) {
  const deps = createFeedDeps(ctx.engine);
  app.register(async (scope) => {
    const merchantOf = requireMerchantForScope(scope, ctx.auth, ctx.db);
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/feed',
      { schema: { querystring: feedPreviewQuery, response: { 200: feedPreviewOutput } } },
      async (request) => previewFeed(deps, merchantOf(request), request.query),
    );
    r.post(
      '/api/feed/rebuild',
      {
        schema: { body: z.object({}).strict().optional(), response: { 200: feedPreviewOutput } },
        config: REBUILD_LIMIT,
      },
      async (request) => previewFeed(deps, merchantOf(request), { page: 1, fresh: true }),
    );
    r.get(
      '/api/feed/products/:productId',
      { schema: { params: feedProductParams, response: { 200: feedProductOutput } } },
      async (request) => feedProductView(deps, merchantOf(request), request.params.productId),
    );
  });
}
