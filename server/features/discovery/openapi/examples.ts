import captured from './examples.json';

/**
 * Examples for the OpenAPI document. Success requests and answers are real exchanges with a sandbox
 * instance, captured by `UPDATE_OPENAPI_EXAMPLES=1 npx vitest run server/features/discovery/openapi-examples.test.ts`
 * (ids, times, hosts and invoices replaced by stable stand-ins); the same test sends every request
 * example to a live test app and validates every example against the document's own schemas. Error
 * answers are written here, one per documented error response.
 */

type Json = Record<string, unknown>;
/** Examples by name: an ACP operation has one per API-Version, the agent API one named `default`. */
export type NamedExamples = Record<string, Json>;

export interface OperationExamples {
  request?: NamedExamples;
  responses: Record<string, NamedExamples>;
}

export const CAPTURED_EXAMPLES = captured as unknown as Record<string, OperationExamples>;

/** An OpenAPI `examples` map (name → Example Object) from named values. */
export const asExamples = (examples: NamedExamples | undefined, summary: string) =>
  examples
    ? Object.fromEntries(
        Object.entries(examples).map(([name, value]) => [
          name,
          { summary: name === 'default' ? summary : `${summary} (API-Version ${name})`, value },
        ]),
      )
    : undefined;

const acpError = (type: string, code: string, message: string, param?: string) => ({
  type,
  code,
  message,
  ...(param ? { param } : {}),
});
const agentError = (error_code: string, error: string, details: Json = {}) => ({
  error,
  error_code,
  correlation_id: '3f1c9a2e-5b7d-4e8f-9a1b-2c3d4e5f6a7b',
  details,
});

/** One answer for each documented error response (components.responses). */
export const ERROR_EXAMPLES: Record<string, Json> = {
  AcpBadRequest: acpError(
    'invalid_request',
    'invalid_request',
    'Quantity must be a whole number of at least 1',
    '$.line_items[0].quantity',
  ),
  AcpUnauthorized: acpError('invalid_request', 'unauthorized', 'Invalid or missing API key'),
  AcpForbidden: acpError('invalid_request', 'forbidden', 'This address is not allowed to use this API key'),
  AcpPaymentDeclined: acpError('invalid_request', 'payment_declined', 'Your card was declined.'),
  AcpNotFound: acpError('invalid_request', 'session_not_found', 'Checkout session not found'),
  AcpNotCancelable: acpError('invalid_request', 'not_cancelable', 'This session is already completed'),
  AcpConflict: acpError(
    'invalid_request',
    'payment_pending',
    'The Lightning invoice has not been paid yet; ask again in a few seconds',
  ),
  AcpIdempotencyConflict: acpError(
    'invalid_request',
    'idempotency_conflict',
    'This Idempotency-Key was used with another request body',
  ),
  AcpPayloadTooLarge: acpError('invalid_request', 'invalid_request', 'Request body is too large'),
  AcpRateLimited: acpError('invalid_request', 'rate_limit_exceeded', 'Too many requests; retry later'),
  AcpServerError: acpError('processing_error', 'processing_error', 'Something went wrong on our side'),
  AcpUnavailable: acpError(
    'service_unavailable',
    'store_unavailable',
    'The store is not answering; retry in a few seconds',
  ),

  AgentBadRequest: agentError('VALIDATION_ERROR', 'items: add at least one item', {
    fields: { items: 'add at least one item' },
  }),
  AgentUnauthorized: agentError('UNAUTHORIZED', 'Invalid or missing API key'),
  AgentForbidden: agentError('FORBIDDEN', 'This address is not allowed to use this API key'),
  AgentPaymentFailed: agentError('PAYMENT_DECLINED', 'Your card was declined.', {
    decline_code: 'generic_decline',
  }),
  AgentNotFound: agentError('NOT_FOUND', 'Order not found'),
  AgentConflict: agentError('CHECKOUT_ALREADY_PROCESSED', 'This checkout has already been processed', {
    status: 'ACCEPTED',
  }),
  AgentPayloadTooLarge: agentError('VALIDATION_ERROR', 'Request body is too large'),
  AgentRateLimited: agentError('RATE_LIMIT', 'Too many requests; retry later'),
  AgentServerError: agentError('INTERNAL_ERROR', 'Something went wrong on our side'),
  AgentUnavailable: agentError('STORE_UNAVAILABLE', 'The store is not answering; retry in a few seconds'),
};
