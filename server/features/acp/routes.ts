import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Merchant } from '../../db/schema/index';
import { answerIdempotently, type IdempotentAnswer } from '../../http/idempotency';
import { agentFromUserAgent } from '../../lib/agent-identity';
import { refusedValueAs400 } from '../../lib/refused-value';
import { agentKeyGuard, agentOperation } from '../developers';
import { agentAccess } from '../security-monitoring';
import { recordRequestError } from '../status';
import { AcpError, jsonPath, toAcpError } from './acp-error';
import type { AcpDeps } from './acp-deps';
import { completeSession } from './complete-session';
import { sessionTotals } from './session-pricing';
import { viewSession } from './session-view';
import {
  cancelSession,
  createSession,
  loadSession,
  updateSession,
  withStoreOrderStatus,
  type SessionState,
} from './sessions';
import { ACP_VERSIONS, acpVersion, isAcpVersion, type ServedAcpVersion } from './versions/registry';

/** The calling agent, as its User-Agent names it. */
const agentOf = (request: FastifyRequest) => agentFromUserAgent(request.headers['user-agent']);

/** Newest first, as the ACP error's `supported_versions` lists them. */
const SUPPORTED_NEWEST_FIRST = [...ACP_VERSIONS].reverse();
const MAX_BODY_BYTES = 256 * 1024;
const NOT_REPLAYED = new Set([409, 429]);

export type AcpRouteDeps = AcpDeps & {
  /** Checks the agent's request signature under the merchant's policy (acp-agents). */
  verifySignature: (
    merchantId: string,
    input: { rawBody: string; headers: FastifyRequest['headers'] },
  ) => Promise<{ ok: true } | { ok: false; code: string; message: string }>;
};

interface AcpRequestState {
  wire?: ServedAcpVersion;
  merchant?: Merchant;
  rawBody: string;
}

/**
 * The standard Agentic Commerce Protocol checkout API at /acp/checkout_sessions, in both versions (chosen
 * by the required API-Version header), over the same engine as the documented agent API.
 */
