import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderStatusOutput, orderStatusParams } from '#common/api/order-status';
import type { AppContext } from '../../app-context';
import { readOrderStatus } from './order-status';

// A buyer opens their order a few times; a script trying tokens needs far more than this allows.
const READ_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** The public order-status page's API (no sign-in: the token in the path is the credential). */
export function registerOrderStatusRoutes(app: FastifyInstance, deps: Pick<AppContext, 'db'>) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/order-status/:token',
    {
      schema: { params: orderStatusParams, response: { 200: orderStatusOutput } },
      config: READ_LIMIT,
      // The path is a secret: no cache, index or Referer may keep it (no-store is the API default).
      onSend: async (_request, reply) => {
        reply.header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer');
      },
    },
    async (request) => readOrderStatus(deps.db, request.params.token),
  );
}
