import { z } from 'zod';
import { acpError } from '#common/acp/error';
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
import { ACP_VERSION_MODULES, type AcpVersion } from '../../acp';

type JsonSchema = Record<string, unknown>;

/** `CheckoutSession_2026_04_17`: one component per ACP version, since the API-Version header picks the shape. */
export const versioned = (name: string, version: AcpVersion) => `${name}_${version.replaceAll('-', '_')}`;
export const schemaRef = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** What agents send: read as the server reads it (`io: input`, before transforms and defaults). */
function requestSchemas() {
  const registry = z.registry<{ id: string }>();
  for (const { version, schemas } of ACP_VERSION_MODULES) {
    registry.add(schemas.create, { id: versioned('CheckoutSessionCreateRequest', version) });
    registry.add(schemas.update, { id: versioned('CheckoutSessionUpdateRequest', version) });
    registry.add(schemas.complete, { id: versioned('CheckoutSessionCompleteRequest', version) });
    if (schemas.cancel)
      registry.add(schemas.cancel, { id: versioned('CheckoutSessionCancelRequest', version) });
  }
  registry.add(offerRequest, { id: 'AgentOfferRequest' });
  registry.add(checkoutRequest, { id: 'AgentCheckoutRequest' });
  registry.add(confirmRequest, { id: 'AgentConfirmRequest' });
  return registry;
}

/** What the server answers (`io: output`). */
function responseSchemas() {
  const registry = z.registry<{ id: string }>();
  for (const { version, schemas } of ACP_VERSION_MODULES) {
    registry.add(schemas.session, { id: versioned('CheckoutSession', version) });
    registry.add(schemas.sessionWithOrder, { id: versioned('CheckoutSessionWithOrder', version) });
    registry.add(schemas.order, { id: versioned('Order', version) });
    for (const [name, schema] of Object.entries(schemas.components ?? {})) {
      registry.add(schema, { id: versioned(name, version) });
    }
  }
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
