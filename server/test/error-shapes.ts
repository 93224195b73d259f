import { z } from 'zod';
import { acpError } from '#common/acp/error';
import { agentErrorBody } from '#common/api/agent';
import { apiErrorSchema } from '#common/api/errors';
import { canonicalRequestTarget } from '../http/canonical-path';

/** UCP's protocol errors (overview.md, "Error Handling"): `{code, content}`, with a `continue_url` at times. */
const ucpProtocolError = z.strictObject({
  code: z.string(),
  content: z.string(),
  continue_url: z.string().optional(),
});

/** Provider notifications are answered in the small shape providers expect, or refused as the app refuses. */
const webhookAnswer = z.union([z.object({ received: z.boolean() }), apiErrorSchema]);

/** MCP's JSON-RPC error (at /mcp, ACP's MCP binding); an ACP error rides in `data`. */
const jsonRpcError = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]),
  error: z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }),
});

/**
 * The documented error body of the surface a request target belongs to (as the app reads the target): ACP's `{type, code, message, param}`, UCP's `{code, content}`, the
 * agent API's `{error, error_code, correlation_id, details}`, MCP's JSON-RPC error, provider webhooks' `{received}`, or the
 * app's `{error: {code, message, requestId}}`.
 */
export function documentedErrorShape(url: string): z.ZodType {
  // The target as the client library sends it (dot segments resolved), then as the app reads it.
  const sent = new URL(url, 'http://localhost');
  const path = (canonicalRequestTarget(sent.pathname) ?? sent.pathname).split('?')[0]!;
  if (path === '/acp' || path.startsWith('/acp/')) return acpError;
  if (path === '/mcp' || path.startsWith('/mcp/')) return jsonRpcError;
  if (path === '/ucp' || path.startsWith('/ucp/') || path === '/.well-known/ucp') return ucpProtocolError;
  if (/^\/api\/agent($|\/|-(offer|checkout|confirm)$|-order\/)/.test(path)) return agentErrorBody;
  if (path.startsWith('/webhooks/')) return webhookAnswer;
  return apiErrorSchema;
}
