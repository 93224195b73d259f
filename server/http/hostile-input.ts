import type { FastifyInstance } from 'fastify';

/**
 * How deeply a request body may nest. The deepest documented body (an ACP session with fulfillment
 * details) nests about six levels; the bound keeps everything downstream that walks a body (schema
 * validation, idempotency hashing, jsonb) far from the stack limit.
 */
export const MAX_INPUT_DEPTH = 64;

/**
 * NUL cannot be stored in PostgreSQL text or jsonb, and an unpaired surrogate cannot be encoded as
 * UTF-8: either one reaching a query fails it with a server error.
 */
const UNSTORABLE_TEXT = /[\0\p{Cs}]/u;

/**
 * A request input no route accepts. Each surface's error handler turns a 4xx `statusCode` into its own
 * documented 400 (the app's, the agent API's and ACP's), so the guard needs no knowledge of them.
 */
export class HostileInputError extends Error {
  readonly statusCode = 400;
  constructor(message: string) {
    super(message);
    this.name = 'HostileInputError';
  }
}

/**
 * Why `input` cannot be accepted, naming where in it the problem is (`where` is its root), or null.
 * Iterative, since the input checked may nest arbitrarily deep.
 */
export function hostileInputProblem(input: unknown, where: string): string | null {
  const pending: { value: unknown; path: string; depth: number }[] = [
    { value: input, path: where, depth: 0 },
  ];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path, depth } = next;
    if (typeof value === 'string') {
      if (UNSTORABLE_TEXT.test(value)) return `${path} contains a NUL character or an unpaired surrogate`;
      continue;
    }
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    if (depth === MAX_INPUT_DEPTH) return `${where} is nested deeper than ${MAX_INPUT_DEPTH} levels`;
    // Reversed onto the stack, so the first problem in reading order is the one reported.
    for (const [key, child] of Object.entries(value).reverse()) {
      // The key is not echoed: it is the hostile part.
      if (UNSTORABLE_TEXT.test(key)) return `${path} has a key with a NUL character or an unpaired surrogate`;
      pending.push({ value: child, path: `${path}.${key}`, depth: depth + 1 });
    }
  }
  return null;
}

function refuse(input: unknown, where: string) {
  const problem = hostileInputProblem(input, where);
  if (problem) throw new HostileInputError(problem);
}

/**
 * Refuses, before any hook or handler can put them in a query, path parameters and query strings (as
 * soon as the route is known) and bodies (as soon as they are parsed) that are too deep or hold text no
 * database can store.
 */
export function registerHostileInputGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    refuse(request.params, 'path');
    refuse(request.query, 'query');
  });
  app.addHook('preValidation', async (request) => refuse(request.body, 'body'));
}
