import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readinessReport } from '#common/api/readiness';
import type { AppContext } from '../../app-context';
import { requireMerchant } from '../auth';
import { checkReadiness } from './check-readiness';

/** GET /api/readiness (spec acp-readiness): the signed-in merchant's report; echoes x-request-id. */
export function registerReadinessRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'auth' | 'db' | 'engine' | 'config'>,
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/readiness',
    {
      schema: { response: { 200: readinessReport } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const merchant = await requireMerchant(ctx.auth, ctx.db, request);
      return checkReadiness(ctx.engine, merchant, {
        version: ctx.config.version,
        requestId: request.id,
      });
    },
  );
}
