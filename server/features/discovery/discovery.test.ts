import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acpDiscoveryResponse, agentCommerceDiscovery } from '#common/api/discovery';
import { acpRequest } from '../../test/acp-kit';
import { acpSpecAvailable, officialCheckoutValidator, readAcpSpec } from '../../test/acp-official-schemas';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/create-test-app';
import { agentRequest, newMerchant } from '../../test/merchant-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('/.well-known/acp.json', () => {
  it('is the ACP 2026-04-17 DiscoveryResponse of this platform, valid against the official schema', async () => {
    const res = await get('/.well-known/acp.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = acpDiscoveryResponse.parse(res.json());
    expect(body).toEqual({
      protocol: {
        name: 'acp',
        version: '2026-04-17',
        supported_versions: ['2025-09-29', '2026-04-17'],
        documentation_url: `${TEST_ORIGIN}/docs#acp`,
      },
      api_base_url: `${TEST_ORIGIN}/acp`,
      transports: ['rest', 'mcp'],
      capabilities: { services: ['checkout', 'orders', 'feeds'] },
    });
    if (!acpSpecAvailable) return;
    // `feeds` is the one value past the released closed enum (rfc.product_feeds.md §3.5, ADR 055):
    // without it the document is valid, and with it the enum is the only complaint.
    const validate = officialCheckoutValidator('2026-04-17');
    const released = { ...body, capabilities: { services: ['checkout', 'orders'] } };
    expect(validate('DiscoveryResponse', released).errors).toEqual([]);
    expect(
      validate('DiscoveryResponse', body).errors.every((e) => e.includes('/capabilities/services/')),
    ).toBe(true);
  });

  it.runIf(acpSpecAvailable)('validates the official discovery examples with the same validator', () => {
    const examples = readAcpSpec('2026-04-17/examples/examples.agentic_checkout.json') as Record<
      string,
      unknown
    >;
    const check = officialCheckoutValidator('2026-04-17');
    expect(check('DiscoveryResponse', examples.discovery_response_full).valid).toBe(true);
    expect(
      check('DiscoveryResponse', { ...(examples.discovery_response_minimal as object), extra: 1 }).valid,
    ).toBe(false);
  });

  it('leads agents to a base URL that answers in ACP', async () => {
    const body = (await get('/.well-known/acp.json')).json();
    const path = new URL(`${body.api_base_url}/checkout_sessions/cs_nope`).pathname;
    const res = await acpRequest(t, null, body.protocol.version, 'GET', path);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ type: 'invalid_request', code: 'unauthorized' });
  });

  it('is cacheable: Cache-Control, an ETag, 304 for a current copy, readable from any origin', async () => {
    const first = await get('/.well-known/acp.json');
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    expect(first.headers['access-control-allow-origin']).toBe('*');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await get('/.well-known/acp.json', { 'if-none-match': `W/"other", ${etag}` });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/.well-known/acp.json', { 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });
});

