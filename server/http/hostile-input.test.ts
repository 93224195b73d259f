import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postJson, type TestApp } from '../test/create-test-app';
import { documentedErrorShape } from '../test/error-shapes';
import { acpRequest } from '../test/acp-kit';
import { agentRequest, newMerchant } from '../test/merchant-kit';
import { registerErrorHandling } from './errors';
import { hostileInputProblem, MAX_INPUT_DEPTH } from './hostile-input';

const nested = (depth: number) => `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;

describe('hostileInputProblem', () => {
  it('accepts ordinary text, emoji and nesting up to the bound', () => {
    expect(hostileInputProblem({ name: 'Zoë 😀', lines: ['a', { b: null }] }, 'body')).toBeNull();
    expect(hostileInputProblem(JSON.parse(nested(MAX_INPUT_DEPTH / 2)), 'body')).toBeNull();
  });

  it('names where a NUL or an unpaired surrogate is, in values and in keys', () => {
    expect(hostileInputProblem({ items: [{ sku: 'a\0' }] }, 'body')).toBe(
      'body.items.0.sku contains a NUL character or an unpaired surrogate',
    );
    expect(hostileInputProblem({ code: '\udc00x' }, 'query')).toMatch(/^query\.code contains/);
    expect(hostileInputProblem({ a: { 'k\ud800': 1 } }, 'body')).toBe(
      'body.a has a key with a NUL character or an unpaired surrogate',
    );
  });

  it('refuses nesting beyond the bound without recursing', () => {
    expect(hostileInputProblem(JSON.parse(nested(MAX_INPUT_DEPTH)), 'body')).toMatch(/deeper than 64/);
    expect(hostileInputProblem(JSON.parse(nested(200_000)), 'body')).toMatch(/deeper than 64/);
  });
});

describe('hostile input on every surface', () => {
  let t: TestApp;
  let apiKey: string;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ apiKey, cookie } = await newMerchant(t, { apiKey: true }));
  });
  afterAll(() => t.close());

  const expectDocumented400 = (url: string, res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(400);
    expect(documentedErrorShape(url).safeParse(res.json()).success, JSON.stringify(res.json())).toBe(true);
  };

  it('answers a NUL in an OAuth callback query with the app 400, and stays healthy', async () => {
    const url = '/api/connections/stripe/oauth/callback?code=%00&state=%00';
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expectDocumented400(url, res);
    expect((res.json() as { error: { message: string } }).error.message).toMatch(/^query\.code contains/);
    const status = await t.app.inject({ method: 'GET', url: '/api/status' });
    expect(status.json().status).not.toBe('degraded');
  });

  it('answers a NUL and an unpaired surrogate in an agent API id with the agent 400', async () => {
    const res = await agentRequest(t, apiKey, 'POST', '/api/agent/confirm', { checkout_id: '\u0000\ud800' });
    expectDocumented400('/api/agent/confirm', res);
    expect(res.json()).toMatchObject({ error_code: 'VALIDATION_ERROR' });
  });

  it('answers a NUL in a path parameter with the surface 400', async () => {
    const url = '/api/agent/order/%00';
    expectDocumented400(url, await agentRequest(t, apiKey, 'GET', url));
  });

  it('answers 5,000 levels of nesting with each surface 400 before hashing the idempotency key', async () => {
    const body = nested(5_000);
    const agent = await agentRequest(t, apiKey, 'POST', '/api/agent/confirm', body, {
      idempotencyKey: 'deep-1',
    });
    expectDocumented400('/api/agent/confirm', agent);
    const acp = await acpRequest(t, apiKey, '2026-04-17', 'POST', '/acp/checkout_sessions', body);
    expectDocumented400('/acp/checkout_sessions', acp);
    expect(acp.json()).toMatchObject({ type: 'invalid_request', code: 'invalid_request' });
    const app = await postJson(t.app, '/api/contact', body);
    expectDocumented400('/api/contact', app);
  });

  it('answers a value the database refuses as malformed with a 400, not a failure of ours', async () => {
    // A route that forgot to validate an id: the database is the last line that refuses it.
    const bare = Fastify();
    const serverErrors: number[] = [];
    registerErrorHandling(bare, (_request, status) => serverErrors.push(status));
    bare.get('/api/unvalidated/:id', async (request) => {
      const { id } = request.params as { id: string };
      return t.db.execute(sql`SELECT ${id}::uuid AS id`);
    });
    try {
      const url = `/api/unvalidated/${'-'.repeat(36)}`;
      const res = await bare.inject({ method: 'GET', url });
      expectDocumented400(url, res);
      expect(serverErrors).toEqual([]);
    } finally {
      await bare.close();
    }
  });

  it('refuses a body over the size limit in each surface shape', async () => {
    const big = JSON.stringify({ note: 'x'.repeat(1024 * 1024) });
    const agent = await agentRequest(t, apiKey, 'POST', '/api/agent/offer', big);
    expect(agent.statusCode).toBeGreaterThanOrEqual(400);
    expect(agent.statusCode).toBeLessThan(500);
    expect(documentedErrorShape('/api/agent/offer').safeParse(agent.json()).success).toBe(true);
    const acp = await acpRequest(t, apiKey, '2026-04-17', 'POST', '/acp/checkout_sessions', big);
    expect(acp.statusCode).toBe(413);
    expect(documentedErrorShape('/acp/checkout_sessions').safeParse(acp.json()).success).toBe(true);
    const app = await postJson(t.app, '/api/contact', big);
    expect(app.statusCode).toBe(413);
    expect(documentedErrorShape('/api/contact').safeParse(app.json()).success).toBe(true);
  });
});
