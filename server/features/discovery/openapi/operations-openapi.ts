import { ACP_VERSION_MODULES, ACP_VERSIONS } from '../../acp';
import type { ServedOperation } from '../route-catalogue';
import { schemaRef, versioned } from './components';
import { asExamples, CAPTURED_EXAMPLES } from './examples';
import { parameterRef, RATE_LIMIT_HEADERS, responseRef, type PARAMETERS, type RESPONSES } from './shared';

type Json = Record<string, unknown>;

/**
 * The request and answers of each operation. ACP bodies depend on the API-Version header, which JSON
 * Schema cannot branch on: answers are `oneOf` the versions' schemas (they exclude each other), request
 * bodies `anyOf` (an update body such as `{}` is valid in both versions).
 */
const perVersion = (name: string, combine: 'oneOf' | 'anyOf') => ({
  [combine]: ACP_VERSIONS.map((v) => schemaRef(versioned(name, v))),
});
const json = (schema: Json) => ({ 'application/json': { schema } });
/** The versions whose cancel request may have a body (saying why); the others send none. */
const WITH_CANCEL_BODY = ACP_VERSION_MODULES.filter((m) => m.schemas.cancel).map((m) => m.version);
const CANCEL_BODIES = WITH_CANCEL_BODY.map((v) => schemaRef(versioned('CheckoutSessionCancelRequest', v)));
const CANCEL_DESCRIPTION = `${WITH_CANCEL_BODY.join(', ')} may say why (intent_trace); ${ACP_VERSIONS.filter(
  (v) => !WITH_CANCEL_BODY.includes(v),
).join(', ')} sends no body`;
const acpSuccess = (description: string, schemaNames: string[]) => ({
  description: `${description} (the shape of the API-Version sent)`,
  headers: {
    'Request-Id': { $ref: '#/components/headers/RequestId' },
    'Idempotency-Key': { $ref: '#/components/headers/IdempotencyKey' },
    'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' },
    ...RATE_LIMIT_HEADERS,
  },
  // A completed session carries its order, so a read may be either shape: one schema is oneOf the
  // versions, several (which may overlap) anyOf.
  content: json(
    schemaNames.length === 1
      ? perVersion(schemaNames[0]!, 'oneOf')
      : { anyOf: schemaNames.flatMap((name) => perVersion(name, 'anyOf').anyOf) },
  ),
});
const acpRequest = (schemaName: string, required = true) => ({
  required,
  description: 'The shape of the API-Version sent',
  content: json(perVersion(schemaName, 'anyOf')),
});

type ErrorResponse = keyof typeof RESPONSES;
const errors = (entries: [status: number, name: ErrorResponse][]) =>
  Object.fromEntries(entries.map(([status, name]) => [String(status), responseRef(name)]));

const ACP_COMMON: [number, ErrorResponse][] = [
  [400, 'AcpBadRequest'],
  [401, 'AcpUnauthorized'],
  [403, 'AcpForbidden'],
  [413, 'AcpPayloadTooLarge'],
  [429, 'AcpRateLimited'],
  [500, 'AcpServerError'],
  [503, 'AcpUnavailable'],
];
const ACP_POST_HEADERS = ['ApiVersion', 'IdempotencyKey', 'RequestId', 'Signature', 'Timestamp'] as const;
const ACP_GET_HEADERS = ['ApiVersion', 'RequestId', 'Signature', 'Timestamp'] as const;
const withSession = (names: readonly (keyof typeof PARAMETERS)[]) => [
  parameterRef('CheckoutSessionId'),
  ...names.map(parameterRef),
];

const AGENT_COMMON: [number, ErrorResponse][] = [
  [400, 'AgentBadRequest'],
  [401, 'AgentUnauthorized'],
  [403, 'AgentForbidden'],
  [413, 'AgentPayloadTooLarge'],
  [429, 'AgentRateLimited'],
  [500, 'AgentServerError'],
  [503, 'AgentUnavailable'],
];
const agentSuccess = (description: string, schemaName: string) => ({
  description,
  headers: {
    'Idempotency-Key': { $ref: '#/components/headers/IdempotencyKey' },
    'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' },
    ...RATE_LIMIT_HEADERS,
  },
  content: json(schemaRef(schemaName)),
});
const agentRequest = (schemaName: string) => ({ required: true, content: json(schemaRef(schemaName)) });

