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

function splitKey(raw: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(raw);
  if (!match) return [raw];
  const rest = [...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!);
  return [match[1]!, ...rest];
}

type Node = { [key: string]: Node | string };

/** Numbered keys become arrays (in index order) once the whole body is read. */
function arrayify(node: Node | string): FormValue {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => arrayify(node[k]!));
  }
  return Object.fromEntries(keys.map((k) => [k, arrayify(node[k]!)]));
}

// Nodes have no prototype, so a parameter named `__proto__` is just a name.
const node = (): Node => Object.create(null) as Node;

/** Reads a form body into nested objects and arrays (values stay strings, as Stripe receives them). */
export function parseStripeForm(body: string): FormObject {
  const root = node();
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = splitKey(rawKey);
    let parent = root;
    path.forEach((segment, i) => {
      const key = segment === '' ? String(Object.keys(parent).length) : segment;
      const name = `${path[0]}${path
        .slice(1, i + 1)
        .map((s) => `[${s}]`)
        .join('')}`;
      if (i === path.length - 1) {
        if (typeof parent[key] === 'object') throw new FormShapeError(name);
        parent[key] = value;
        return;
      }
      const child = parent[key] ?? node();
      if (typeof child === 'string') throw new FormShapeError(name);
      parent[key] = child;
      parent = child;
    });
  }
  return Object.fromEntries(Object.keys(root).map((k) => [k, arrayify(root[k]!)]));
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
