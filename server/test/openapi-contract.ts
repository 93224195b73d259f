import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Response } from 'light-my-request';
import { expect } from 'vitest';
import type { TestApp } from './create-test-app';

/**
 * The agent APIs' OpenAPI document as a test oracle: every answer the agent API and ACP give in any suite
 * (through agentRequest and acpRequest) is checked against what the document declares for its operation
 * and status, so a field, status or header added to the API and not to the document fails CI.
 */

type Json = Record<string, unknown>;
export interface OpenApi {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Json & { operationId: string; responses: Record<string, Json> }>>;
  components: Record<string, Record<string, Json>>;
}

/** The answer headers a client may act on: each one the server sends must be declared for that answer. */
const CONTRACT_HEADERS = [
  'request-id',
  'idempotency-key',
  'idempotent-replayed',
  'retry-after',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
];
const DOC_ID = 'https://agentcart.test/openapi.json';

export class OpenApiContract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ReturnType<Ajv2020['compile']>>();
  /** Each documented path as a pattern over concrete URLs (`{id}` is one path segment). */
  private readonly templates: { path: string; pattern: RegExp }[];

  constructor(readonly doc: OpenApi) {
    addFormats(this.ajv);
    // The whole document as one schema resource, so `#/components/...` refs resolve as they do for a client.
    this.ajv.addSchema({ ...doc, $id: DOC_ID });
    this.templates = Object.keys(doc.paths).map((path) => ({
      path,
      pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    }));
  }

  /** Follows a local `$ref` (`#/components/responses/X`) through the document. */
  deref<T = Json>(node: unknown): T {
    let current = node as Json;
    while (typeof current?.$ref === 'string') {
      const pointer = (current.$ref as string).replace(/^#\//, '').split('/');
      current = pointer.reduce<unknown>((at, part) => (at as Json)?.[part], this.doc) as Json;
      if (!current) throw new Error(`unresolved ${String(node)}`);
    }
    return current as T;
  }

  /** A validator for the schema at a JSON pointer fragment of the document. */
  validator(pointer: string) {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOC_ID}${pointer}` });
      this.compiled.set(pointer, validate);
    }
    return validate;
  }

  /** The documented path a concrete URL is an instance of, or null for a route the document leaves out. */
  templateOf(url: string): string | null {
    // Dot segments resolved as a client resolves them before sending (`/api/agent/order/..` is `/api/agent`).
    const path = new URL(url, 'http://contract.test').pathname;
    return this.templates.find((t) => t.pattern.test(path))?.path ?? null;
  }

  /**
   * Checks an answer against what the document gives for this operation and status: the body against its
   * schema, and every contract header the server sent against the answer's declared headers.
   */
  expectDocumented(method: string, path: string, res: Response) {
    const operation = this.doc.paths[path]?.[method.toLowerCase()];
    expect(operation, `${method} ${path} is documented`).toBeTruthy();
    const response = this.deref<{ content?: { 'application/json': { schema: Json } }; headers?: Json }>(
      operation!.responses[String(res.statusCode)],
    );
    expect(response, `${method} ${path} documents ${res.statusCode}: ${res.body}`).toBeTruthy();
    const schema = response.content?.['application/json'].schema;
    if (schema) {
      const validate = this.validator(this.refInto(schema));
      const body: unknown = res.json();
      expect(
        validate(body),
        `${method} ${path} ${res.statusCode}: ${JSON.stringify(validate.errors)}\n${res.body}`,
      ).toBe(true);
    } else {
      expect(res.body, `${method} ${path} ${res.statusCode} has no documented body`).toBe('');
    }
    const declared = Object.keys(response.headers ?? {}).map((name) => name.toLowerCase());
    const sent = CONTRACT_HEADERS.filter((name) => res.headers[name] !== undefined);
    const undeclared = sent.filter((name) => !declared.includes(name));
    expect(undeclared, `${method} ${path} ${res.statusCode} sends undeclared headers`).toEqual([]);
  }

  /** Checks a request body against the operation's documented requestBody. */
  expectDocumentedRequest(method: string, path: string, body: unknown) {
    const operation = this.doc.paths[path]![method.toLowerCase()]!;
    const schema = (operation.requestBody as { content: { 'application/json': { schema: Json } } }).content[
      'application/json'
    ].schema;
    const validate = this.validator(this.refInto(schema));
    expect(validate(body), `${method} ${path} request: ${JSON.stringify(validate.errors)}`).toBe(true);
  }

  /** A JSON pointer fragment at `schema` inside the document (inline oneOf/anyOf are looked up by identity). */
  private refInto(schema: Json): string {
    if (typeof schema.$ref === 'string') return schema.$ref;
    for (const [path, item] of Object.entries(this.doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const pointer = `#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/${method}`;
        const body = (op.requestBody as { content?: Record<string, { schema: Json }> } | undefined)
          ?.content?.['application/json'];
        if (body?.schema === schema) return `${pointer}/requestBody/content/application~1json/schema`;
        for (const [status, response] of Object.entries(op.responses)) {
          const content = (response as { content?: Record<string, { schema: Json }> }).content?.[
            'application/json'
          ];
          if (content?.schema === schema)
            return `${pointer}/responses/${status}/content/application~1json/schema`;
        }
      }
    }
    throw new Error('schema not found in the document');
  }
}

const contracts = new WeakMap<TestApp['app'], Promise<OpenApiContract>>();

/** The contract of the test app's own document (GET /openapi.json), read once per app. */
export function openApiContract(t: TestApp): Promise<OpenApiContract> {
  let contract = contracts.get(t.app);
  if (!contract) {
    contract = t.app
      .inject({ method: 'GET', url: '/openapi.json' })
      .then((res) => new OpenApiContract(res.json() as OpenApi));
    contracts.set(t.app, contract);
  }
  return contract;
}

/**
 * Checks an answer of a suite's agent API or ACP request against the document, when the route is one the
 * document covers (an unknown path's 404 is the error-shape suites' concern).
 */
export async function expectAnswerDocumented(t: TestApp, method: string, url: string, res: Response) {
  const contract = await openApiContract(t);
  const path = contract.templateOf(url);
  if (path && contract.doc.paths[path]?.[method.toLowerCase()]) contract.expectDocumented(method, path, res);
  return res;
}
