import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checkoutAccessOutput,
  checkoutAccessQuery,
  listPaymentsOutput,
  listPaymentsQuery,
} from '#common/api/payments';
import type { AppContext } from '../../app-context';
import { paymentMethodNameSchema } from '../../integrations/payments/registry';
import { requireMerchantForScope } from '../connections';
import { checkoutAccessLog } from './checkout-access';
import { listPayments } from './list-payments';

/**
 * The merchant's payments history, and the log of who was shown its checkout data. Session cookie;
 * every query is scoped by the merchant.
 */
export function registerPaymentsHistoryRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'auth' | 'db' | 'runtime'>,
) {
  const { db } = ctx;
  app.register(async (scope) => {
    const merchantOf = requireMerchantForScope(scope, ctx.auth, db);
    const now = () => ctx.runtime.clock.now();
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/payments',
      {
        schema: {
          querystring: listPaymentsQuery.extend({ method: paymentMethodNameSchema.optional() }),
          response: { 200: listPaymentsOutput },
        },
      },
      async (request) => ({ payments: await listPayments(db, merchantOf(request), request.query, now()) }),
    );

    r.get(
      '/api/security/checkout-access',
      { schema: { querystring: checkoutAccessQuery, response: { 200: checkoutAccessOutput } } },
      (request) => checkoutAccessLog(db, merchantOf(request).id, { limit: request.query.limit, now: now() }),
    );
  });
}
