import { z } from 'zod';
import * as v20250929 from '#common/acp/2025-09-29/schemas';
import * as v20260417 from '#common/acp/2026-04-17/schemas';
import { acpError } from '#common/acp/error';
import type { AcpVersion } from '#common/acp/versions';
import {
  agentCheckoutResponse,
  agentConfirmResponse,
  agentErrorBody,
  agentOrderResponse,
  checkoutRequest,
  confirmRequest,
  offerRequest,
  offerResponse,
} from '#common/api/agent';

type JsonSchema = Record<string, unknown>;

/** `CheckoutSession_2026_04_17`: one component per ACP version, since the API-Version header picks the shape. */
export const versioned = (name: string, version: AcpVersion) => `${name}_${version.replaceAll('-', '_')}`;
export const schemaRef = (id: string) => ({ $ref: `#/components/schemas/${id}` });

const WIRES = { '2025-09-29': v20250929, '2026-04-17': v20260417 } as const;

/** What agents send: read as the server reads it (`io: input`, before transforms and defaults). */
function requestSchemas() {
  const registry = z.registry<{ id: string }>();
  for (const [version, wire] of Object.entries(WIRES) as [AcpVersion, (typeof WIRES)[AcpVersion]][]) {
    registry.add(wire.createRequest, { id: versioned('CheckoutSessionCreateRequest', version) });
    registry.add(wire.updateRequest, { id: versioned('CheckoutSessionUpdateRequest', version) });
    registry.add(wire.completeRequest, { id: versioned('CheckoutSessionCompleteRequest', version) });
  }
  registry.add(v20260417.cancelRequest.unwrap(), {
    id: versioned('CheckoutSessionCancelRequest', '2026-04-17'),
  });
  registry.add(offerRequest, { id: 'AgentOfferRequest' });
  registry.add(checkoutRequest, { id: 'AgentCheckoutRequest' });
  registry.add(confirmRequest, { id: 'AgentConfirmRequest' });
  return registry;
}

/** What the server answers (`io: output`). */
function responseSchemas() {
  const registry = z.registry<{ id: string }>();
  for (const [version, wire] of Object.entries(WIRES) as [AcpVersion, (typeof WIRES)[AcpVersion]][]) {
    registry.add(wire.checkoutSession, { id: versioned('CheckoutSession', version) });
    registry.add(wire.checkoutSessionWithOrder, { id: versioned('CheckoutSessionWithOrder', version) });
    registry.add(wire.order, { id: versioned('Order', version) });
  }
  registry.add(v20260417.paymentHandler, { id: versioned('PaymentHandler', '2026-04-17') });
  registry.add(acpError, { id: 'AcpError' });
  registry.add(offerResponse, { id: 'AgentOfferResponse' });
  registry.add(agentCheckoutResponse, { id: 'AgentCheckoutResponse' });
  registry.add(agentConfirmResponse, { id: 'AgentConfirmResponse' });
  registry.add(agentOrderResponse, { id: 'AgentOrderResponse' });
  registry.add(agentErrorBody, { id: 'AgentError' });
  return registry;
}

/**
 * A component schema as OpenAPI 3.1 holds it: JSON Schema 2020-12 whose `$ref`s point at other
 * components. The generator's own `$schema`/`$id` go: an `$id` would change the base its refs resolve from.
 */
function asComponent(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

function convert(registry: ReturnType<typeof requestSchemas>, io: 'input' | 'output') {
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    // Nothing the wire schemas hold is unrepresentable; if one ever is, it shows as "any" rather than failing start-up.
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  });
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, asComponent(schema)]));
}

/** components.schemas, generated from the server's own zod schemas. */
export function componentSchemas(): Record<string, JsonSchema> {
  return { ...convert(requestSchemas(), 'input'), ...convert(responseSchemas(), 'output') };
}
