import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Merchant } from '../../db/schema/index';
import { agentFromUserAgent } from '../../lib/agent-identity';
import { agentKeyGuard } from '../developers';
import { AcpError } from './acp-error';
import {
  acpErrorAnswer,
  type AcpCall,
  type AcpOperation,
  type CheckoutOperations,
} from './checkout-operations';
import type { AcpOperationLimits } from './operation-limits';
import type { AcpRouteDeps } from './acp-deps';
import {
  acpVersion,
  isAcpVersion,
  LATEST_ACP_VERSION,
  SUPPORTED_NEWEST_FIRST,
  type ServedAcpVersion,
} from './versions/registry';

export const MCP_PATH = '/mcp';
const MAX_BODY_BYTES = 256 * 1024;
/** JSON-RPC's "server error": every ACP error travels with it, the ACP error in `data` (the binding). */
const ACP_ERROR_CODE = -32000;

/** An ACP error as the binding sends it: JSON-RPC code -32000, the ACP error object as `data`. */
class AcpToolError extends Error {
  readonly code = ACP_ERROR_CODE;
  constructor(readonly data: { message: string }) {
    super(data.message);
  }
}

type JsonSchema = Record<string, unknown>;
type ToolOperation = {
  operation: AcpOperation;
  payload: 'required' | 'optional' | 'absent';
  result: JsonSchema;
};

/**
 * The request envelope the binding defines: `meta` (what REST sends as headers), `id` (the path's session
 * id), `payload` (the REST body). The payload itself is the ACP operation's to validate, so its errors are
 * ACP's own; an envelope that is not this shape is JSON-RPC's Invalid params.
 */
const metaSchema = z.looseObject({
  api_version: z.string().optional(),
  idempotency_key: z.string().optional(),
  request_id: z.string().optional(),
  user_agent: z.string().optional(),
  accept_language: z.string().optional(),
  signature: z.string().optional(),
  timestamp: z.string().optional(),
});
const envelopeSchema = z.object({
  meta: metaSchema,
  id: z.string().optional(),
  payload: z.record(z.string(), z.unknown()).optional(),
});

const asJsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _schema, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  });
  return rest as JsonSchema;
};

/**
 * The five tools of the binding, their schemas resolved and bundled (the binding requires it) from the
 * same zod schemas the REST binding validates with, in the newest version; `meta.api_version` picks the
 * version a call is served in.
 */
function toolCatalogue(wire: ServedAcpVersion) {
  const metaJson = {
    type: 'object',
    description: 'Protocol metadata: what the REST binding sends as headers. Authentication is not here.',
    required: ['api_version'],
    additionalProperties: true,
    properties: {
      api_version: { type: 'string', description: `ACP API version, e.g. "${LATEST_ACP_VERSION}"` },
      idempotency_key: { type: 'string', description: 'Required on every write, as Idempotency-Key is' },
      request_id: { type: 'string' },
      user_agent: { type: 'string' },
      accept_language: { type: 'string' },
      signature: { type: 'string' },
      timestamp: { type: 'string', format: 'date-time' },
    },
  };
  const idJson = { type: 'string', description: 'The checkout session id' };
  const withOrder = asJsonSchema(wire.schemas.sessionWithOrder, 'output');
  // A session read or replayed after completion carries its order; before, it has none.
  const session = {
    ...withOrder,
    required: ((withOrder.required as string[] | undefined) ?? []).filter((name) => name !== 'order'),
  };
  const tools: Record<string, ToolOperation & { description: string; payloadSchema?: z.ZodType }> = {
    create_checkout_session: {
      operation: 'create',
      payload: 'required',
      payloadSchema: wire.schemas.create,
      result: session,
      description: 'Create a checkout session (POST /acp/checkout_sessions).',
    },
    get_checkout_session: {
      operation: 'get',
      payload: 'absent',
      result: session,
      description: 'Retrieve a checkout session (GET /acp/checkout_sessions/{id}).',
    },
    update_checkout_session: {
      operation: 'update',
      payload: 'required',
      payloadSchema: wire.schemas.update,
      result: session,
      description: 'Update items, fulfillment details or options (POST /acp/checkout_sessions/{id}).',
    },
    complete_checkout_session: {
      operation: 'complete',
      payload: 'required',
      payloadSchema: wire.schemas.complete,
      result: withOrder,
      description: 'Pay and place the order (POST /acp/checkout_sessions/{id}/complete).',
    },
    cancel_checkout_session: {
      operation: 'cancel',
      payload: 'optional',
      ...(wire.schemas.cancel ? { payloadSchema: wire.schemas.cancel } : {}),
      result: session,
      description: 'Cancel a checkout session (POST /acp/checkout_sessions/{id}/cancel).',
    },
  };
  const listed: Tool[] = Object.entries(tools).map(([name, tool]) => ({
    name,
    description: tool.description,
    inputSchema: {
      type: 'object',
      properties: {
        meta: metaJson,
        ...(tool.operation === 'create' ? {} : { id: idJson }),
        ...(tool.payloadSchema ? { payload: asJsonSchema(tool.payloadSchema, 'input') } : {}),
      },
      required: [
        'meta',
        ...(tool.operation === 'create' ? [] : ['id']),
        ...(tool.payload === 'required' ? ['payload'] : []),
      ],
    },
    outputSchema: tool.result as Tool['outputSchema'],
  }));
  return { tools, listed };
}

