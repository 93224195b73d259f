import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acpFlowInput,
  acpFlowOutput,
  amountToMinor,
  simulateInvoicePaidInput,
  simulateInvoicePaidOutput,
  testTokenInput,
  testTokenOutput,
} from '#common/api/agent-tests';
import type { AppContext } from '../../app-context';
import { requireMerchantForScope } from '../auth';
import { runAgentApiFlow } from './run-agent-api-flow';
import { mintTestToken, simulateInvoicePaid } from './sandbox-payments';

// Agent tests reach the store and the payment providers. A person runs a few a minute, but the Bitcoin
// tester confirms every 5 s while it waits, so leave room for two tabs doing that.
const TEST_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/**
 * The agent tester: the merchant plays an agent against its own store and accounts, through the engine
 * calls the documented agent API makes, with the sandbox's payment helpers. Session cookie.
 */
export function registerAgentTestRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'auth' | 'db' | 'engine' | 'config'>,
) {
  const deps = { ...ctx.engine, publicUrl: ctx.config.publicUrl };
  app.register(async (scope) => {
    const merchantOf = requireMerchantForScope(scope, ctx.auth, ctx.db);
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/agent-tests/acp-flow',
      { schema: { body: acpFlowInput, response: { 200: acpFlowOutput } }, config: TEST_LIMIT },
      (request) => runAgentApiFlow(deps, merchantOf(request), request.body),
    );

    r.post(
      '/api/agent-tests/simulate-opennode-paid',
      {
        schema: { body: simulateInvoicePaidInput, response: { 200: simulateInvoicePaidOutput } },
        config: TEST_LIMIT,
      },
      async (request) => {
        await simulateInvoicePaid(deps, merchantOf(request), request.body);
        return { message: 'Payment simulated' };
      },
    );

    r.post(
      '/api/agent-tests/test-token',
      { schema: { body: testTokenInput, response: { 200: testTokenOutput } }, config: TEST_LIMIT },
      async (request) => {
        const { amount, currency, card } = request.body;
        const amountMinor = amountToMinor(amount)!;
        const token = await mintTestToken(deps, merchantOf(request), { amountMinor, currency, card });
        return { token, max_amount: amountMinor, currency, card };
      },
    );
  });
}
