import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsQuery, analyticsReport as analyticsReportSchema } from '#common/api/analytics';
import type { AppContext } from '../../app-context';
import { requireMerchantForScope } from '../auth';
import { analyticsReport } from './analytics-report';

/**
 * GET /api/analytics?days=7|30|90&include_test=false|true: the merchant's sales by day, method, channel and agent. Session cookie. */
export function registerAnalyticsRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'auth' | 'db' | 'clock'>,
) {
  app.register(async (scope) => {
    const merchantOf = requireMerchantForScope(scope, ctx.auth, ctx.db);
    scope
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/api/analytics',
        { schema: { querystring: analyticsQuery, response: { 200: analyticsReportSchema } } },
        (request) => analyticsReport(ctx.db, merchantOf(request), request.query, ctx.clock.now()),
      );
  });
}
