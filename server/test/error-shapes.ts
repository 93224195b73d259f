import { z } from 'zod';
import { acpError } from '#common/acp/error';
import { agentErrorBody } from '#common/api/agent';
import { apiErrorSchema } from '#common/api/errors';

/** Provider notifications are answered in the small shape providers expect. */
const webhookAnswer = z.object({ received: z.boolean() });

/**
 * The documented error body of the surface a path belongs to: ACP's `{type, code, message, param}`, the
 * agent API's `{error, error_code, correlation_id, details}`, provider webhooks' `{received}`, or the
 * app's `{error: {code, message, requestId}}`.
 */
export function documentedErrorShape(url: string): z.ZodType {
  const path = url.split('?')[0]!;
  if (path === '/acp' || path.startsWith('/acp/')) return acpError;
  if (/^\/api\/agent[/-]/.test(path)) return agentErrorBody;
  if (path.startsWith('/webhooks/payments/')) return webhookAnswer;
  return apiErrorSchema;
}
