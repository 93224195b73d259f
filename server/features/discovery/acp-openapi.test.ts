import type { Response } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acpAddress, acpBuyer, acpRequest } from '../../test/acp-kit';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/create-test-app';
import { openApiContract, type OpenApi, type OpenApiContract } from '../../test/openapi-contract';
import {
  agentRequest,
  demoMerchantApiKey,
  mintSharedPaymentToken,
  sampleBuyer,
} from '../../test/merchant-kit';

type Json = Record<string, unknown>;

let t: TestApp;
let key: string;
let contract: OpenApiContract;
let doc: OpenApi;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  key = await demoMerchantApiKey(t);
  const res = await t.app.inject({ method: 'GET', url: '/api/acp-openapi' });
  expect(res.statusCode).toBe(200);
  contract = await openApiContract(t);
  doc = contract.doc;
  expect(res.json()).toEqual(doc);
});
afterAll(() => t.close());

const deref = <T = Json>(node: unknown) => contract.deref<T>(node);
const expectDocumented = (method: string, path: string, res: Response) =>
  contract.expectDocumented(method, path, res);
const expectDocumentedRequest = (method: string, path: string, body: unknown) =>
  contract.expectDocumentedRequest(method, path, body);

describe('GET /api/acp-openapi', () => {
  it('is an OpenAPI 3.1 document of both APIs with every operation, operationId and status code', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('AgentCart agent APIs');
    expect(doc.info.version).toBe(t.config.version);
    expect(doc.servers).toEqual([{ url: TEST_ORIGIN }]);
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method, op })),
    );
    expect(operations.map(({ method, path, op }) => `${method} ${path} ${op.operationId}`).sort()).toEqual(
      [
        'post /acp/checkout_sessions createCheckoutSession',
        'get /acp/checkout_sessions/{checkout_session_id} getCheckoutSession',
        'post /acp/checkout_sessions/{checkout_session_id} updateCheckoutSession',
        'post /acp/checkout_sessions/{checkout_session_id}/complete completeCheckoutSession',
        'post /acp/checkout_sessions/{checkout_session_id}/cancel cancelCheckoutSession',
        'post /api/agent/offer createOffer',
        'post /api/agent-offer createOfferAlias',
        'post /api/agent/checkout createCheckout',
        'post /api/agent-checkout createCheckoutAlias',
        'post /api/agent/confirm confirmCheckout',
        'post /api/agent-confirm confirmCheckoutAlias',
        'get /api/agent/order/{id} getOrder',
        'get /api/agent-order/{id} getOrderAlias',
      ].sort(),
    );
    const complete = doc.paths['/acp/checkout_sessions/{checkout_session_id}/complete']!.post!;
    expect(Object.keys(complete.responses).sort()).toEqual(
      ['200', '400', '401', '402', '403', '404', '409', '413', '422', '429', '500', '503'].sort(),
    );
    expect(
      Object.keys(doc.paths['/acp/checkout_sessions/{checkout_session_id}/cancel']!.post!.responses),
    ).toContain('405');
    expect(Object.keys(doc.paths['/acp/checkout_sessions']!.post!.responses)).toContain('201');
    expect(complete['x-rate-limit']).toEqual({ max_requests: 30, window: '1 minute', scope: 'api_key' });
    const headers = (complete.parameters as Json[]).map((p) => deref<{ name: string; in: string }>(p));
    expect(headers.map((h) => h.name)).toEqual([
      'checkout_session_id',
      'API-Version',
      'Idempotency-Key',
      'Request-Id',
      'Signature',
      'Timestamp',
    ]);
    expect(
      deref<{ schema: { enum: string[] } }>({ $ref: '#/components/parameters/ApiVersion' }).schema.enum,
    ).toEqual(['2025-09-29', '2026-04-17']);
    expect(Object.keys(doc.components.schemas!)).toEqual(
      expect.arrayContaining([
        'CheckoutSession_2025_09_29',
        'CheckoutSession_2026_04_17',
        'CheckoutSessionWithOrder_2026_04_17',
        'CheckoutSessionCreateRequest_2026_04_17',
        'AcpError',
        'AgentOfferRequest',
        'AgentError',
      ]),
    );
  });

  it('resolves every $ref, and every component schema compiles', () => {
    const refs: string[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== 'object') return;
      for (const [k, v] of Object.entries(node)) {
        if (k === '$ref' && typeof v === 'string') refs.push(v);
        else walk(v);
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of new Set(refs)) {
      expect(ref, 'local refs only').toMatch(
        /^#\/components\/(schemas|parameters|headers|responses)\/[\w-]+$/,
      );
      expect(() => deref({ $ref: ref }), ref).not.toThrow();
    }
    for (const name of Object.keys(doc.components.schemas!)) {
      expect(() => contract.validator(`#/components/schemas/${name}`), name).not.toThrow();
    }
    expect(JSON.stringify(doc)).not.toContain('$defs');
    // The answer schemas are strict: a body in neither version's shape is refused.
    const session = contract.validator('#/components/schemas/CheckoutSession_2026_04_17');
    expect(session({ id: 'cs_1', status: 'completed' })).toBe(false);
  });

  it('is served at /openapi.json, where generators look first, and linked from discovery', async () => {
    const conventional = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(conventional.statusCode).toBe(200);
    expect(conventional.json()).toEqual(doc);
    const platform = await t.app.inject({ method: 'GET', url: '/.well-known/agent-commerce.json' });
    expect(platform.json().links.acp_openapi).toBe(`${TEST_ORIGIN}/openapi.json`);
  });

  it('declares the API key as a security scheme only (an Authorization header parameter is ignored)', () => {
    const names = Object.values(doc.paths).flatMap((item) =>
      Object.values(item).flatMap((op) =>
        ((op.parameters as Json[] | undefined) ?? []).map((p) => deref<{ name: string }>(p).name),
      ),
    );
    expect(names).not.toContain('Authorization');
    expect(doc.components.securitySchemes).toHaveProperty('bearerAuth');
  });

  it('is cached like the discovery documents', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/acp-openapi' });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/acp-openapi',
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('the document describes what the server really accepts and answers', () => {
  it('ACP 2026-04-17: create, update, complete with a card, errors', async () => {
    const createBody = {
      currency: 'gbp',
      line_items: [{ id: 'TEST-PRODUCT-001', quantity: 2 }],
      capabilities: {},
      buyer: acpBuyer,
      fulfillment_details: { name: 'Ada Lovelace', email: acpBuyer.email, address: acpAddress },
    };
    expectDocumentedRequest('POST', '/acp/checkout_sessions', createBody);
    const created = await acpRequest(t, key, '2026-04-17', 'POST', '/acp/checkout_sessions', createBody);
    expect(created.statusCode, created.body).toBe(201);
    expectDocumented('POST', '/acp/checkout_sessions', created);
    const session = created.json();
    const sessionPath = '/acp/checkout_sessions/{checkout_session_id}';

    const updateBody = {
      selected_fulfillment_options: [
        { type: 'shipping', option_id: 'express', item_ids: ['li_TEST-PRODUCT-001'] },
      ],
    };
    expectDocumentedRequest('POST', sessionPath, updateBody);
    const updated = await acpRequest(
      t,
      key,
      '2026-04-17',
      'POST',
      `/acp/checkout_sessions/${session.id}`,
      updateBody,
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expectDocumented('POST', sessionPath, updated);

    const total = updated.json().totals.find((x: { type: string }) => x.type === 'total').amount;
    const token = await mintSharedPaymentToken(t, total);
    const completeBody = {
      payment_data: {
        handler_id: 'card_spt',
        instrument: { type: 'card', credential: { type: 'spt', token } },
      },
    };
    expectDocumentedRequest('POST', `${sessionPath}/complete`, completeBody);
    const completed = await acpRequest(
      t,
      key,
      '2026-04-17',
      'POST',
      `/acp/checkout_sessions/${session.id}/complete`,
      completeBody,
    );
    expect(completed.statusCode, completed.body).toBe(200);
    expectDocumented('POST', `${sessionPath}/complete`, completed);
    // A completed session read again carries its order: a strict client must accept it.
    const reread = await acpRequest(t, key, '2026-04-17', 'GET', `/acp/checkout_sessions/${session.id}`);
    expect(reread.json().order).toBeTruthy();
    expectDocumented('GET', sessionPath, reread);
    const replayed = await acpRequest(
      t,
      key,
      '2026-04-17',
      'POST',
      `/acp/checkout_sessions/${session.id}/complete`,
      completeBody,
      { 'idempotency-key': completed.headers['idempotency-key'] as string },
    );
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expectDocumented('POST', `${sessionPath}/complete`, replayed);

    const cancel = await acpRequest(
      t,
      key,
      '2026-04-17',
      'POST',
      `/acp/checkout_sessions/${session.id}/cancel`,
    );
    expect(cancel.statusCode).toBe(405);
    expectDocumented('POST', `${sessionPath}/cancel`, cancel);
    const missing = await acpRequest(t, key, '2026-04-17', 'GET', '/acp/checkout_sessions/cs_missing');
    expectDocumented('GET', sessionPath, missing);
    const noVersion = await acpRequest(t, key, null, 'GET', `/acp/checkout_sessions/${session.id}`);
    expectDocumented('GET', sessionPath, noVersion);
  });

  it('ACP 2025-09-29: create, get, cancel', async () => {
    const createBody = { items: [{ id: 'TEST-PRODUCT-001', quantity: 1 }], fulfillment_address: acpAddress };
    expectDocumentedRequest('POST', '/acp/checkout_sessions', createBody);
    const created = await acpRequest(t, key, '2025-09-29', 'POST', '/acp/checkout_sessions', createBody);
    expect(created.statusCode, created.body).toBe(201);
    expectDocumented('POST', '/acp/checkout_sessions', created);
    const id = created.json().id;
    const read = await acpRequest(t, key, '2025-09-29', 'GET', `/acp/checkout_sessions/${id}`);
    expectDocumented('GET', '/acp/checkout_sessions/{checkout_session_id}', read);
    const canceled = await acpRequest(t, key, '2025-09-29', 'POST', `/acp/checkout_sessions/${id}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expectDocumented('POST', '/acp/checkout_sessions/{checkout_session_id}/cancel', canceled);
  });

  it('the documented agent API: offer, checkout (card and Lightning), confirm, order, errors', async () => {
    const offerBody = {
      items: [{ sku: 'TEST-PRODUCT-001', quantity: 1 }],
      shipping_to: { country: 'GB', postcode: 'N1 9GU' },
    };
    expectDocumentedRequest('POST', '/api/agent-offer', offerBody);
    const offer = await agentRequest(t, key, 'POST', '/api/agent-offer', offerBody);
    expect(offer.statusCode, offer.body).toBe(200);
    expectDocumented('POST', '/api/agent-offer', offer);

    const shipping = offer.json().shipping_options[0];
    const amount = offer.json().subtotal + shipping.price;
    const token = await mintSharedPaymentToken(t, amount);
    const checkoutBody = {
      offer_id: offer.json().offer_id,
      shipping_option_id: shipping.id,
      buyer: sampleBuyer,
      payment: { method: 'stripe', shared_payment_token: token, amount, currency: offer.json().currency },
    };
    expectDocumentedRequest('POST', '/api/agent/checkout', checkoutBody);
    const checkout = await agentRequest(t, key, 'POST', '/api/agent/checkout', checkoutBody);
    expect(checkout.statusCode, checkout.body).toBe(201);
    expectDocumented('POST', '/api/agent/checkout', checkout);

    const confirmBody = { checkout_id: checkout.json().checkout_id, commit: true };
    expectDocumentedRequest('POST', '/api/agent/confirm', confirmBody);
    const confirm = await agentRequest(t, key, 'POST', '/api/agent/confirm', confirmBody);
    expect(confirm.statusCode, confirm.body).toBe(200);
    expectDocumented('POST', '/api/agent/confirm', confirm);

    const order = await agentRequest(t, key, 'GET', `/api/agent/order/${confirm.json().order_id}`);
    expect(order.statusCode, order.body).toBe(200);
    expectDocumented('GET', '/api/agent/order/{id}', order);

    const btcOffer = (await agentRequest(t, key, 'POST', '/api/agent/offer', offerBody)).json();
    const btc = await agentRequest(t, key, 'POST', '/api/agent/checkout', {
      offer_id: btcOffer.offer_id,
      buyer: sampleBuyer,
      payment: { method: 'btc' },
    });
    expect(btc.statusCode, btc.body).toBe(201);
    expectDocumented('POST', '/api/agent/checkout', btc);
    const pending = await agentRequest(t, key, 'POST', '/api/agent/confirm', {
      checkout_id: btc.json().checkout_id,
    });
    expect(pending.statusCode, pending.body).toBe(200);
    expectDocumented('POST', '/api/agent/confirm', pending);

    const unauthorized = await agentRequest(t, null, 'POST', '/api/agent/offer', offerBody);
    expectDocumented('POST', '/api/agent/offer', unauthorized);
    const invalid = await agentRequest(t, key, 'POST', '/api/agent/offer', { items: [] });
    expectDocumented('POST', '/api/agent/offer', invalid);
  });
});
