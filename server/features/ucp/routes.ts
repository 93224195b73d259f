import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { acpSessions, type Merchant } from '../../db/schema/index';
import { answerIdempotently, type IdempotentAnswer } from '../../http/idempotency';
import { agentFromUserAgent } from '../../lib/agent-identity';
import {
  AcpError,
  cancelSession,
  completeSession,
  createSession,
  issueLightningInvoice,
  loadSession,
  updateSession,
  viewSession,
  withStoreOrderStatus,
  type AcpDeps,
  type SessionState,
} from '../acp';
import { agentKeyGuard, agentOperation } from '../developers';
import { recordRequestError } from '../status';
import { ucpChannel } from '#common/domain/sales-channel';
import { businessProfile } from './business-profile';
import { renderCheckout } from './checkout-view';
import { renderOrder } from './order-view';
import { orderRefunds } from './order-webhooks';
import { UCP_PROFILE_PATH, UCP_REST_PREFIX, UCP_VERSION } from './protocol';
import {
  checkoutRequest,
  completeRequest,
  toCompletePayment,
  toSessionChanges,
  type UcpPayment,
} from './requests';
import { negotiate, type UcpAgent } from './ucp-agent';
import { toUcpError, UcpError, UcpOutcome } from './ucp-error';
import { merchantSigningKey } from './signing-keys';

