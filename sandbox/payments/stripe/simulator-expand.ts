import { invalidRequest } from './simulator-http';

/** Finds an object by id for `account` (undefined when it is not that account's, or does not exist). */
export type Resolver = (id: string, account: string) => unknown;

/** Stripe expands at most four levels deep (`a.b.c.d`). */
const MAX_DEPTH = 4;

/**
 * Stripe's `expand[]`: ids in a response replaced by the objects they name, along dotted paths
 * (`data.default_price` in a list, `latest_invoice.payments`). Each resource registers how to find its
 * objects by id prefix, so any response can expand any other resource it points at.
 */
export function createExpander() {
  const resolvers = new Map<string, Resolver>();

  // The longest registered prefix wins: `sub_sched_…` is a schedule, `sub_…` a subscription.
  const resolve = (id: string, account: string): unknown => {
    const prefix = [...resolvers.keys()]
      .filter((p) => id.startsWith(`${p}_`))
      .sort((a, b) => b.length - a.length)[0];
    return prefix ? resolvers.get(prefix)!(id, account) : undefined;
  };

  function along(value: unknown, path: string[], account: string): unknown {
    if (path.length === 0 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((item) => along(item, path, account));
    const [head, ...rest] = path as [string, ...string[]];
    const record = value as Record<string, unknown>;
    if (!(head in record)) return value;
    let child = record[head];
    if (typeof child === 'string') child = structuredClone(resolve(child, account)) ?? child;
    return { ...record, [head]: along(child, rest, account) };
  }

  return {
    /** Objects with ids `<prefix>_…` are found by `resolver`. */
    register(prefix: string, resolver: Resolver) {
      resolvers.set(prefix, resolver);
    },
    /** `body` with each of `paths` expanded for `account` (unknown ids stay ids, as on Stripe). */
    expand<T>(account: string, body: T, paths: string[] | undefined): T {
      let out: unknown = body;
      for (const path of paths ?? []) {
        const parts = path.split('.');
        if (parts.length > MAX_DEPTH) {
          throw invalidRequest(
            `You cannot expand more than ${MAX_DEPTH} levels of a property. Property: ${path}`,
            { param: 'expand' },
          );
        }
        out = along(out, parts, account);
      }
      return out as T;
    },
  };
}

export type Expander = ReturnType<typeof createExpander>;
