import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { AcpVersion } from '../features/acp/versions/registry';
import { officialAjv, runCheck, specFolder, type OfficialCheck } from './official-schemas';

export type { OfficialCheck } from './official-schemas';

/** Tests only: validators for the official ACP JSON Schemas, read from ../shared/acp-spec (official-schemas.ts). */
const acpSpec = specFolder('acp-spec', '2026-04-17/json-schema/schema.agentic_checkout.json', 'ACP');
export const ACP_SPEC_DIR = acpSpec.dir;
export const acpSpecAvailable = acpSpec.available;
export const readAcpSpec = acpSpec.read;

/**
 * `check(defName, value)` against `$defs` of a version's checkout bundle. CheckoutSessionWithOrder is
 * `allOf: [CheckoutSessionBase (additionalProperties: false), {order}]`, which no object with `order` can
 * satisfy literally; it is checked as its two halves: the session without `order`, and `order` as Order.
 */
export function officialCheckoutValidator(version: AcpVersion) {
  const ajv = officialAjv();
  const bundle = draft4Bounds(readAcpSpec(`${version}/json-schema/schema.agentic_checkout.json`)) as {
    $id: string;
  };
  ajv.addSchema(bundle);
  const run = (def: string, value: unknown): OfficialCheck => {
    const validate = ajv.getSchema(`${bundle.$id}#/$defs/${def}`);
    if (!validate) throw new Error(`no $defs/${def} in the ${version} bundle`);
    return runCheck(validate, value, def);
  };
  return (def: string, value: unknown): OfficialCheck => {
    if (def !== 'CheckoutSessionWithOrder') return run(def, value);
    const { order, ...session } = value as Record<string, unknown>;
    const results = [run('CheckoutSession', session), run('Order', order)];
    return { valid: results.every((r) => r.valid), errors: results.flatMap((r) => r.errors) };
  };
}

/**
 * The 2025-09-29 bundle writes `minimum: 0, exclusiveMinimum: true` (the OpenAPI 3.0 / draft-04 form) in a
 * 2020-12 document; this rewrites it to the 2020-12 form with the same meaning (`exclusiveMinimum: 0`).
 */
function draft4Bounds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(draft4Bounds);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = draft4Bounds(value);
  if (out.exclusiveMinimum === true && typeof out.minimum === 'number') {
    out.exclusiveMinimum = out.minimum;
    delete out.minimum;
  }
  return out;
}

function webhookSchemas(version: AcpVersion): Record<string, unknown> {
  const doc = parse(
    readFileSync(`${ACP_SPEC_DIR}${version}/openapi/openapi.agentic_checkout_webhook.yaml`, 'utf8'),
  ) as {
    components: { schemas: Record<string, unknown> };
  };
  return doc.components.schemas;
}

/**
 * A validator for the official `WebhookEvent` of a version, read from its webhook OpenAPI document on
 * first use (so a suite that skips without ../shared/acp-spec can still be collected).
 */
export function officialWebhookValidator(version: AcpVersion) {
  let validate: ReturnType<typeof compileWebhookEvent> | undefined;
  return (event: unknown): OfficialCheck => {
    validate ??= compileWebhookEvent(version);
    return runCheck(validate, event, '');
  };
}

/** 2026-04-17's event data is the checkout bundle's Order, so that bundle is loaded alongside. */
function compileWebhookEvent(version: AcpVersion) {
  const ajv = officialAjv();
  let text = JSON.stringify(webhookSchemas(version));
  if (version === '2026-04-17') {
    const bundle = readAcpSpec(`${version}/json-schema/schema.agentic_checkout.json`) as { $id: string };
    ajv.addSchema(bundle);
    text = text.replaceAll('./openapi.agentic_checkout.yaml#/components/schemas/', `${bundle.$id}#/$defs/`);
  }
  text = text.replaceAll('#/components/schemas/', '#/$defs/');
  return ajv.compile({ $defs: JSON.parse(text), $ref: '#/$defs/WebhookEvent' });
}

type OpenRpcSchema = { $ref?: string } & Record<string, unknown>;
type OpenRpcMethod = {
  name: string;
  params: { name: string; required?: boolean; schema: OpenRpcSchema }[];
  result: { schema: OpenRpcSchema };
};

/**
 * Validators for the MCP binding's tool calls, from openrpc.agentic_checkout.json read in place:
 * `params(tool, args)` checks each argument against its param's schema (and the required ones are
 * there), `result(tool, value)` the tool's result. The document's `$ref`s are followed where they point:
 * its own `components` or the checkout bundle's `$defs` (checked as officialCheckoutValidator checks).
 */
export function officialMcpValidator() {
  const version = '2026-04-17';
  const doc = readAcpSpec(`${version}/openrpc/openrpc.agentic_checkout.json`) as {
    methods: OpenRpcMethod[];
    components: { schemas: Record<string, OpenRpcSchema> };
  };
  const checkout = officialCheckoutValidator(version);
  const ajv = officialAjv();
  const BUNDLE_REF = '../json-schema/schema.agentic_checkout.json#/$defs/';
  const check = (schema: OpenRpcSchema, value: unknown, label: string): OfficialCheck => {
    const ref = schema.$ref;
    if (ref?.startsWith(BUNDLE_REF)) return checkout(ref.slice(BUNDLE_REF.length), value);
    const resolved = ref?.startsWith('#/components/schemas/')
      ? doc.components.schemas[ref.slice('#/components/schemas/'.length)]!
      : schema;
    return runCheck(ajv.compile(resolved), value, label);
  };
  const method = (tool: string) => {
    const found = doc.methods.find((m) => m.name === tool);
    if (!found) throw new Error(`no method ${tool} in the OpenRPC document`);
    return found;
  };
  return {
    tools: doc.methods.map((m) => m.name),
    params(tool: string, args: Record<string, unknown>): OfficialCheck {
      const results = method(tool).params.flatMap((param) => {
        if (!(param.name in args))
          return param.required ? [{ valid: false, errors: [`${tool}: ${param.name} is required`] }] : [];
        return [check(param.schema, args[param.name], `${tool}.${param.name}`)];
      });
      return { valid: results.every((r) => r.valid), errors: results.flatMap((r) => r.errors) };
    },
    result: (tool: string, value: unknown) => check(method(tool).result.schema, value, `${tool} result`),
    error: (value: unknown) => checkout('Error', value),
  };
}

/**
 * `check(defName, value)` against `$defs` of the 2026-04-17 feed bundle (`schema.feed.json`): Product,
 * CreateFeedRequest, UpsertProductsRequest, FeedMetadata, Error. Compiled on first use, so a suite that
 * skips without ../shared/acp-spec can still be collected.
 */
export function officialFeedValidator() {
  let ajv: ReturnType<typeof officialAjv> | undefined;
  let id = '';
  return (def: string, value: unknown): OfficialCheck => {
    if (!ajv) {
      ajv = officialAjv();
      const bundle = readAcpSpec('2026-04-17/json-schema/schema.feed.json') as { $id: string };
      ajv.addSchema(bundle);
      id = bundle.$id;
    }
    const validate = ajv.getSchema(`${id}#/$defs/${def}`);
    if (!validate) throw new Error(`no $defs/${def} in the feed bundle`);
    return runCheck(validate, value, def);
  };
}
