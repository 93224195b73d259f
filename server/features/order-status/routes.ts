import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderStatusOutput, orderStatusParams, refundInvoiceInput } from '#common/api/order-status';
import type { AppContext } from '../../app-context';
import { readOrderStatus, submitRefundInvoice } from './order-status';

// A buyer opens their order a few times; a script trying tokens needs far more than this allows.
const READ_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };
// A buyer pastes an invoice or two; nobody needs more to get a refund.
const INVOICE_LIMIT = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/** The public order-status page's API (no sign-in: the token in the path is the credential). */
export function registerOrderStatusRoutes(app: FastifyInstance, deps: Pick<AppContext, 'db' | 'engine'>) {
  const noIndex = async (_request: unknown, reply: { header: (k: string, v: string) => unknown }) => {
    reply.header('x-robots-tag', 'noindex, nofollow');
    reply.header('referrer-policy', 'no-referrer');
  };
  /**
   * The buyer's invoice for their Lightning refund (ADR 053): checked, then paid by the store's
   * provider, once. Answers the order as it then stands; a refused invoice is a 422 saying why.
   */
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/order-status/:token/refund-invoice',
    {
      schema: { params: orderStatusParams, body: refundInvoiceInput, response: { 200: orderStatusOutput } },
      config: INVOICE_LIMIT,
      onSend: noIndex,
    },
    async (request) => submitRefundInvoice(deps.engine, request.params.token, request.body.invoice),
  );
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
