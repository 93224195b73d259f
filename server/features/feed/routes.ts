import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  feedDeliveriesOutput,
  feedExportQuery,
  feedPreviewOutput,
  feedPreviewQuery,
  feedProductOutput,
  feedProductParams,
  feedPushSettingsOutput,
  pushFeedOutput,
  updateFeedPushSettingsInput,
} from '#common/api/feed';
import type { AppContext } from '../../app-context';
import { requireMerchantForScope } from '../auth';
import { exportMetadata, exportProductsJsonl } from './export';
import { createFeedDeps, feedProductView, previewFeed } from './feed';
import {
  listFeedDeliveries,
  loadPushTarget,
  pushSettingsView,
  queueFeedPush,
  savePushSettings,
} from './push';

// A rebuild reads the whole store catalogue: a merchant refreshes a few times a minute at most.
const REBUILD_LIMIT = { rateLimit: { max: 6, timeWindow: '1 minute' } };
// A push sends the whole feed to the agent per country: ten a minute is plenty for "Push now".
const PUSH_LIMIT = { rateLimit: { max: 10, timeWindow: '1 minute' } };
const noBody = z.object({}).strict().optional();

/**
 * The merchant's Product feed screen (session): the validation preview, one product's record, the
 * push to the agent's Feed API with its settings and delivery log, and the file export.
 */
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
      { schema: { body: noBody, response: { 200: feedPreviewOutput } }, config: REBUILD_LIMIT },
      async (request) => previewFeed(deps, merchantOf(request), { page: 1, fresh: true }),
    );
    r.get(
      '/api/feed/products/:productId',
      { schema: { params: feedProductParams, response: { 200: feedProductOutput } } },
      async (request) => feedProductView(deps, merchantOf(request), request.params.productId),
    );
    r.get(
      '/api/feed/push/settings',
      { schema: { response: { 200: feedPushSettingsOutput } } },
      async (request) => pushSettingsView(await loadPushTarget(ctx.engine, merchantOf(request))),
    );
    r.put(
      '/api/feed/push/settings',
      { schema: { body: updateFeedPushSettingsInput, response: { 200: feedPushSettingsOutput } } },
      async (request) => savePushSettings(ctx.engine, merchantOf(request), request.body),
    );
    r.post(
      '/api/feed/push',
      { schema: { body: noBody, response: { 200: pushFeedOutput } }, config: PUSH_LIMIT },
      async (request) => ({ deliveries: await queueFeedPush(ctx.engine, merchantOf(request), 'manual') }),
    );
    r.get(
      '/api/feed/push/deliveries',
      { schema: { response: { 200: feedDeliveriesOutput } } },
      async (request) => ({ deliveries: await listFeedDeliveries(ctx.engine, merchantOf(request).id) }),
    );
    r.get(
      '/api/feed/export/metadata.json',
      { schema: { querystring: feedExportQuery } },
      async (request, reply) => {
        const body = await exportMetadata(deps, merchantOf(request), request.query.country);
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', 'attachment; filename="metadata.json"')
          .send(`${JSON.stringify(body, null, 2)}\n`);
      },
    );
    r.get(
      '/api/feed/export/products.jsonl',
      { schema: { querystring: feedExportQuery }, config: REBUILD_LIMIT },
      async (request, reply) => {
        const body = await exportProductsJsonl(deps, merchantOf(request));
        return reply
          .header('content-type', 'application/jsonl; charset=utf-8')
          .header('content-disposition', 'attachment; filename="products.jsonl"')
          .send(body);
      },
    );
  });
}
