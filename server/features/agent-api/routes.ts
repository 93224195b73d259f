import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkoutRequest, confirmRequest, offerRequest } from '#common/api/agent';
import { AGENT_API_CHANNEL } from '#common/domain/sales-channel';
import type { Merchant } from '../../db/schema/index';
import { answerIdempotently, type IdempotentAnswer } from '../../http/idempotency';
import { agentFromUserAgent } from '../../lib/agent-identity';
import { refusedValueAs400 } from '../../lib/refused-value';
import { payments, refunds } from '../../db/schema/index';
import {
  CommerceError,
  confirmCheckout,
  type EngineDeps,
  createCheckout,
  createOffer,
  paymentWebhookUrl,
} from '../commerce';
import type { AppContext } from '../../app-context';
import { agentKeyGuard, agentOperation } from '../developers';
import { createAgentCallMonitor, notifyDepsOf } from '../notifications';
import { agentAccess, type CheckoutAccessRecorder } from '../security-monitoring';
import { AgentApiError } from './agent-error';
import { getOrderForAgent } from './get-order';
import { recordRequestError } from '../status';
import { acceptedToApi, checkoutToApi, offerToApi, orderToApi } from './to-api';
import { toAgentError } from './to-agent-error';

const isStillProcessing = (err: unknown) =>
  err instanceof CommerceError && err.code === 'already_processed' && err.details.status === 'PROCESSING';

export type AgentApiDeps = EngineDeps & {
  publicUrl: string;
  checkoutAccess: CheckoutAccessRecorder;
  /** Told each answered call of a recognised key, after the answer is sent (API error notifications). */
  observeCall?(merchantId: string, status: number): void;
};

/**
 * The documented agent API under both spellings: /api/agent/offer and /api/agent-offer, and
 * so on. Every answer and error is in the documented shapes; Idempotency-Key (or the body's
 * idempotency_key) replays the first answer for the same body.
 */
