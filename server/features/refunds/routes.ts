import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createRefundInput,
  createRefundOutput,
  paymentRefundsOutput,
  paymentRefundsParams,
} from '#common/api/refunds';
import {
  cancelOrderInput,
  cancelOrderOutput,
  orderParams,
  storeCancellationDecisionInput,
} from '#common/api/orders';
import type { AppContext } from '../../app-context';
import { apiErrorBody } from '../../http/errors';
import { answerIdempotently, type IdempotencyRefusal } from '../../http/idempotency';
import { AppError } from '../../lib/app-error';
import { requireMerchantForScope } from '../auth';
import { cancelOrder, decideStoreCancellation } from './cancel-order';
import { createRefund, paymentRefunds } from './create-refund';

/**
 * Refunding and cancelling move money: a person makes a few a minute, a script gone wrong many more.
 * Per address, as every per-route limit; exported for the tests that reach it.
 */
export const MONEY_WRITE_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/**
 * The merchant's refunds of its payments (ADR 047). Session cookie; every query is scoped by the
 * merchant, so another merchant's payment is a 404.
 */
export function registerRefundRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'auth' | 'db' | 'engine' | 'clock' | 'instance' | 'logger'>,
) {
  app.register(async (scope) => {
    const merchantOf = requireMerchantForScope(scope, ctx.auth, ctx.db);
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/payments/:id/refunds',
      { schema: { params: paymentRefundsParams, response: { 200: paymentRefundsOutput } } },
      (request) => paymentRefunds(ctx.engine, merchantOf(request), request.params.id),
    );

    /**
     * An Idempotency-Key names one logical refund: the same key and request replay the first answer
     * (Idempotent-Replayed: true) and refund once; another request with it is a 422; a repeat while the
     * first runs is a 409. A refused refund that may pass later (409: the remainder is held by another
     * refund, which may yet fail) and 5xx answers are not kept, so the key's retry runs again.
     */
    r.post(
      '/api/payments/:id/refunds',
      {
        config: MONEY_WRITE_LIMIT,
        schema: {
          params: paymentRefundsParams,
          body: createRefundInput,
          response: { 201: createRefundOutput },
        },
      },
      async (request, reply) => {
        const merchant = merchantOf(request);
        const header = request.headers['idempotency-key'];
        const key = typeof header === 'string' ? header.trim() : '';
        await answerIdempotently(reply, {
          db: ctx.db,
          at: { now: ctx.clock.now(), instanceId: ctx.instance.id },
          merchantId: merchant.id,
          endpoint: 'refunds:create',
          key,
          keyRequired: false,
          request: { payment: request.params.id, body: request.body },
          run: async () => ({
            status: 201,
            body: await createRefund(ctx.engine, merchant, request.params.id, request.body, key || undefined),
          }),
          refuse: refuseKey('refund'),
          answerError: answerAppError(request.id),
          isNotYet: (answer) => answer.status === 409 || answer.status >= 500,
        });
      },
    );

    /**
     * The merchant cancels an order not yet fulfilled (ADR 056): refunded in full, the store told, the
     * agent told `canceled`. An Idempotency-Key is honoured as for a refund: the same key and request
     * replay the first answer; the order's one cancellation and one refund hold without it too.
     */
    r.post(
      '/api/orders/:id/cancel',
      {
        config: MONEY_WRITE_LIMIT,
        schema: { params: orderParams, body: cancelOrderInput, response: { 200: cancelOrderOutput } },
      },
      async (request, reply) => {
        const merchant = merchantOf(request);
        const header = request.headers['idempotency-key'];
        const key = typeof header === 'string' ? header.trim() : '';
        await answerIdempotently(reply, {
          db: ctx.db,
          at: { now: ctx.clock.now(), instanceId: ctx.instance.id },
          merchantId: merchant.id,
          endpoint: 'orders:cancel',
          key,
          keyRequired: false,
          request: { order: request.params.id, body: request.body },
          run: async () => ({
            status: 200,
            body: await cancelOrder(ctx.engine, merchant, request.params.id, request.body),
          }),
          refuse: refuseKey('cancellation'),
          answerError: answerAppError(request.id),
          isNotYet: (answer) => answer.status >= 500,
        });
      },
    );

    /** The merchant's decision on an order the store cancelled and the policy flagged (ADR 056). */
    r.post(
      '/api/orders/:id/store-cancellation',
      {
        config: MONEY_WRITE_LIMIT,
        schema: {
          params: orderParams,
          body: storeCancellationDecisionInput,
          response: { 200: cancelOrderOutput },
        },
      },
      (request) =>
        decideStoreCancellation(ctx.engine, merchantOf(request), request.params.id, request.body.decision),
    );
  });
}

/** Why a money write's Idempotency-Key is refused, naming the write (a refund, a cancellation). */
function refuseKey(noun: string) {
  return (reason: IdempotencyRefusal) => {
    if (reason === 'key_too_long')
      return new AppError('invalid_request', 'Idempotency-Key must be at most 255 characters.');
    if (reason === 'conflict')
      return new AppError(
        'unprocessable',
        `This Idempotency-Key was already used with a different ${noun} request.`,
      );
    return new AppError('conflict', `A ${noun} with this Idempotency-Key is still being made.`);
  };
}

/** A refused money write in the documented error shape; anything else is a fault and propagates. */
function answerAppError(requestId: string) {
  return (err: unknown) => {
    if (!(err instanceof AppError)) throw err;
    return { status: err.status, body: apiErrorBody(requestId, err.code, err.message, err.fieldErrors) };
  };
}