export function registerAcpRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'engine' | 'config' | 'checkoutAccess' | 'acpAgents'>,
) {
  const deps: AcpRouteDeps = {
    ...ctx.engine,
    publicUrl: ctx.config.publicUrl,
    checkoutAccess: ctx.checkoutAccess,
    verifySignature: ctx.acpAgents.verifySignature,
  };
  app.register(
    async (scope) => {
      const states = new WeakMap<FastifyRequest, AcpRequestState>();
      const stateOf = (request: FastifyRequest) => {
        let state = states.get(request);
        if (!state) states.set(request, (state = { rawBody: '' }));
        return state;
      };
      const checkKey = agentKeyGuard(scope, deps.db);

      // The raw body is kept for signature checks; an empty body (cancel) is allowed. Every body is read as
      // JSON whatever its Content-Type (curl -d sends a form type), so a malformed one is invalid_json.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        '*',
        { parseAs: 'string', bodyLimit: MAX_BODY_BYTES },
        (request, body, done) => {
          const raw = body as string;
          stateOf(request).rawBody = raw;
          if (!raw.trim()) return done(null, undefined);
          let parsed: unknown;
          try {
            parsed = JSON.parse(raw);
          } catch {
            return done(new AcpError(400, 'invalid_json', 'The request body is not valid JSON'), undefined);
          }
          if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
            return done(null, parsed);
          const notAnObject = 'The request body must be a JSON object';
          done(new AcpError(400, 'invalid_request', notAnObject, { param: '$' }), undefined);
        },
      );

      const echoHeaders = (request: FastifyRequest, reply: FastifyReply) => {
        const requestId = request.headers['request-id'];
        reply.header('request-id', typeof requestId === 'string' && requestId ? requestId : request.id);
        const key = request.headers['idempotency-key'];
        if (typeof key === 'string' && key) reply.header('idempotency-key', key);
      };

      /**
       * An error in the ACP shape; server faults are logged and counted, client faults are not. A 503
       * is a store or payment provider outage we know of and the agent is told to retry: a warning,
       * not an error that pages someone.
       */
      const errorReply = (request: FastifyRequest, reply: FastifyReply, err: unknown) => {
        const error = toAcpError(refusedValueAs400(request, err) ?? err);
        if (error.status >= 500) {
          if (error.status === 503) request.log.warn({ err }, `ACP request met an outage: ${error.code}`);
          else request.log.error({ err }, 'ACP request failed');
          recordRequestError(deps.db, request, error.status);
        }
        const wire = stateOf(request).wire;
        const body = error.body();
        if (wire && body.param && err instanceof AcpError) body.param = wire.param(body.param);
        if (error.extra.retryAfter) reply.header('retry-after', String(error.extra.retryAfter));
        if (error.status === 429) reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
        return { status: error.status, body };
      };

      scope.setErrorHandler((err, request, reply) => {
        echoHeaders(request, reply);
        const { status, body } = errorReply(request, reply, err);
        return reply.status(status).send(body);
      });
      scope.setNotFoundHandler((request, reply) => {
        echoHeaders(request, reply);
        const path = request.url.split('?')[0];
        return reply
          .status(404)
          .send(new AcpError(404, 'not_found', `No ACP endpoint ${request.method} ${path}`).body());
      });
      // Every path under /acp answers in the ACP shape, including GETs the web app's catch-all would take.
      scope.all('/', (_request, reply) => reply.callNotFound());
      scope.all('/*', (_request, reply) => reply.callNotFound());

      scope.addHook('onRequest', async (request, reply) => {
        echoHeaders(request, reply);
        const version = request.headers['api-version'];
        if (!isAcpVersion(version)) {
          throw new AcpError(
            400,
            'unsupported_api_version',
            version
              ? `API-Version ${String(version)} is not supported`
              : 'The API-Version header is required',
            { supportedVersions: SUPPORTED_NEWEST_FIRST },
          );
        }
        stateOf(request).wire = acpVersion(version);
        const check = await checkKey(request);
        if (!check.ok) {
          if (check.reason === 'throttled')
            throw new AcpError(429, 'rate_limit_exceeded', check.message, { retryAfter: 60 });
          if (check.reason === 'address_not_allowed') throw new AcpError(403, 'forbidden', check.message);
          throw new AcpError(401, 'unauthorized', check.message);
        }
        stateOf(request).merchant = check.merchant;
      });

      scope.addHook('preHandler', async (request) => {
        const state = stateOf(request);
        const verdict = await deps.verifySignature(state.merchant!.id, {
          rawBody: state.rawBody,
          headers: request.headers,
        });
        if (!verdict.ok) throw new AcpError(401, verdict.code, verdict.message);
      });

      const context = (request: FastifyRequest) => {
        const state = stateOf(request);
        return { wire: state.wire!, merchant: state.merchant! };
      };

      const parse = (schema: z.ZodType, body: unknown) => {
        const parsed = schema.safeParse(body ?? {});
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          const param = jsonPath(issue.path.map(String).join('/'));
          throw new AcpError(400, 'invalid_request', `${param}: ${issue.message}`, { param });
        }
        return parsed.data;
      };

      const render = (request: FastifyRequest, state: SessionState) => {
        const { wire, merchant } = context(request);
        return wire.render(viewSession(state, merchant, deps.publicUrl, deps.clock.now()));
      };

      /**
       * ACP idempotency (2026-04-17): a key is required on every POST; the same key and body replay the first
       * answer (Idempotent-Replayed: true), another body is 422, a repeat while the first runs is 409. Keys
       * are scoped to the merchant and the endpoint, kept 24 hours; 5xx, 409 and 429 answers are not kept.
       */
      function idempotent(
        request: FastifyRequest,
        reply: FastifyReply,
        endpoint: string,
        run: () => Promise<IdempotentAnswer>,
      ) {
        const header = request.headers['idempotency-key'];
        const { wire, merchant } = context(request);
        return answerIdempotently(reply, {
          db: deps.db,
          at: { now: deps.clock.now(), instanceId: deps.instance.id },
          merchantId: merchant.id,
          endpoint: `acp:${endpoint}`,
          key: typeof header === 'string' && header.trim() ? header : '',
          keyRequired: true,
          request: { version: wire.version, body: request.body ?? null },
          run,
          refuse: (reason) => {
            if (reason === 'key_required')
              return new AcpError(400, 'idempotency_key_required', 'Idempotency-Key header is required');
            if (reason === 'key_too_long')
              return new AcpError(400, 'invalid_request', 'Idempotency-Key must be at most 255 characters');
            if (reason === 'conflict') {
              return new AcpError(
                422,
                'idempotency_conflict',
                'Idempotency-Key has already been used with a different request body',
              );
            }
            return new AcpError(
              409,
              'idempotency_in_flight',
              'A request with this Idempotency-Key is currently being processed',
              { retryAfter: 1 },
            );
          },
          answerError: (err) => errorReply(request, reply, err),
          // "Not yet" answers (a payment still pending, a completion running, a rate limit) are not kept:
          // the agent's retry with the same key must see what has happened since.
          isNotYet: (answer) => NOT_REPLAYED.has(answer.status),
        });
      }

      const idParam = (request: FastifyRequest) => {
        const id = (request.params as { id: string }).id;
        if (id.length > 100) throw new AcpError(404, 'session_not_found', 'No such checkout session');
        return id;
      };

      scope.post('/checkout_sessions', agentOperation(scope, 'acp.create', 100), (request, reply) =>
        idempotent(request, reply, 'create', async () => {
          const { wire, merchant } = context(request);
          const changes = wire.toCreate(parse(wire.schemas.create, request.body));
          const state = await createSession(deps, merchant, wire.version, changes, agentOf(request));
          return { status: 201, body: render(request, state) };
        }),
      );

      /** An agent shown a session's buyer is a read of checkout data (security monitoring). */
      const recordBuyerRead = (merchant: Merchant, { session, offer, checkout }: SessionState) => {
        if (!session.buyer) return;
        const total =
          checkout?.amountMinor ?? sessionTotals(session.pricedItems, offer, session.selectedOptionId).total;
        deps.checkoutAccess.record(merchant.id, agentAccess.ofSession(merchant, session, total));
      };

      scope.get('/checkout_sessions/:id', agentOperation(scope, 'acp.get', 100), async (request) => {
        const { merchant } = context(request);
        const state = await withStoreOrderStatus(
          deps,
          merchant,
          await loadSession(deps, merchant, idParam(request)),
        );
        recordBuyerRead(merchant, state);
        return render(request, state);
      });

      scope.post('/checkout_sessions/:id', agentOperation(scope, 'acp.update', 100), (request, reply) => {
        const id = idParam(request);
        return idempotent(request, reply, `update:${id}`, async () => {
          const { wire, merchant } = context(request);
          const changes = wire.toUpdate(parse(wire.schemas.update, request.body));
          return {
            status: 200,
            body: render(
              request,
              await updateSession(deps, merchant, wire.version, id, changes, agentOf(request)),
            ),
          };
        });
      });

      scope.post(
        '/checkout_sessions/:id/complete',
        agentOperation(scope, 'acp.complete', 30),
        (request, reply) => {
          const id = idParam(request);
          return idempotent(request, reply, `complete:${id}`, async () => {
            const { wire, merchant } = context(request);
            const input = wire.toComplete(parse(wire.schemas.complete, request.body));
            const state = await completeSession(deps, merchant, id, input);
            recordBuyerRead(merchant, state);
            return { status: 200, body: render(request, state) };
          });
        },
      );

      scope.post(
        '/checkout_sessions/:id/cancel',
        agentOperation(scope, 'acp.cancel', 30),
        (request, reply) => {
          const id = idParam(request);
          return idempotent(request, reply, `cancel:${id}`, async () => {
            const { merchant } = context(request);
            const body = request.body as { intent_trace?: { reason_code?: unknown } } | undefined;
            const reason =
              typeof body?.intent_trace?.reason_code === 'string'
                ? body.intent_trace.reason_code.slice(0, 100)
                : null;
            return { status: 200, body: render(request, await cancelSession(deps, merchant, id, reason)) };
          });
        },
      );
    },
    { prefix: '/acp' },
  );
}
