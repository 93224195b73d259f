import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { AgentErrorCode } from '#common/api/agent';
import type { ApiError } from '#common/api/errors';
import type { PlanId } from '#common/domain/plans';
import { AcpError } from '../features/acp/acp-error';
import { UcpError } from '../features/ucp/ucp-error';
import { AgentApiError } from '../features/agent-api/agent-error';
import { AppError, firstMessagePerField } from '../lib/app-error';
import { refusedValueAs400 } from '../lib/refused-value';
import { MALFORMED_TARGET_PATH } from './canonical-path';

const isAcpPath = (path: string) => path === '/acp' || path.startsWith('/acp/');
const isMcpPath = (path: string) => path === '/mcp' || path.startsWith('/mcp/');
const isUcpPath = (path: string) =>
  path === '/ucp' || path.startsWith('/ucp/') || path === '/.well-known/ucp';
const AGENT_API_PATH = /^\/api\/agent($|\/|-(offer|checkout|confirm)$|-order\/)/;
const AGENT_CODES: Partial<Record<string, AgentErrorCode>> = {
  unauthorized: 'UNAUTHORIZED',
  not_found: 'NOT_FOUND',
  rate_limited: 'RATE_LIMIT',
  internal: 'INTERNAL_ERROR',
};

/**
 * Sends an error in the documented shape of the surface the path names. The agent API and ACP answer
 * their own routes' errors themselves; what reaches this handler on their paths was refused before any
 * of their routes took it (no route for that method, a guard every request passes, Fastify's routing).
 */
function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  fieldErrors?: Record<string, string>,
  requiredPlan?: PlanId,
) {
  // A malformed target is routed to a stand-in path; the surface is the one the caller aimed at.
  const target = request.url.startsWith(MALFORMED_TARGET_PATH) ? request.originalUrl : request.url;
  const path = target.split('?')[0]!;
  if (isAcpPath(path)) return reply.status(status).send(new AcpError(status, code, message).body());
  if (isUcpPath(path)) return reply.status(status).send(new UcpError(status, code, message).body());
  // MCP clients read JSON-RPC: a request refused before the MCP route took it is a JSON-RPC error too.
  if (isMcpPath(path)) {
    const rpcCode = status >= 500 ? -32603 : -32600;
    return reply.status(status).send({ jsonrpc: '2.0', id: null, error: { code: rpcCode, message } });
  }
  if (AGENT_API_PATH.test(path)) {
    const agentCode = AGENT_CODES[code] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_ERROR');
    return reply.status(status).send(new AgentApiError(agentCode, message).body(request.id));
  }
  return reply.status(status).send(apiErrorBody(request.id, code, message, fieldErrors, requiredPlan));
}

/** The app's documented error body (`{error: {code, message, requestId}}`). */
export function apiErrorBody(
  requestId: string,
  code: string,
  message: string,
  fieldErrors?: Record<string, string>,
  requiredPlan?: PlanId,
): ApiError {
  return {
    error: {
      code,
      message,
      requestId,
      ...(fieldErrors ? { fieldErrors } : {}),
      ...(requiredPlan ? { requiredPlan } : {}),
    },
  };
}

/**
 * One place that turns anything thrown into the documented error body. Client mistakes keep their 4xx
 * status; anything unexpected is logged with its cause and answered with a generic 500.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  onServerError: (request: FastifyRequest, status: number) => void,
) {
  app.setErrorHandler((thrown: FastifyError | AppError | ZodError, request, reply) => {
    const error = refusedValueAs400(request, thrown) ?? thrown;
    if (error instanceof AppError) {
      if (error.status >= 500) {
        request.log.error({ err: error, internal: error.internal }, error.message);
        onServerError(request, error.status);
      }
      return sendError(
        request,
        reply,
        error.status,
        error.code,
        error.message,
        error.fieldErrors,
        error.requiredPlan,
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors = firstMessagePerField(
        error.validation.map((v) => ({
          path: v.instancePath.split('/').filter(Boolean),
          message: v.message ?? '',
        })),
      );
      const first = Object.values(fieldErrors)[0] ?? 'Invalid request';
      return sendError(request, reply, 400, 'invalid_request', first, fieldErrors);
    }
    if (error instanceof ZodError) {
      const fieldErrors = firstMessagePerField(error.issues);
      const first = Object.values(fieldErrors)[0] ?? 'Invalid request';
      return sendError(request, reply, 400, 'invalid_request', first, fieldErrors);
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) {
      return sendError(request, reply, 429, 'rate_limited', 'Too many requests. Please try again shortly.');
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type...
      return sendError(request, reply, status, 'invalid_request', error.message);
    }
    request.log.error({ err: error }, 'unhandled error');
    onServerError(request, 500);
    return sendError(request, reply, 500, 'internal', 'Something went wrong on our side.');
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(
      request,
      reply,
      404,
      'not_found',
      `No route for ${request.method} ${request.url.split('?')[0]}`,
    ),
  );
}

/**
 * Fastify's routing errors (a path escape that is not UTF-8, a parameter longer than the router allows)
 * happen before any route or hook, so no error handler sees them; this is its `frameworkErrors` option.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400;
  return sendError(request, reply, status, 'invalid_request', 'The request path is malformed or too long.');
}
