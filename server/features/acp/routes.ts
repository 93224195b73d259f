import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import type { Merchant } from '../../db/schema/index';
import { agentFromUserAgent } from '../../lib/agent-identity';
import { agentKeyGuard } from '../developers';
import { AcpError } from './acp-error';
import type { AcpRouteDeps } from './acp-deps';
import { acpErrorAnswer, checkoutOperations, type AcpCall, type AcpCaller } from './checkout-operations';
import { acpOperationLimits, type AcpOperationLimits } from './operation-limits';
import { registerAcpMcp } from './mcp';
import { acpVersion, isAcpVersion, SUPPORTED_NEWEST_FIRST, type ServedAcpVersion } from './versions/registry';

const MAX_BODY_BYTES = 256 * 1024;

interface AcpRequestState {
  wire?: ServedAcpVersion;
  merchant?: Merchant;
  rawBody: string;
}

/**
 * The standard Agentic Commerce Protocol checkout API in both of its bindings: REST at
 * /acp/checkout_sessions and MCP tools at /mcp (ADR 050), over one set of operations, idempotency keys
 * and per-key limits.
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
  const perform = checkoutOperations(deps);
  const limits = acpOperationLimits(app);
  registerAcpRest(app, deps, perform, limits);
  registerAcpMcp(app, deps, perform, limits);
}

/**
 * REST at /acp/checkout_sessions, in both versions (chosen by the required API-Version header), over the
 * same engine as the documented agent API.
 */
function registerAcpRest(
  app: FastifyInstance,
  deps: AcpRouteDeps,
  perform: ReturnType<typeof checkoutOperations>,
  limits: AcpOperationLimits,
) {
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

      const errorReply = (request: FastifyRequest, reply: FastifyReply, err: unknown) => {
        const { error, status, body } = acpErrorAnswer(request, deps.db, stateOf(request).wire, err);
        if (error.extra.retryAfter) reply.header('retry-after', String(error.extra.retryAfter));
        if (status === 429) reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
        return { status, body };
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

      const callerOf = (request: FastifyRequest, reply: FastifyReply): AcpCaller => {
        const state = stateOf(request);
        const key = request.headers['idempotency-key'];
        return {
          wire: state.wire!,
          merchant: state.merchant!,
          agent: agentFromUserAgent(request.headers['user-agent']),
          idempotencyKey: typeof key === 'string' ? key : '',
          request,
          retryAfter: (seconds) => reply.header('retry-after', String(seconds)),
        };
      };

      /** Runs an operation and sends its answer, marking a replayed one (Idempotent-Replayed: true). */
      const answer = async (request: FastifyRequest, reply: FastifyReply, call: AcpCall) => {
        const result = await perform(callerOf(request, reply), call);
        if (result.replayed) reply.header('idempotent-replayed', 'true');
        if (result.status === 429) reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
        return reply.status(result.status).send(result.body);
      };
      const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

      scope.post('/checkout_sessions', limits.create, (request, reply) =>
        answer(request, reply, { operation: 'create', body: request.body }),
      );
      scope.get('/checkout_sessions/:id', limits.get, (request, reply) =>
        answer(request, reply, { operation: 'get', id: idOf(request), body: undefined }),
      );
      scope.post('/checkout_sessions/:id', limits.update, (request, reply) =>
        answer(request, reply, { operation: 'update', id: idOf(request), body: request.body }),
      );
      scope.post('/checkout_sessions/:id/complete', limits.complete, (request, reply) =>
        answer(request, reply, { operation: 'complete', id: idOf(request), body: request.body }),
      );
      scope.post('/checkout_sessions/:id/cancel', limits.cancel, (request, reply) =>
        answer(request, reply, { operation: 'cancel', id: idOf(request), body: request.body }),
      );
    },
    { prefix: '/acp' },
  );
}
