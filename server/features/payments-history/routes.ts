import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  listPaymentsFields,
  listPaymentsOutput,
  paymentDetailsOutput,
  paymentDetailsParams,
  paymentsFilter,
  withDateRangeInOrder,
} from '#common/api/payments';
import type { AppContext } from '../../app-context';
import { paymentMethodNameSchema } from '../../integrations/payments/registry';
import { requireMerchantForScope } from '../auth';
import { exportPaymentsCsv } from './export-payments';
import { listPayments } from './list-payments';
import { paymentDetails } from './payment-details';
import { paymentCursor } from './payment-filter';

/** Only methods a provider is registered for (ADR 011); anything else is a 400. */
const serverFilter = { method: paymentMethodNameSchema.optional() };

/**
 * The merchant's payments history: pages and a CSV export (no buyer data), and one payment with its
 * buyer, whose opening security monitoring records as a checkout access. Session cookie; every query is
 * scoped by the merchant.
 */
export function registerPaymentsHistoryRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'auth' | 'db' | 'checkoutAccess' | 'clock'>,
) {
  const { db } = ctx;
  app.register(async (scope) => {
    const merchantOf = requireMerchantForScope(scope, ctx.auth, db);
    const now = () => ctx.clock.now();
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/payments',
      {
        schema: {
          querystring: withDateRangeInOrder(
            listPaymentsFields.extend({ ...serverFilter, cursor: paymentCursor.optional() }),
          ),
          response: { 200: listPaymentsOutput },
        },
      },
      (request) => listPayments(db, merchantOf(request), request.query),
    );

    r.get(
      '/api/payments/export.csv',
      { schema: { querystring: withDateRangeInOrder(paymentsFilter.extend(serverFilter)) } },
      (request, reply) => {
        const merchant = merchantOf(request);
        const day = now().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="payments-${day}.csv"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(exportPaymentsCsv(db, merchant, request.query)));
      },
    );

    r.get(
      '/api/payments/:id',
      { schema: { params: paymentDetailsParams, response: { 200: paymentDetailsOutput } } },
      (request) => paymentDetails(ctx, merchantOf(request), request.params.id),
    );
  });
}
