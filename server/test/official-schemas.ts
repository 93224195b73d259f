import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Tests only: what the loaders of the official protocol schemas share. Each specification is read from
 * its folder under ../shared (never copied into the project); when the folder is absent the suites say
 * they skipped these checks.
 */
export type OfficialCheck = { valid: boolean; errors: string[] };

export interface SpecFolder {
  dir: string;
  available: boolean;
  read(relative: string): unknown;
}

/** `../shared/<folder>/`, available when `probe` (a file in it) exists. */
export function specFolder(folder: string, probe: string, label: string): SpecFolder {
  const dir = fileURLToPath(new URL(`../../../shared/${folder}/`, import.meta.url));
  const available = existsSync(`${dir}${probe}`);
  if (!available)
    console.warn(`${label} official schema checks SKIPPED: ${dir} is missing (CI always has it).`);
  return { dir, available, read: (relative) => JSON.parse(readFileSync(`${dir}${relative}`, 'utf8')) };
}

/** A JSON Schema 2020-12 validator that reads formats and ignores the specifications' annotation keywords. */
export function officialAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv;
}

/** Runs a compiled schema, naming each error after `label`. */
export function runCheck(validate: ValidateFunction, value: unknown, label: string): OfficialCheck {
  const valid = validate(value) as boolean;
  return {
    valid,
    errors: valid ? [] : (validate.errors ?? []).map((e) => `${label}${e.instancePath} ${e.message}`),
  };
}
