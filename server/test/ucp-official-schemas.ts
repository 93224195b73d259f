import { readdirSync } from 'node:fs';
import { officialAjv, runCheck, specFolder, type OfficialCheck } from './official-schemas';

/**
 * Tests only: validators for the official UCP JSON Schemas (2026-04-08), read in place from
 * ../shared/ucp-spec (official-schemas.ts). Every schema under source/schemas is added under its own
 * `$id`, so their relative `$ref`s resolve as published. The discovery profile schema's `$ref`s are written
 * relative to its place in the source tree (`../schemas/ucp.json` from source/discovery/), not to its
 * `$id` (…/schemas/discovery/profile.json), so it is added under an id at that place.
 */
const ucpSpec = specFolder('ucp-spec', '2026-04-08/source/discovery/profile_schema.json', 'UCP');
export const ucpSpecAvailable = ucpSpec.available;

const BASE = 'https://ucp.dev/schemas/';
const PROFILE_ID = 'https://ucp.dev/discovery/profile_schema.json';

/** What a UCP body is checked as, by the `$id` (and pointer) of its official schema. */
const TARGETS = {
  business_profile: `${PROFILE_ID}#/$defs/business_profile`,
  platform_profile: `${PROFILE_ID}#/$defs/platform_profile`,
  /** The checkout as this business composes it: checkout.json with the fulfillment extension. */
  checkout: `${BASE}shopping/fulfillment.json#/$defs/dev.ucp.shopping.checkout`,
  order: `${BASE}shopping/order.json`,
  error_response: `${BASE}shopping/types/error_response.json`,
} as const;
export type UcpShape = keyof typeof TARGETS;

function schemaFiles(relative: string): string[] {
  return readdirSync(`${ucpSpec.dir}${relative}`, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.json'))
    .map((file) => `${relative}${file}`);
}

let ajv: ReturnType<typeof officialAjv> | undefined;
function loaded() {
  if (ajv) return ajv;
  ajv = officialAjv();
  for (const file of schemaFiles('2026-04-08/source/schemas/')) ajv.addSchema(ucpSpec.read(file) as object);
  const profile = ucpSpec.read('2026-04-08/source/discovery/profile_schema.json') as object;
  ajv.addSchema({ ...profile, $id: PROFILE_ID });
  return ajv;
}

/** Checks a body against the official schema of its shape (compiled on first use). */
export function ucpCheck(shape: UcpShape, value: unknown): OfficialCheck {
  const validate = loaded().getSchema(TARGETS[shape]);
  if (!validate) throw new Error(`no official UCP schema at ${TARGETS[shape]}`);
  return runCheck(validate, value, shape);
}
