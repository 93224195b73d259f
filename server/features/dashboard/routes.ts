import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acpFlowInput,
  acpFlowOutput,
  amountToMinor,
  simulateOpennodePaidInput,
  simulateOpennodePaidOutput,
  testTokenInput,
  testTokenOutput,
} from '#common/api/agent-tests';
import { listOrdersOutput, listOrdersQuery } from '#common/api/orders';
import {
  checkoutAccessOutput,
  checkoutAccessQuery,
  listPaymentsOutput,
  listPaymentsQuery,
} from '#common/api/payments';
import type { Merchant } from '../../db/schema/index';
import type { AppContext } from '../../http/app';
import { requireMerchant } from '../connections/require-merchant';
import { checkoutAccessLog } from './checkout-access';
import { listOrders } from './list-orders';
import { listPayments } from './list-payments';
import { createOrderChanges } from './order-changes';
import { runAcpFlow } from './run-acp-flow';
import { mintTestToken, simulateOpennodePaid } from './sandbox-payments';
import { createOrderStreams } from './stream-orders';

// Agent tests reach the store and the payment providers. A person runs a few a minute, but the Bitcoin
// tester confirms every 5 s while it waits, so leave room for two tabs doing that.
const TEST_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/**
 * The merchant dashboard's API: orders (list and live stream), payments history with its
 * checkout-access log, and the agent tester. Session cookie; every query is scoped by the merchant.
 */
export function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, runtime } = ctx;
  const engine = {
    db,
    runtime,
    keyring: ctx.config.keyring,
    jobs: ctx.jobs,
    publicUrl: ctx.config.publicUrl,
  };
  const changes = createOrderChanges(ctx.pool, ctx.logger);
  const streams = createOrderStreams(db, changes);
  // Open streams would keep the server from closing.
  app.addHook('preClose', async () => streams.endAll());
  app.addHook('onClose', () => changes.close());

  app.register(async (scope) => {
    const merchantByRequest = new WeakMap<FastifyRequest, Merchant>();
    scope.addHook('onRequest', async (request) => {
      merchantByRequest.set(request, await requireMerchant(ctx.auth, db, request));
    });
    const merchantOf = (request: FastifyRequest) => merchantByRequest.get(request)!;
    const now = () => runtime.clock.now();
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/orders',
      { schema: { querystring: listOrdersQuery, response: { 200: listOrdersOutput } } },
      (request) => listOrders(db, merchantOf(request).id, { limit: request.query.limit, now: now() }),
    );

    r.get('/api/orders/stream', (request, reply) => streams.open(request, reply, merchantOf(request).id));

    r.get(
      '/api/payments',
      { schema: { querystring: listPaymentsQuery, response: { 200: listPaymentsOutput } } },
      async (request) => ({ payments: await listPayments(db, merchantOf(request), request.query, now()) }),
    );

    r.get(
      '/api/security/checkout-access',
      { schema: { querystring: checkoutAccessQuery, response: { 200: checkoutAccessOutput } } },
      (request) => checkoutAccessLog(db, merchantOf(request).id, { limit: request.query.limit, now: now() }),
    );

    r.post(
      '/api/agent-tests/acp-flow',
      { schema: { body: acpFlowInput, response: { 200: acpFlowOutput } }, config: TEST_LIMIT },
      (request) => runAcpFlow(engine, merchantOf(request), request.body),
    );

    r.post(
      '/api/agent-tests/simulate-opennode-paid',
      {
        schema: { body: simulateOpennodePaidInput, response: { 200: simulateOpennodePaidOutput } },
        config: TEST_LIMIT,
      },
      async (request) => {
        await simulateOpennodePaid(engine, merchantOf(request), request.body);
        return { message: 'Payment simulated' };
      },
    );

    r.post(
      '/api/agent-tests/test-token',
      { schema: { body: testTokenInput, response: { 200: testTokenOutput } }, config: TEST_LIMIT },
      async (request) => {
        const { amount, currency, card } = request.body;
        const amountMinor = amountToMinor(amount)!;
        const token = await mintTestToken(engine, merchantOf(request), { amountMinor, currency, card });
        return { token, max_amount: amountMinor, currency, card };
      },
    );
  });
}
