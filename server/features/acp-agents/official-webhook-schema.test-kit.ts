import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/**
 * Tests only: validators for the official ACP `WebhookEvent` of each version, read from the spec files
 * (never copied into the project). 2026's event data is the checkout spec's Order, taken from that
 * version's JSON schema bundle.
 */
const SPEC = fileURLToPath(new URL('../../../../shared/acp-spec/', import.meta.url));

function webhookSchemas(version: string): Record<string, unknown> {
  const doc = parse(
    readFileSync(`${SPEC}${version}/openapi/openapi.agentic_checkout_webhook.yaml`, 'utf8'),
  ) as {
    components: { schemas: Record<string, unknown> };
  };
  return doc.components.schemas;
}

export function officialWebhookValidator(version: '2025-09-29' | '2026-04-17') {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // 2025's webhook document is self-contained; 2026's event data is the checkout bundle's Order.
  let text = JSON.stringify(webhookSchemas(version));
  if (version === '2026-04-17') {
    const bundle = JSON.parse(
      readFileSync(`${SPEC}${version}/json-schema/schema.agentic_checkout.json`, 'utf8'),
    ) as { $id: string };
    ajv.addSchema(bundle);
    text = text.replaceAll('./openapi.agentic_checkout.yaml#/components/schemas/', `${bundle.$id}#/$defs/`);
  }
  text = text.replaceAll('#/components/schemas/', '#/$defs/');
  const validate = ajv.compile({ $defs: JSON.parse(text), $ref: '#/$defs/WebhookEvent' });
  return (event: unknown) => {
    const valid = validate(event);
    return {
      valid,
      errors: valid ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`),
    };
  };
}
