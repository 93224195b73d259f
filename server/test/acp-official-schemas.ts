import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import type { AcpVersion } from '../features/acp/versions/registry';

/**
 * Tests only: validators for the official ACP JSON Schemas, read from ../shared/acp-spec (never copied
 * into the project). When that folder is absent the suites say they skipped these checks.
 */
export const ACP_SPEC_DIR = fileURLToPath(new URL('../../../shared/acp-spec/', import.meta.url));
export const acpSpecAvailable = existsSync(
  `${ACP_SPEC_DIR}2026-04-17/json-schema/schema.agentic_checkout.json`,
);
if (!acpSpecAvailable) {
  console.warn(`ACP official schema checks SKIPPED: ${ACP_SPEC_DIR} is missing (CI always has it).`);
}

export function readAcpSpec(relative: string): unknown {
  return JSON.parse(readFileSync(`${ACP_SPEC_DIR}${relative}`, 'utf8'));
}

export type OfficialCheck = { valid: boolean; errors: string[] };

/**
 * `check(defName, value)` against `$defs` of a version's checkout bundle. CheckoutSessionWithOrder is
 * `allOf: [CheckoutSessionBase (additionalProperties: false), {order}]`, which no object with `order` can
 * satisfy literally; it is checked as its two halves: the session without `order`, and `order` as Order.
 */
export function officialCheckoutValidator(version: AcpVersion) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const bundle = draft4Bounds(readAcpSpec(`${version}/json-schema/schema.agentic_checkout.json`)) as {
    $id: string;
  };
  ajv.addSchema(bundle);
  const run = (def: string, value: unknown): OfficialCheck => {
    const validate = ajv.getSchema(`${bundle.$id}#/$defs/${def}`);
    if (!validate) throw new Error(`no $defs/${def} in the ${version} bundle`);
    const valid = validate(value) as boolean;
    return {
      valid,
      errors: valid ? [] : (validate.errors ?? []).map((e) => `${def}${e.instancePath} ${e.message}`),
    };
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
    const valid = validate(event) as boolean;
    return {
      valid,
      errors: valid ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`),
    };
  };
}

/** 2026-04-17's event data is the checkout bundle's Order, so that bundle is loaded alongside. */
function compileWebhookEvent(version: AcpVersion) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  let text = JSON.stringify(webhookSchemas(version));
  if (version === '2026-04-17') {
    const bundle = readAcpSpec(`${version}/json-schema/schema.agentic_checkout.json`) as { $id: string };
    ajv.addSchema(bundle);
    text = text.replaceAll('./openapi.agentic_checkout.yaml#/components/schemas/', `${bundle.$id}#/$defs/`);
  }
  text = text.replaceAll('#/components/schemas/', '#/$defs/');
  return ajv.compile({ $defs: JSON.parse(text), $ref: '#/$defs/WebhookEvent' });
}

/**
 * `check(defName, value)` against `$defs` of the 2026-04-17 feed bundle (`schema.feed.json`): Product,
 * CreateFeedRequest, UpsertProductsRequest, FeedMetadata, Error. Compiled on first use, so a suite that
 * skips without ../shared/acp-spec can still be collected.
 */
export function officialFeedValidator() {
  let ajv: Ajv2020 | undefined;
  let id = '';
  return (def: string, value: unknown): OfficialCheck => {
    if (!ajv) {
      ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats(ajv);
      const bundle = readAcpSpec('2026-04-17/json-schema/schema.feed.json') as { $id: string };
      ajv.addSchema(bundle);
      id = bundle.$id;
    }
    const validate = ajv.getSchema(`${id}#/$defs/${def}`);
    if (!validate) throw new Error(`no $defs/${def} in the feed bundle`);
    const valid = validate(value) as boolean;
    return {
      valid,
      errors: valid ? [] : (validate.errors ?? []).map((e) => `${def}${e.instancePath} ${e.message}`),
    };
  };
}
