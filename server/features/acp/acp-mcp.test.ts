import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acpRequest, expectAcpShape } from '../../test/acp-kit';
import { acpSpecAvailable, officialMcpValidator } from '../../test/acp-official-schemas';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { demoMerchantApiKey, mintSharedPaymentToken } from '../../test/merchant-kit';
import { acpVersion } from './versions/registry';

const VERSION = '2026-04-17';
/** The fields of a session these tests read; the rest is checked against the schemas. */
type Session = Record<string, unknown> & {
  id: string;
  status: string;
  totals: { type: string; amount: number }[];
  order?: { id: string };
};
const SKU = 'TEST-PRODUCT-001';
const examples = acpVersion(VERSION).examples;
/** The create example as the official schema has it: 2026-04-17's Item carries no quantity (one of each). */
const createPayload = () => {
  const payload = examples.create(SKU) as { line_items: { id: string }[] };
  return { ...payload, line_items: payload.line_items.map(({ id }) => ({ id })) };
};
const openRpc = acpSpecAvailable ? officialMcpValidator() : null;

let t: TestApp;
let key: string;
let endpoint: URL;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  key = await demoMerchantApiKey(t);
  endpoint = new URL('/mcp', await t.app.listen({ port: 0, host: '127.0.0.1' }));
});
afterAll(() => t.close());

/** The official SDK's client on the Streamable HTTP transport, authenticated with the merchant's API key. */
async function connect(apiKey: string | null = key) {
  const client = new Client({ name: 'agentcart-mcp-test', version: '1.0.0' });
  const headers: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  await client.connect(new StreamableHTTPClientTransport(endpoint, { requestInit: { headers } }));
  // Listing the tools makes the client check every result against the tool's output schema.
  await client.listTools();
  return client;
}

/**
 * One tool call, its arguments checked against the OpenRPC document before sending and its result (the
 * tool's structured content) after; an ACP error comes back as the McpError the SDK throws.
 */
async function call(client: Client, tool: string, args: Record<string, unknown>) {
  if (openRpc) expect(openRpc.params(tool, args).errors, `${tool} arguments`).toEqual([]);
  const result = (await client.callTool({ name: tool, arguments: args })) as CallToolResult;
  expect(result.isError).toBeFalsy();
  const session = result.structuredContent as Session;
  expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(session);
  if (openRpc) expect(openRpc.result(tool, session).errors, `${tool} result`).toEqual([]);
  return session;
}

/** The JSON-RPC error a call ends in: -32000 with the ACP error (checked against the bundle) as data. */
async function acpErrorOf(client: Client, tool: string, args: Record<string, unknown>) {
  const failure = await client.callTool({ name: tool, arguments: args }).then(
    () => null,
    (err: unknown) => err,
  );
  expect(failure).toBeInstanceOf(McpError);
  const { code, data } = failure as McpError;
  expect(code).toBe(-32000);
  if (openRpc) expect(openRpc.error(data).errors).toEqual([]);
  expectAcpShape(VERSION, 'Error', data);
  return data as { type: string; code: string; message: string; param?: string };
}

const meta = (extra: Record<string, unknown> = {}) => ({
  api_version: VERSION,
  idempotency_key: randomUUID(),
  user_agent: 'McpTestAgent/1.0',
  ...extra,
});
/** A session as both bindings render it; delivery estimates are computed at each read, so left out. */
const sameSession = ({ fulfillment_options: _options, ...session }: Session) => session;
const totalOf = (session: Session) => session.totals.find((x) => x.type === 'total')!.amount;