/** What a UCP session stores as its version: its sales channel (ADR 048). */
const SESSION_VERSION = ucpChannel(UCP_VERSION);
/** "Not yet" answers (a completion running, a rate limit) are not kept: a retry must see what happened. */
const NOT_REPLAYED = new Set([409, 429]);
/** Completion failures that are the buyer's business, answered 200 with the checkout and its messages. */
const PAYMENT_OUTCOMES = new Set(['payment_declined', 'payment_expired']);
const CHECKOUT_OUTCOMES = new Set([
  ...PAYMENT_OUTCOMES,
  'prices_changed',
  'session_not_ready',
  'missing',
  'payment_pending',
]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const agentOf = (request: FastifyRequest) => agentFromUserAgent(request.headers['user-agent']);

/**
 * The Universal Commerce Protocol's REST binding (checkout-rest.md, order-rest.md) under /ucp, and the
 * business profile at /.well-known/ucp: a second standard front door over the same session layer and
 * engine as /acp, so one checkout is claimed and charged once whichever door completes it (ADR 048).
 */
export function registerUcpRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'engine' | 'config' | 'checkoutAccess' | 'acpAgents'>,
) {
  const publicUrl = ctx.config.publicUrl;
  const deps: AcpDeps = { ...ctx.engine, publicUrl, checkoutAccess: ctx.checkoutAccess };
  const merchants = new WeakMap<FastifyRequest, Merchant>();
  const merchantOf = (request: FastifyRequest) => merchants.get(request)!;
  const agents = new WeakMap<FastifyRequest, UcpAgent>();
  /** Each body as received, for the platform's Content-Digest and signature. */
  const rawBodies = new WeakMap<FastifyRequest, string>();

  /** Errors in UCP's shapes: protocol errors `{code, content}`, an unknown resource as a 200 outcome. */
  const answerError = (request: FastifyRequest, reply: FastifyReply, err: unknown): IdempotentAnswer => {
    const error = toUcpError(err);
    if (error instanceof UcpOutcome) return { status: 200, body: error.body() };
    if (error.status >= 500) {
      if (error.status === 503) request.log.warn({ err }, `UCP request met an outage: ${error.code}`);
      else request.log.error({ err }, 'UCP request failed');
      recordRequestError(deps.db, request, error.status);
    }
    if (error.extra.retryAfter) reply.header('retry-after', String(error.extra.retryAfter));
    return { status: error.status, body: error.body() };
  };

  /** The merchant the caller's key belongs to (401, 403 off the allowlist, 429 after many bad keys). */
  const authenticate = (scope: FastifyInstance) => {
    const checkKey = agentKeyGuard(scope, deps.db);
    return async (request: FastifyRequest) => {
      const check = await checkKey(request);
      if (check.ok) return void merchants.set(request, check.merchant);
      if (check.reason === 'throttled')
        throw new UcpError(429, 'rate_limit_exceeded', check.message, { retryAfter: 60 });
      if (check.reason === 'address_not_allowed') throw new UcpError(403, 'forbidden', check.message);
      throw new UcpError(401, 'unauthorized', check.message);
    };
  };

  const answerInUcpShape = (scope: FastifyInstance) => {
    scope.setErrorHandler((err, request, reply) => {
      const { status, body } = answerError(request, reply, err);
      return reply.status(status).send(body);
    });
  };

  app.register(async (scope) => {
    answerInUcpShape(scope);
    scope.addHook('onRequest', authenticate(scope));
    scope.get(UCP_PROFILE_PATH, agentOperation(scope, 'ucp.profile', 100), async (request, reply) => {
      const merchant = merchantOf(request);
      const key = await merchantSigningKey({ db: deps.db, keyring: ctx.config.keyring }, merchant.id);
      return reply
        .header('cache-control', 'private, max-age=300')
        .send(businessProfile(merchant, publicUrl, key));
    });
  });

  app.register(
    async (scope) => {
      answerInUcpShape(scope);
      scope.setNotFoundHandler((request, reply) => {
        const path = request.url.split('?')[0];
        return reply
          .status(404)
          .send(new UcpError(404, 'not_found', `No UCP endpoint ${request.method} ${path}`).body());
      });
      // Every path under /ucp answers in UCP's shape, including GETs the web app's catch-all would take.
      scope.all('/', (_request, reply) => reply.callNotFound());
      scope.all('/*', (_request, reply) => reply.callNotFound());
      scope.addHook('onRequest', async (request) => {
        agents.set(request, negotiate(request.headers['ucp-agent'], publicUrl));
      });
      scope.addHook('onRequest', authenticate(scope));

      // Bodies are read as JSON whatever their Content-Type, and kept raw for the signature check.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        '*',
        { parseAs: 'string', bodyLimit: 1024 * 1024 },
        (request, body, done) => {
          const raw = body as string;
          rawBodies.set(request, raw);
          if (!raw.trim()) return done(null, undefined);
          try {
            return done(null, JSON.parse(raw));
          } catch {
            return done(
              new UcpError(400, 'invalid_request', 'The request body is not valid JSON'),
              undefined,
            );
          }
        },
      );
      // Signed requests (signatures.md): verified when the merchant's signature policy asks for it.
      scope.addHook('preHandler', async (request) => {
        const verdict = await ctx.acpAgents.verifyUcpSignature(merchantOf(request).id, {
          method: request.method,
          path: request.url,
          authorities: [new URL(publicUrl).host, request.headers.host ?? ''].filter(Boolean),
          headers: request.headers,
          rawBody: rawBodies.get(request) ?? '',
          profileUrl: agents.get(request)!.profile,
        });
        if (!verdict.ok) throw new UcpError(verdict.status, verdict.code, verdict.message);
      });

      const parse = <T extends z.ZodType>(schema: T, body: unknown): z.infer<T> => {
        const parsed = schema.safeParse(body ?? {});
        if (parsed.success) return parsed.data;
        const issue = parsed.error.issues[0]!;
        const path = issue.path.reduce<string>(
          (at, part) => (typeof part === 'number' ? `${at}[${part}]` : `${at}.${String(part)}`),
          '$',
        );
        throw new UcpError(400, 'invalid_request', `${path}: ${issue.message}`);
      };

      const render = (request: FastifyRequest, state: SessionState, outcome?: AcpError) => {
        const merchant = merchantOf(request);
        const view = viewSession(state, merchant, publicUrl, deps.clock.now());
        return renderCheckout(view, state.session.items, merchant, publicUrl, outcome);
      };

      /**
       * Idempotency-Key (checkout-rest.md): the one store the agent API and ACP use, scoped to the
       * merchant and the endpoint and kept 24 hours. The same key and body replay the first answer;
       * another body is 409, as is a repeat while the first still runs.
       */
      const idempotent = (
        request: FastifyRequest,
        reply: FastifyReply,
        endpoint: string,
        run: () => Promise<IdempotentAnswer>,
      ) => {
        const header = request.headers['idempotency-key'];
        return answerIdempotently(reply, {
          db: deps.db,
          at: { now: deps.clock.now(), instanceId: deps.instance.id },
          merchantId: merchantOf(request).id,
          endpoint: `ucp:${endpoint}`,
          key: typeof header === 'string' ? header.trim() : '',
          keyRequired: false,
          request: { version: UCP_VERSION, body: request.body ?? null },
          run,
          refuse: (reason) => {
            if (reason === 'key_too_long') {
              return new UcpError(400, 'invalid_request', 'Idempotency-Key must be at most 255 characters');
            }
            if (reason === 'conflict') {
              return new UcpError(
                409,
                'idempotency_conflict',
                'Idempotency-Key has already been used with other parameters',
              );
            }
            return new UcpError(
              409,
              'idempotency_in_flight',
              'A request with this Idempotency-Key is still being processed',
              {
                retryAfter: 1,
              },
            );
          },
          answerError: (err) => answerError(request, reply, err),
          isNotYet: (answer) => NOT_REPLAYED.has(answer.status),
        });
      };

      const idParam = (request: FastifyRequest) => {
        const id = (request.params as { id: string }).id;
        if (id.length > 100)
          throw new UcpOutcome('not_found', 'No such checkout session', 'dev.ucp.shopping.checkout');
        return id;
      };

      /**
       * A card is charged now. Lightning escalates: the first complete puts an invoice on the checkout
       * (requires_escalation, its page as continue_url); a complete once it is paid places the order.
       */
      const pay = async (merchant: Merchant, id: string, payment: UcpPayment) => {
        if (payment.kind === 'card') return completeSession(deps, merchant, id, { payment });
        const { payment: invoice, checkout } = await loadSession(deps, merchant, id);
        const pending = checkout?.method === 'btc' && checkout.status === 'PENDING_PAYMENT';
        if (!pending || !invoice?.providerInvoiceId) return issueLightningInvoice(deps, merchant, id);
        const invoiceId = invoice.providerInvoiceId;
        return completeSession(deps, merchant, id, { payment: { kind: 'lightning', invoiceId } });
      };

      scope.post('/checkout-sessions', agentOperation(scope, 'ucp.create', 100), (request, reply) =>
        idempotent(request, reply, 'create', async () => {
          const changes = toSessionChanges(parse(checkoutRequest, request.body));
          const state = await createSession(
            deps,
            merchantOf(request),
            SESSION_VERSION,
            changes,
            agentOf(request),
          );
          // Where this checkout's order webhooks go: the webhook_url of the profile its platform named.
          const profile = agents.get(request)!.profile;
          await deps.db
            .update(acpSessions)
            .set({ platformProfileUrl: profile })
            .where(eq(acpSessions.id, state.session.id));
          return {
            status: 201,
            body: render(request, { ...state, session: { ...state.session, platformProfileUrl: profile } }),
          };
        }),
      );

      scope.get('/checkout-sessions/:id', agentOperation(scope, 'ucp.get', 100), async (request) => {
        const merchant = merchantOf(request);
        const state = await withStoreOrderStatus(
          deps,
          merchant,
          await loadSession(deps, merchant, idParam(request)),
        );
        return render(request, state);
      });

      scope.put('/checkout-sessions/:id', agentOperation(scope, 'ucp.update', 100), (request, reply) => {
        const id = idParam(request);
        return idempotent(request, reply, `update:${id}`, async () => {
          const changes = toSessionChanges(parse(checkoutRequest, request.body));
          const state = await updateSession(
            deps,
            merchantOf(request),
            SESSION_VERSION,
            id,
            changes,
            agentOf(request),
          );
          return { status: 200, body: render(request, state) };
        });
      });

      scope.post(
        '/checkout-sessions/:id/complete',
        agentOperation(scope, 'ucp.complete', 30),
        (request, reply) => {
          const id = idParam(request);
          return idempotent(request, reply, `complete:${id}`, async () => {
            const merchant = merchantOf(request);
            const payment = toCompletePayment(parse(completeRequest, request.body));
            try {
              return {
                status: 200,
                body: render(request, await pay(merchant, id, payment)),
              };
            } catch (err) {
              if (!(err instanceof AcpError) || !CHECKOUT_OUTCOMES.has(err.code)) throw err;
              const state = await loadSession(deps, merchant, id);
              return {
                status: 200,
                body: render(request, state, PAYMENT_OUTCOMES.has(err.code) ? err : undefined),
              };
            }
          });
        },
      );

      scope.post(
        '/checkout-sessions/:id/cancel',
        agentOperation(scope, 'ucp.cancel', 30),
        (request, reply) => {
          const id = idParam(request);
          return idempotent(request, reply, `cancel:${id}`, async () => ({
            status: 200,
            body: render(request, await cancelSession(deps, merchantOf(request), id, null)),
          }));
        },
      );

      scope.get('/orders/:id', agentOperation(scope, 'ucp.order', 100), async (request) => {
        const merchant = merchantOf(request);
        const orderId = (request.params as { id: string }).id;
        const notFound = new UcpOutcome('not_found', 'Order not found.', 'dev.ucp.shopping.order');
        if (!UUID.test(orderId)) throw notFound;
        const [session] = await deps.db
          .select({ id: acpSessions.id })
          .from(acpSessions)
          .where(and(eq(acpSessions.orderId, orderId), eq(acpSessions.merchantId, merchant.id)));
        if (!session) throw notFound;
        const state = await withStoreOrderStatus(
          deps,
          merchant,
          await loadSession(deps, merchant, session.id),
        );
        if (!state.order) throw notFound;
        const refunds = await orderRefunds(deps.db, state.order.id);
        return renderOrder({ ...state, order: state.order, refunds }, publicUrl);
      });
    },
    { prefix: UCP_REST_PREFIX },
  );
}