/** OpenAPI operation objects by operation name (operations.ts), without operationId and summary. */
export const OPERATION_DETAILS: Record<string, Json> = {
  createCheckoutSession: {
    parameters: ACP_POST_HEADERS.map(parameterRef),
    requestBody: acpRequest('CheckoutSessionCreateRequest'),
    responses: {
      201: acpSuccess('The new session, priced from the store', ['CheckoutSession']),
      ...errors([...ACP_COMMON, [409, 'AcpConflict'], [422, 'AcpIdempotencyConflict']]),
    },
  },
  getCheckoutSession: {
    parameters: withSession(ACP_GET_HEADERS),
    responses: {
      200: acpSuccess('The session; once completed, with its order', [
        'CheckoutSession',
        'CheckoutSessionWithOrder',
      ]),
      ...errors([...ACP_COMMON, [404, 'AcpNotFound']]),
    },
  },
  updateCheckoutSession: {
    parameters: withSession(ACP_POST_HEADERS),
    requestBody: acpRequest('CheckoutSessionUpdateRequest'),
    responses: {
      200: acpSuccess('The session, priced again', ['CheckoutSession']),
      ...errors([...ACP_COMMON, [404, 'AcpNotFound'], [409, 'AcpConflict'], [422, 'AcpIdempotencyConflict']]),
    },
  },
  completeCheckoutSession: {
    parameters: withSession(ACP_POST_HEADERS),
    requestBody: acpRequest('CheckoutSessionCompleteRequest'),
    responses: {
      200: acpSuccess('The completed session with its order', ['CheckoutSessionWithOrder']),
      ...errors([
        ...ACP_COMMON,
        [402, 'AcpPaymentDeclined'],
        [404, 'AcpNotFound'],
        [409, 'AcpConflict'],
        [422, 'AcpIdempotencyConflict'],
      ]),
    },
  },
  cancelCheckoutSession: {
    parameters: withSession(ACP_POST_HEADERS),
    requestBody: {
      required: false,
      description: CANCEL_DESCRIPTION,
      content: json(CANCEL_BODIES.length === 1 ? CANCEL_BODIES[0]! : { anyOf: CANCEL_BODIES }),
    },
    responses: {
      200: acpSuccess('The canceled session', ['CheckoutSession']),
      ...errors([
        ...ACP_COMMON,
        [404, 'AcpNotFound'],
        [405, 'AcpNotCancelable'],
        [409, 'AcpConflict'],
        [422, 'AcpIdempotencyConflict'],
      ]),
    },
  },

  createOffer: {
    parameters: [parameterRef('AgentIdempotencyKey')],
    requestBody: agentRequest('AgentOfferRequest'),
    responses: {
      200: agentSuccess(
        'The offer: store prices and shipping options, valid until expires_at',
        'AgentOfferResponse',
      ),
      ...errors([...AGENT_COMMON, [409, 'AgentConflict']]),
    },
  },
  createCheckout: {
    parameters: [parameterRef('AgentIdempotencyKey')],
    requestBody: agentRequest('AgentCheckoutRequest'),
    responses: {
      201: agentSuccess('The checkout; for Bitcoin, the Lightning invoice to pay', 'AgentCheckoutResponse'),
      ...errors([
        ...AGENT_COMMON,
        [402, 'AgentPaymentFailed'],
        [404, 'AgentNotFound'],
        [409, 'AgentConflict'],
      ]),
    },
  },
  confirmCheckout: {
    parameters: [parameterRef('AgentIdempotencyKey')],
    requestBody: agentRequest('AgentConfirmRequest'),
    responses: {
      200: agentSuccess(
        'ACCEPTED with the order, or the checkout still awaiting payment',
        'AgentConfirmResponse',
      ),
      ...errors([
        ...AGENT_COMMON,
        [402, 'AgentPaymentFailed'],
        [404, 'AgentNotFound'],
        [409, 'AgentConflict'],
      ]),
    },
  },
  getOrder: {
    parameters: [parameterRef('OrderId')],
    responses: {
      200: agentSuccess('The order, refreshed from the store', 'AgentOrderResponse'),
      ...errors([...AGENT_COMMON, [404, 'AgentNotFound']]),
    },
  },
};

/** The operation with its captured request and answer examples on their media types. */
function withExamples(operation: string, details: Json): Json {
  const captured = CAPTURED_EXAMPLES[operation];
  if (!captured) return details;
  const withMediaExamples = (body: Json, examples: ReturnType<typeof asExamples>) => {
    const media = (body.content as Record<string, Json>)['application/json']!;
    return { ...body, content: { 'application/json': { ...media, examples } } };
  };
  const requestBody = details.requestBody as Json | undefined;
  const responses = details.responses as Record<string, Json>;
  return {
    ...details,
    ...(requestBody && captured.request
      ? { requestBody: withMediaExamples(requestBody, asExamples(captured.request, 'Request')) }
      : {}),
    responses: Object.fromEntries(
      Object.entries(responses).map(([status, response]) => {
        const examples = captured.responses[status];
        return [
          status,
          examples ? withMediaExamples(response, asExamples(examples, `Answer ${status}`)) : response,
        ];
      }),
    ),
  };
}

/** OpenAPI `paths` for the operations served: every spelling, each with its own operationId. */
export function openApiPaths(served: ServedOperation[]): Record<string, Record<string, Json>> {
  const paths: Record<string, Record<string, Json>> = {};
  for (const op of served) {
    const details = OPERATION_DETAILS[op.operation];
    if (!details) throw new Error(`No OpenAPI details for operation ${op.operation}`);
    op.paths.forEach((path, index) => {
      paths[path] ??= {};
      paths[path][op.method.toLowerCase()] = {
        operationId: index === 0 ? op.operation : `${op.operation}Alias${index > 1 ? index : ''}`,
        summary: op.summary,
        ...(index > 0
          ? { description: `The same operation as ${op.method} ${op.paths[0]}, spelled differently.` }
          : {}),
        tags: [op.api === 'acp' ? 'ACP checkout sessions' : 'Agent API'],
        ...(op.rateLimit
          ? {
              'x-rate-limit': {
                max_requests: op.rateLimit.max,
                window: op.rateLimit.window,
                scope: 'api_key',
              },
            }
          : {}),
        ...withExamples(op.operation, details),
      };
    });
  }
  return paths;
}
