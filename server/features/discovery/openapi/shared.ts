import { ACP_VERSIONS, LATEST_ACP_VERSION } from '../../acp';
import { SIGNATURE_SKEW_MS } from '../../../integrations/agents/signatures';
import { schemaRef } from './components';

/** components.parameters, .headers, .responses and .securitySchemes of the OpenAPI document. */

const header = (description: string, schema: Record<string, unknown> = { type: 'string' }) => ({
  description,
  schema,
});

export const HEADERS = {
  RequestId: header('Echo of the Request-Id sent (or the server-assigned request id)'),
  IdempotencyKey: header('Echo of the Idempotency-Key sent'),
  IdempotentReplayed: header(
    'true when this is the stored answer to an earlier request with the same Idempotency-Key and body',
    { type: 'string', enum: ['true'] },
  ),
  RetryAfter: header('Seconds to wait before retrying', { type: 'integer', minimum: 0 }),
  RateLimitLimit: header("Requests this operation's limit allows per window, per API key", {
    type: 'integer',
    minimum: 0,
  }),
  RateLimitRemaining: header('Requests left in the current window', { type: 'integer', minimum: 0 }),
  RateLimitReset: header('Seconds until the window resets', { type: 'integer', minimum: 0 }),
};

/** The headers every answer of a rate-limited operation carries. */
export const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/RateLimitLimit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/RateLimitRemaining' },
  'X-RateLimit-Reset': { $ref: '#/components/headers/RateLimitReset' },
};

const ref = (kind: 'parameters' | 'headers' | 'responses', name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});
export const parameterRef = (name: keyof typeof PARAMETERS) => ref('parameters', name);
export const responseRef = (name: keyof typeof RESPONSES) => ref('responses', name);

export const PARAMETERS = {
  ApiVersion: {
    name: 'API-Version',
    in: 'header',
    required: true,
    description: `The ACP version to speak; requests and answers take that version's shapes. Latest: ${LATEST_ACP_VERSION}.`,
    schema: { type: 'string', enum: [...ACP_VERSIONS] },
  },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: true,
    description:
      'Required on every POST. The same key and body replay the first answer (Idempotent-Replayed: true); another body is 422; a repeat while the first still runs is 409. Kept 24 hours, per API key and endpoint.',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
  },
  RequestId: {
    name: 'Request-Id',
    in: 'header',
    required: false,
    description: 'Correlation id, echoed in the response',
    schema: { type: 'string' },
  },
  Signature: {
    name: 'Signature',
    in: 'header',
    required: false,
    description:
      "base64(HMAC-SHA256(signing secret, `${Timestamp}.${raw body}`)). Required when the merchant's signing policy is strict; a signature is accepted once.",
    schema: { type: 'string' },
  },
  Timestamp: {
    name: 'Timestamp',
    in: 'header',
    required: false,
    description: `RFC 3339 time the request was signed; accepted within ${SIGNATURE_SKEW_MS / 60_000} minutes either way.`,
    schema: { type: 'string', format: 'date-time' },
  },
  CheckoutSessionId: {
    name: 'checkout_session_id',
    in: 'path',
    required: true,
    schema: { type: 'string', maxLength: 100 },
  },
  AgentIdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Advised on every POST (or `idempotency_key` in the body): the same key and body replay the first answer; another body is 409 IDEMPOTENCY_CONFLICT.',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
  },
  OrderId: { name: 'id', in: 'path', required: true, schema: { type: 'string', maxLength: 100 } },
};

// An error answer is stored with its Idempotency-Key like a success, so a repeat replays it too.
const acpEcho = {
  'Request-Id': ref('headers', 'RequestId'),
  'Idempotency-Key': ref('headers', 'IdempotencyKey'),
  'Idempotent-Replayed': ref('headers', 'IdempotentReplayed'),
};
const acpFailure = (description: string, retry = false) => ({
  description,
  headers: {
    ...acpEcho,
    ...RATE_LIMIT_HEADERS,
    ...(retry ? { 'Retry-After': ref('headers', 'RetryAfter') } : {}),
  },
  content: { 'application/json': { schema: schemaRef('AcpError') } },
});
const agentFailure = (description: string, retry = false) => ({
  description,
  headers: {
    'Idempotency-Key': ref('headers', 'IdempotencyKey'),
    'Idempotent-Replayed': ref('headers', 'IdempotentReplayed'),
    ...RATE_LIMIT_HEADERS,
    ...(retry ? { 'Retry-After': ref('headers', 'RetryAfter') } : {}),
  },
  content: { 'application/json': { schema: schemaRef('AgentError') } },
});

export const RESPONSES = {
  AcpBadRequest: acpFailure(
    'invalid_request (param is the JSONPath of the field), invalid_json, unsupported_api_version (with supported_versions), idempotency_key_required, unsupported_currency, payment_method_unsupported, missing (buyer email at completion)',
  ),
  AcpUnauthorized: acpFailure(
    'unauthorized (missing or invalid API key), invalid_signature, signature_expired, signature_replayed',
  ),
  AcpForbidden: acpFailure(
    "forbidden: the merchant applies its IP allowlist to the API key and the caller's address is not on it",
  ),
  AcpPaymentDeclined: acpFailure(
    'payment_declined or payment_expired; the session stays open and carries the reason in messages',
  ),
  AcpNotFound: acpFailure('session_not_found'),
  AcpNotCancelable: acpFailure('not_cancelable: the session is already completed or canceled'),
  AcpConflict: acpFailure(
    'idempotency_in_flight, payment_pending (Lightning invoice not paid yet), session_not_ready, prices_changed, complete_in_progress, session_completed, session_canceled, session_expired',
    true,
  ),
  AcpIdempotencyConflict: acpFailure('idempotency_conflict: this Idempotency-Key was used with another body'),
  AcpPayloadTooLarge: acpFailure('invalid_request: the request body is over the size limit'),
  AcpRateLimited: acpFailure('rate_limit_exceeded', true),
  AcpServerError: acpFailure('processing_error'),
  AcpUnavailable: acpFailure('service_unavailable, store_unavailable, provider_unavailable', true),

  AgentBadRequest: agentFailure('VALIDATION_ERROR or INVALID_CHECKOUT'),
  AgentUnauthorized: agentFailure('UNAUTHORIZED: missing or invalid API key'),
  AgentForbidden: agentFailure(
    "FORBIDDEN: the merchant applies its IP allowlist to the API key and the caller's address is not on it",
  ),
  AgentPaymentFailed: agentFailure('PAYMENT_DECLINED or PAYMENT_EXPIRED'),
  AgentNotFound: agentFailure('NOT_FOUND'),
  AgentConflict: agentFailure('IDEMPOTENCY_CONFLICT or CHECKOUT_ALREADY_PROCESSED', true),
  AgentPayloadTooLarge: agentFailure('VALIDATION_ERROR: the request body is over the size limit'),
  AgentRateLimited: agentFailure('RATE_LIMIT', true),
  AgentServerError: agentFailure('INTERNAL_ERROR'),
  AgentUnavailable: agentFailure('STORE_UNAVAILABLE or PROVIDER_UNAVAILABLE', true),
};

export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description:
      "`Authorization: Bearer <the merchant's API key>` (ak_test_… in sandbox, ak_live_… in live); an `apikey` header with the bare key works too",
  },
  apiKeyHeader: { type: 'apiKey', in: 'header', name: 'apikey', description: 'The same API key, bare' },
};
export const SECURITY = [{ bearerAuth: [] }, { apiKeyHeader: [] }];
