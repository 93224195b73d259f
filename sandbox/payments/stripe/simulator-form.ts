import qs from 'qs';

/**
 * Stripe's v1 request bodies: `application/x-www-form-urlencoded` with bracket nesting
 * (`metadata[order]=42`) and indexed arrays (`expand[0]=x`; `expand[]=x` also works), as stripe-node and
 * curl write them. The simulator reads them into nested objects the way Stripe does.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/** A body whose keys contradict each other, e.g. both `metadata=x` and `metadata[a]=y`. */
export class FormShapeError extends Error {
  constructor(readonly param: string) {
    super(`Invalid value for ${param}: it is sent both as a value and as an object`);
  }
}

// Stripe nests a few levels at most; indexed arrays can be long (line items, expand lists).
const PARSE_OPTIONS = { depth: 20, arrayLimit: 1000, plainObjects: true, duplicates: 'last' } as const;

/**
 * A value that mixes a plain value with nested parameters (qs keeps both in one array) is a body Stripe
 * refuses; the simulator refuses it the same way.
 */
function assertOneShape(value: unknown, name: string): void {
  if (Array.isArray(value)) {
    const kinds = new Set(value.map((item) => typeof item));
    if (kinds.size > 1) throw new FormShapeError(name);
    value.forEach((item, i) => assertOneShape(item, `${name}[${i}]`));
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) assertOneShape(child, `${name}[${key}]`);
  }
}

/**
 * Reads a form body into nested objects and arrays (values stay strings, as Stripe receives them). qs
 * drops a `__proto__` parameter rather than let it reach a prototype.
 */
export function parseStripeForm(body: string): FormObject {
  const parsed = qs.parse(body, PARSE_OPTIONS) as FormObject;
  for (const [key, value] of Object.entries(parsed)) assertOneShape(value, key);
  return parsed;
}

/** One spelling per set of parameters (keys sorted), so two requests can be compared. */
export function canonicalForm(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalForm).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalForm(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