describe('checkout over MCP (ACP 2026-04-17 MCP binding)', () => {
  it('lists exactly the five tools of the binding, each taking meta and answering a session', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [
        'cancel_checkout_session',
        'complete_checkout_session',
        'create_checkout_session',
        'get_checkout_session',
        'update_checkout_session',
      ].sort(),
    );
    if (openRpc) expect(tools.map((tool) => tool.name).sort()).toEqual([...openRpc.tools].sort());
    for (const tool of tools) {
      expect(tool.inputSchema.required).toContain('meta');
      expect(JSON.stringify(tool.inputSchema)).not.toMatch(/authorization|api_key/i);
      expect(tool.outputSchema?.type).toBe('object');
    }
    await client.close();
  });

  it('buys by card with the official SDK client over a real HTTP server', async () => {
    const client = await connect();
    const created = await call(client, 'create_checkout_session', {
      meta: meta(),
      payload: createPayload(),
    });
    expect(created.status).toBe('ready_for_payment');
    const updated = await call(client, 'update_checkout_session', {
      meta: meta(),
      id: created.id,
      payload: examples.selectExpress(SKU),
    });
    const token = await mintSharedPaymentToken(t, totalOf(updated));
    const completed = await call(client, 'complete_checkout_session', {
      meta: meta(),
      id: created.id,
      payload: examples.payByCard(token),
    });
    expect(completed).toMatchObject({ id: created.id, status: 'completed' });
    expect(completed.order?.id).toBeTruthy();
    expect(
      await call(client, 'get_checkout_session', { meta: { api_version: VERSION }, id: created.id }),
    ).toMatchObject({ status: 'completed' });
    await client.close();
  });

  it('is one session whichever binding made it: MCP-made read over REST, REST-made read and cancelled over MCP', async () => {
    const client = await connect();
    const overMcp = await call(client, 'create_checkout_session', {
      meta: meta(),
      payload: createPayload(),
    });
    const readOverRest = await acpRequest(t, key, VERSION, 'GET', `/acp/checkout_sessions/${overMcp.id}`);
    expect(readOverRest.statusCode, readOverRest.body).toBe(200);
    expect(sameSession(readOverRest.json())).toEqual(sameSession(overMcp));

    const overRest = await acpRequest(
      t,
      key,
      VERSION,
      'POST',
      '/acp/checkout_sessions',
      examples.create(SKU),
    );
    expect(overRest.statusCode, overRest.body).toBe(201);
    const readOverMcp = await call(client, 'get_checkout_session', {
      meta: { api_version: VERSION },
      id: overRest.json().id,
    });
    expect(sameSession(readOverMcp)).toEqual(sameSession(overRest.json()));
    const cancelled = await call(client, 'cancel_checkout_session', {
      meta: meta(),
      id: overRest.json().id,
      payload: examples.cancel,
    });
    expect(cancelled.status).toBe('canceled');
    await client.close();
  });

  it('replays an idempotency key, across bindings too, and refuses it with another payload', async () => {
    const client = await connect();
    const idempotency_key = randomUUID();
    const payload = createPayload();
    const first = await call(client, 'create_checkout_session', { meta: meta({ idempotency_key }), payload });
    const again = await call(client, 'create_checkout_session', { meta: meta({ idempotency_key }), payload });
    expect(again.id).toBe(first.id);
    const overRest = await acpRequest(t, key, VERSION, 'POST', '/acp/checkout_sessions', payload, {
      'idempotency-key': idempotency_key,
    });
    expect(overRest.headers['idempotent-replayed']).toBe('true');
    expect(overRest.json().id).toBe(first.id);

    const conflict = await acpErrorOf(client, 'create_checkout_session', {
      meta: meta({ idempotency_key }),
      payload: { ...payload, locale: 'en-GB' },
    });
    expect(conflict.code).toBe('idempotency_conflict');
    const missing = await acpErrorOf(client, 'create_checkout_session', {
      meta: { api_version: VERSION },
      payload,
    });
    expect(missing.code).toBe('idempotency_key_required');
    await client.close();
  });

  it('answers ACP errors as JSON-RPC -32000 with the ACP error as data, and a bad envelope as -32602', async () => {
    const client = await connect();
    const unknown = await acpErrorOf(client, 'get_checkout_session', {
      meta: { api_version: VERSION },
      id: 'cs_does_not_exist',
    });
    expect(unknown.type).toBe('invalid_request');
    const version = await acpErrorOf(client, 'get_checkout_session', {
      meta: { api_version: '2020-01-01' },
      id: 'cs_x',
    });
    expect(version.code).toBe('unsupported_api_version');
    const invalid = await acpErrorOf(client, 'create_checkout_session', {
      meta: meta(),
      payload: { ...createPayload(), line_items: [] },
    });
    expect(invalid).toMatchObject({ type: 'invalid_request', param: expect.stringContaining('line_items') });

    const envelope = await client
      .callTool({ name: 'get_checkout_session', arguments: { id: 'cs_x' } })
      .catch((err: unknown) => err);
    expect(envelope).toBeInstanceOf(McpError);
    expect((envelope as McpError).code).toBe(-32602);
    await client.close();
  });

  it('refuses a connection without the merchant API key, or with a wrong one', async () => {
    await expect(connect(null)).rejects.toMatchObject({ code: 401 });
    await expect(connect('ak_live_not_a_key')).rejects.toMatchObject({ code: 401 });
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
  });
});