/**
 * Checkout over MCP at /mcp (ACP 2026-04-17's MCP binding, ADR 050): JSON-RPC 2.0 over MCP's Streamable
 * HTTP transport, stateless (each POST is served on its own, so any instance can answer any call). The
 * merchant's API key authenticates the connection as it does /acp; each tool call then runs the same
 * checkout operation, idempotency key and per-key limit as the REST binding.
 */
export function registerAcpMcp(
  app: FastifyInstance,
  deps: AcpRouteDeps,
  perform: CheckoutOperations,
  limits: AcpOperationLimits,
) {
  const catalogue = toolCatalogue(acpVersion(LATEST_ACP_VERSION));

  app.register(async (scope) => {
    const checkKey = agentKeyGuard(scope, deps.db);
    const merchants = new WeakMap<FastifyRequest, Merchant>();

    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: MAX_BODY_BYTES },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(
            jsonRpcHttpError(400, ErrorCode.ParseError, 'Parse error: the body is not valid JSON'),
            undefined,
          );
        }
      },
    );
    scope.setErrorHandler((err, request, reply) => {
      const status = (err as { statusCode?: number }).statusCode;
      if (err instanceof JsonRpcHttpError) return reply.status(err.statusCode).send(err.body());
      if (typeof status === 'number' && status >= 400 && status < 500)
        return reply
          .status(status)
          .send(jsonRpcHttpError(status, ErrorCode.InvalidRequest, (err as Error).message).body());
      request.log.error({ err }, 'MCP request failed');
      return reply.status(500).send(jsonRpcHttpError(500, ErrorCode.InternalError, 'Internal error').body());
    });

    /** Auth at the connection, never in tool arguments: the merchant's API key as a Bearer token. */
    const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
      const check = await checkKey(request);
      if (check.ok) return void merchants.set(request, check.merchant);
      if (check.reason === 'throttled') reply.header('retry-after', '60');
      else if (check.reason !== 'address_not_allowed')
        reply.header('www-authenticate', 'Bearer realm="agentcart", error="invalid_token"');
      const status = check.reason === 'throttled' ? 429 : check.reason === 'address_not_allowed' ? 403 : 401;
      throw jsonRpcHttpError(status, ACP_ERROR_CODE, check.message);
    };

    // Stateless: there is no server-to-client stream to open and no session to end.
    const notServed = (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .status(405)
        .header('allow', 'POST')
        .send(
          jsonRpcHttpError(
            405,
            ErrorCode.ConnectionClosed,
            'Method not allowed: POST JSON-RPC messages',
          ).body(),
        );
    scope.get(MCP_PATH, notServed);
    scope.delete(MCP_PATH, notServed);

    scope.post(MCP_PATH, { onRequest: authenticate }, async (request, reply) => {
      // One message per POST (MCP has no batches since 2025-06-18), so each tool call meets its limit once.
      if (Array.isArray(request.body))
        throw jsonRpcHttpError(400, ErrorCode.InvalidRequest, 'Send one JSON-RPC message per request');
      const server = mcpServer(request, reply, merchants.get(request)!);
      const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
      await server.connect(transport);
      try {
        const answer = await transport.handleRequest(webRequest(request), { parsedBody: request.body });
        reply.status(answer.status);
        answer.headers.forEach((value, name) => void reply.header(name, value));
        return reply.send(answer.body ? await answer.text() : '');
      } finally {
        await server.close();
      }
    });
  });

  /** One MCP server per request, bound to the authenticated merchant (the transport is stateless). */
  function mcpServer(request: FastifyRequest, reply: FastifyReply, merchant: Merchant) {
    const server = new Server(
      { name: 'agentcart-acp-checkout', version: LATEST_ACP_VERSION },
      {
        capabilities: { tools: {} },
        instructions:
          'ACP checkout (Agentic Commerce Protocol 2026-04-17 MCP binding): create, update and complete a ' +
          'checkout session; send meta.api_version on every call and meta.idempotency_key on every write.',
      },
    );
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: catalogue.listed }));
    server.setRequestHandler(CallToolRequestSchema, async ({ params }): Promise<CallToolResult> => {
      const tool = catalogue.tools[params.name];
      if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool ${params.name}`);
      const envelope = envelopeSchema.safeParse(params.arguments ?? {});
      if (!envelope.success)
        throw new McpError(ErrorCode.InvalidParams, `Invalid arguments: ${z.prettifyError(envelope.error)}`);
      const { meta, id, payload } = envelope.data;
      if (tool.operation !== 'create' && id === undefined)
        throw new McpError(ErrorCode.InvalidParams, 'Invalid arguments: id is required');
      if (tool.payload === 'required' && payload === undefined)
        throw new McpError(ErrorCode.InvalidParams, 'Invalid arguments: payload is required');
      const call: AcpCall = { operation: tool.operation, id, body: payload };
      const wire = isAcpVersion(meta.api_version) ? acpVersion(meta.api_version) : undefined;
      try {
        if (!wire) {
          throw new AcpError(
            400,
            'unsupported_api_version',
            meta.api_version
              ? `API-Version ${meta.api_version} is not supported`
              : 'meta.api_version is required',
            { supportedVersions: SUPPORTED_NEWEST_FIRST },
          );
        }
        await limits[tool.operation].onRequest.call(request.server, request, reply);
        const verdict = await deps.verifySignature(merchant.id, {
          rawBody: payload === undefined ? '' : JSON.stringify(payload),
          headers: { signature: meta.signature, timestamp: meta.timestamp },
        });
        if (!verdict.ok) throw new AcpError(401, verdict.code, verdict.message);
        const answer = await perform(
          {
            merchant,
            wire,
            agent: agentFromUserAgent(meta.user_agent ?? request.headers['user-agent']),
            idempotencyKey: meta.idempotency_key ?? '',
            request,
          },
          call,
        );
        if (answer.status >= 400) throw new AcpToolError(answer.body as { message: string });
        return {
          content: [{ type: 'text', text: JSON.stringify(answer.body) }],
          structuredContent: answer.body as Record<string, unknown>,
        };
      } catch (err) {
        if (err instanceof AcpToolError) throw err;
        throw new AcpToolError(acpErrorAnswer(request, deps.db, wire, err).body);
      }
    });
    return server;
  }
}

/** An MCP request refused at the HTTP layer (auth, a malformed body): a JSON-RPC error with no id. */
class JsonRpcHttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
  body() {
    return { jsonrpc: '2.0', id: null, error: { code: this.code, message: this.message } };
  }
}
const jsonRpcHttpError = (status: number, code: number, message: string) =>
  new JsonRpcHttpError(status, code, message);

/** The Fastify request as the SDK's web-standard transport reads it (the body is passed already parsed). */
function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(', '));
  }
  return new Request(`http://${request.host}${request.url}`, { method: request.method, headers });
}
