import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listOrdersOutput, listOrdersQuery } from '#common/api/orders';
import type { AppContext } from '../../app-context';
import { requireMerchantForScope } from '../auth';
import { listOrders } from './list-orders';
import { notificationStreamChannel } from '../notifications';
import { createOrderStreams } from './stream-orders';

/** The merchant's orders: the list and its live stream. Session cookie; every query is scoped by the merchant. */
export function registerOrderRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'auth' | 'db' | 'liveEvents' | 'clock'>,
) {
  const { db } = ctx;
  // What else the dashboard's stream carries: in-app notifications.
  const liveChannels = [notificationStreamChannel(db)];
  const streams = createOrderStreams(db, ctx.liveEvents, liveChannels);
  // Open streams would keep the server from closing.
  app.addHook('preClose', async () => streams.endAll());

  app.register(async (scope) => {
    const merchantOf = requireMerchantForScope(scope, ctx.auth, db);
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/orders',
      { schema: { querystring: listOrdersQuery, response: { 200: listOrdersOutput } } },
      (request) =>
        listOrders(db, merchantOf(request).id, { limit: request.query.limit, now: ctx.clock.now() }),
    );

    r.get('/api/orders/stream', (request, reply) => streams.open(request, reply, merchantOf(request).id));
  });
}