describe('/.well-known/agent-commerce.json', () => {
  it('describes the platform, its APIs (ACP, UCP, the agent API), payment methods and links', async () => {
    const res = await get('/.well-known/agent-commerce.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers.etag).toBeTruthy();
    const doc = agentCommerceDiscovery.parse(res.json());
    expect(doc).toMatchObject({
      name: 'AgentCart',
      url: TEST_ORIGIN,
      environment: 'sandbox',
      acp: {
        base_url: `${TEST_ORIGIN}/acp`,
        discovery_url: `${TEST_ORIGIN}/.well-known/acp.json`,
        current_version: '2026-04-17',
        supported_versions: ['2025-09-29', '2026-04-17'],
        services: ['checkout', 'orders', 'feeds'],
        authentication: { type: 'bearer', header: 'Authorization' },
        idempotency: { header: 'Idempotency-Key', required_on: ['POST'], max_length: 255 },
        request_signing: { algorithm: 'HMAC-SHA256', tolerance_seconds: 300 },
      },
      ucp: {
        base_url: `${TEST_ORIGIN}/ucp`,
        profile_url: `${TEST_ORIGIN}/.well-known/ucp`,
        version: '2026-04-08',
        version_header: 'UCP-Agent',
        authentication: { type: 'bearer', alternative_header: 'X-API-Key' },
        request_signing: { standard: 'RFC 9421', algorithm: 'ES256' },
      },
      agent_api: { base_url: `${TEST_ORIGIN}/api` },
      links: {
        acp_health: `${TEST_ORIGIN}/api/acp-health`,
        acp_openapi: `${TEST_ORIGIN}/openapi.json`,
      },
    });
    expect(doc.payment_methods.map((m) => [m.id, m.providers, m.acp.handler_id])).toEqual([
      ['card', ['stripe'], 'card_spt'],
      ['bitcoin_lightning', ['opennode', 'coincorner'], 'bitcoin_lightning'],
    ]);
    expect(doc.webhooks.acp_order_events.event_types).toEqual(['order_create', 'order_update']);
    expect(doc.ucp.payment_handlers.map((h) => h.name)).toEqual([
      'com.stripe.shared_payment_token',
      'com.agentcart.lightning',
    ]);
    expect(doc.webhooks.ucp_order_events.headers).toContain('Webhook-Id');
  });

  it('lists every endpoint under each spelling it is served at', async () => {
    const doc = agentCommerceDiscovery.parse((await get('/.well-known/agent-commerce.json')).json());
    expect(doc.acp.endpoints.map((e) => `${e.method} ${e.paths.join(' ')}`)).toEqual([
      'POST /acp/checkout_sessions',
      'GET /acp/checkout_sessions/{checkout_session_id}',
      'POST /acp/checkout_sessions/{checkout_session_id}',
      'POST /acp/checkout_sessions/{checkout_session_id}/complete',
      'POST /acp/checkout_sessions/{checkout_session_id}/cancel',
    ]);
    expect(doc.agent_api.endpoints.map((e) => `${e.method} ${e.paths.join(' ')}`)).toEqual([
      'POST /api/agent/offer /api/agent-offer',
      'POST /api/agent/checkout /api/agent-checkout',
      'POST /api/agent/confirm /api/agent-confirm',
      'GET /api/agent/order/{id} /api/agent-order/{id}',
    ]);
    // Each listed path is a route of the API (a key-less call is refused by it, not by the web app).
    for (const endpoint of [...doc.acp.endpoints, ...doc.agent_api.endpoints]) {
      for (const path of endpoint.paths) {
        const url = path.replace(/\{[^}]+\}/, 'x1');
        const res = url.startsWith('/acp')
          ? await acpRequest(
              t,
              null,
              '2026-04-17',
              endpoint.method,
              url,
              endpoint.method === 'POST' ? {} : undefined,
            )
          : await agentRequest(t, null, endpoint.method, url, endpoint.method === 'POST' ? {} : undefined);
        expect(res.statusCode, `${endpoint.method} ${url}`).toBe(401);
      }
    }
  });

  it('states the rate limits the routes enforce', async () => {
    const doc = agentCommerceDiscovery.parse((await get('/.well-known/agent-commerce.json')).json());
    expect(
      doc.rate_limits.limits.map((l) => `${l.api} ${l.operation} ${l.max_requests}/${l.window}`),
    ).toEqual([
      'acp createCheckoutSession 100/1 minute',
      'acp getCheckoutSession 100/1 minute',
      'acp updateCheckoutSession 100/1 minute',
      'acp completeCheckoutSession 30/1 minute',
      'acp cancelCheckoutSession 30/1 minute',
      'agent_api createOffer 100/1 minute',
      'agent_api createCheckout 30/1 minute',
      'agent_api confirmCheckout 30/1 minute',
      'agent_api getOrder 100/1 minute',
    ]);

    // Read from the routes, so the number is the enforced one: the 31st cancel in a minute is refused.
    const { apiKey } = await newMerchant(t, { apiKey: true });
    const cancel = doc.rate_limits.limits.find((l) => l.operation === 'cancelCheckoutSession')!;
    const cancels = [];
    for (let i = 0; i <= cancel.max_requests; i += 1) {
      cancels.push(
        await acpRequest(t, apiKey, '2025-09-29', 'POST', '/acp/checkout_sessions/cs_none/cancel'),
      );
    }
    expect(cancels.slice(0, -1).every((r) => r.statusCode === 404)).toBe(true);
    expect(cancels.at(-1)!.statusCode).toBe(429);
    expect(cancels.at(-1)!.json()).toMatchObject({ code: 'rate_limit_exceeded' });
  });
});