export function registerAgentApiRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'engine' | 'checkoutAccess' | 'db' | 'mailer' | 'clock' | 'logger' | 'config'>,
) {
  const agentCalls = createAgentCallMonitor(notifyDepsOf(ctx));
  const deps: AgentApiDeps = {
    ...ctx.engine,
    publicUrl: ctx.config.publicUrl,
    checkoutAccess: ctx.checkoutAccess,
    observeCall: (merchantId, status) => agentCalls.observe(merchantId, status),
  };
  app.register(async (scope) => {
    const merchantByRequest = new WeakMap<FastifyRequest, Merchant>();

    /**
     * An error as the agent API answers it, whether the error handler sends it or an Idempotency-Key
     * keeps it: the same body, and the same Retry-After on a 503 (docs: retry after 5 s).
     */
    function errorAnswer(request: FastifyRequest, reply: FastifyReply, error: unknown): IdempotentAnswer {
      const agentError = toAgentError(refusedValueAs400(request, error) ?? error);
      if (agentError.status >= 500 && agentError.code === 'INTERNAL_ERROR') {
        request.log.error({ err: error }, 'agent API failure');
        recordRequestError(deps.db, request, agentError.status);
      }
      if (agentError.status === 503) reply.header('retry-after', '5');
      return { status: agentError.status, body: agentError.body(request.id) };
    }

    scope.setErrorHandler((error, request, reply) => {
      const answer = errorAnswer(request, reply, error);
      return reply.status(answer.status).send(answer.body);
    });

    const checkKey = agentKeyGuard(scope, deps.db);
    scope.addHook('onRequest', async (request, reply) => {
      const check = await checkKey(request);
      if (check.ok) return void merchantByRequest.set(request, check.merchant);
      if (check.reason === 'address_not_allowed') throw new AgentApiError('FORBIDDEN', check.message);
      if (check.reason !== 'throttled') throw new AgentApiError('UNAUTHORIZED', check.message);
      reply.header('retry-after', '60');
      throw new AgentApiError('RATE_LIMIT', check.message);
    });
    const merchantOf = (request: FastifyRequest) => merchantByRequest.get(request)!;
    if (deps.observeCall) {
      const observe = deps.observeCall;
      scope.addHook('onResponse', async (request, reply) => {
        const merchant = merchantByRequest.get(request);
        if (merchant) observe(merchant.id, reply.statusCode);
      });
    }

    /** Runs a handler under the request's Idempotency-Key (header, or the body's idempotency_key), if any. */
    function idempotent(
      request: FastifyRequest,
      reply: FastifyReply,
      endpoint: string,
      run: () => Promise<IdempotentAnswer>,
    ) {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const header = request.headers['idempotency-key'];
      const key =
        (typeof header === 'string' && header.trim()) ||
        (typeof body.idempotency_key === 'string' ? body.idempotency_key : '');
      const { idempotency_key: _ignored, ...hashed } = body;
      return answerIdempotently(reply, {
        db: deps.db,
        at: { now: deps.clock.now(), instanceId: deps.instance.id },
        merchantId: merchantOf(request).id,
        endpoint,
        key,
        keyRequired: false,
        request: hashed,
        run,
        refuse: (reason) => {
          if (reason === 'key_required' || reason === 'key_too_long')
            return new AgentApiError('VALIDATION_ERROR', 'Idempotency-Key must be at most 255 characters');
          if (reason === 'conflict') {
            return new AgentApiError(
              'IDEMPOTENCY_CONFLICT',
              'This Idempotency-Key was already used with a different request body',
              { idempotency_key: key },
            );
          }
          reply.header('retry-after', '1');
          return new AgentApiError(
            'IDEMPOTENCY_CONFLICT',
            'A request with this Idempotency-Key is still being processed',
            { idempotency_key: key, in_flight: true },
          );
        },
        answerError: (err) => errorAnswer(request, reply, err),
        // A checkout still PROCESSING is a "not yet" (its confirm may have died and be recovered by
        // reconciliation): not kept, so the key's retry learns how the checkout ended.
        isNotYet: (_answer, err) => isStillProcessing(err),
      });
    }

    const r = scope.withTypeProvider<ZodTypeProvider>();
    // One limit per operation, whichever of its two paths is called.
    const offer = agentOperation(scope, 'agent.offer', 100, { recentKey: true });
    const checkout = agentOperation(scope, 'agent.checkout', 30);
    const confirm = agentOperation(scope, 'agent.confirm', 30);
    const order = agentOperation(scope, 'agent.order', 100);
    for (const path of ['/api/agent/offer', '/api/agent-offer']) {
      r.post(path, { schema: { body: offerRequest }, ...offer }, (request, reply) =>
        idempotent(request, reply, 'offer', async () => ({
          status: 200,
          body: offerToApi(
            await createOffer(deps, merchantOf(request), {
              items: request.body.items,
              destination: request.body.destination,
              currency: request.body.currency,
              origin: {
                channel: AGENT_API_CHANNEL,
                agent: agentFromUserAgent(request.headers['user-agent']),
              },
            }),
          ),
        })),
      );
    }

    for (const path of ['/api/agent/checkout', '/api/agent-checkout']) {
      r.post(path, { schema: { body: checkoutRequest }, ...checkout }, (request, reply) =>
        idempotent(request, reply, 'checkout', async () => {
          const merchant = merchantOf(request);
          const { buyer, payment } = request.body;
          const { checkout, payment: row } = await createCheckout(deps, merchant, {
            offerId: request.body.offer_id,
            shippingOptionId: request.body.shipping_option_id,
            buyer: {
              name: buyer.name,
              email: buyer.email,
              phone: buyer.phone ?? null,
              address: buyer.address,
            },
            payment:
              payment.method === 'stripe'
                ? {
                    method: 'stripe',
                    sharedPaymentToken: payment.shared_payment_token,
                    amount: payment.amount,
                    currency: payment.currency,
                  }
                : { method: 'btc', amount: payment.amount, currency: payment.currency },
            callbackUrl: (provider) => paymentWebhookUrl(deps.publicUrl, provider, merchant.id),
          });
          return { status: 201, body: checkoutToApi(checkout, row) };
        }),
      );
    }

    for (const path of ['/api/agent/confirm', '/api/agent-confirm']) {
      r.post(path, { schema: { body: confirmRequest }, ...confirm }, (request, reply) =>
        idempotent(request, reply, 'confirm', async () => {
          const merchant = merchantOf(request);
          const result = await confirmCheckout(deps, merchant, request.body.checkout_id);
          if (result.status === 'ACCEPTED') {
            deps.checkoutAccess.record(merchant.id, agentAccess.ofOrder(merchant, result.order));
            return { status: 200, body: acceptedToApi(result.order) };
          }
          deps.checkoutAccess.record(merchant.id, agentAccess.ofCheckout(merchant, result.checkout));
          const [payment] = await deps.db
            .select()
            .from(payments)
            .where(eq(payments.checkoutId, result.checkout.id));
          return {
            status: 200,
            body: { ...checkoutToApi(result.checkout, payment!), payment_status: payment!.status },
          };
        }),
      );
    }

    for (const path of ['/api/agent/order/:id', '/api/agent-order/:id']) {
      r.get(
        path,
        { schema: { params: z.object({ id: z.string().max(100) }) }, ...order },
        async (request) => {
          const merchant = merchantOf(request);
          const order = await getOrderForAgent(deps, merchant, request.params.id);
          deps.checkoutAccess.record(merchant.id, agentAccess.ofOrder(merchant, order));
          const orderRefunds = await deps.db
            .select()
            .from(refunds)
            .where(and(eq(refunds.orderId, order.id), eq(refunds.merchantId, merchant.id)))
            .orderBy(asc(refunds.createdAt), asc(refunds.id));
          return orderToApi(order, orderRefunds);
        },
      );
    }

    // A path under the agent API that names no operation answers in the agent API's error shape too, so a
    // client parses one shape whatever it calls.
    scope.all('/api/agent/*', async (request) => {
      const path = request.url.split('?')[0];
      throw new AgentApiError('NOT_FOUND', `No agent API endpoint ${request.method} ${path}`);
    });
  });
}
