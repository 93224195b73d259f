import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { dashboardRequest, newMerchant, simControl } from '../../test/merchant-kit';
import { expectProtocolError, expectUcpShape, ucpDestination, ucpRequest } from '../../test/ucp-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t.close());

let hosts = 0;
const body = JSON.stringify({
  line_items: [{ item: { id: 'TEST-PRODUCT-001' }, quantity: 1 }],
  fulfillment: { methods: [{ type: 'shipping', destinations: [ucpDestination] }] },
});

/** A merchant with the given signature policy, and a platform on the agent simulator that signs its requests. */
async function setUp(policy: 'strict' | 'log') {
  const merchant = await newMerchant(t, { connect: true, apiKey: true });
  const saved = await dashboardRequest(t, merchant.cookie, 'PUT', '/api/acp/agent-settings', {
    signature_policy: policy,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  hosts += 1;
  const profile = `https://signer${hosts}-${Date.now()}.agent.sandbox/ucp/profile`;
  const ucpAgent = `profile="${profile}"`;
  /** Headers the platform signs for this request (its own key, from its profile's signing_keys). */
  const signed = async (
    method: string,
    path: string,
    payload: string,
    extra: Record<string, string> = {},
  ) => {
    const answer = await simControl(t, 'agent', 'ucp-sign', {
      method,
      url: `${t.config.publicUrl}${path}`,
      headers: { 'ucp-agent': ucpAgent, ...extra },
      body: payload,
    });
    return answer.headers as Record<string, string>;
  };
  const send = (
    method: 'GET' | 'POST',
    path: string,
    payload: string | undefined,
    headers: Record<string, string>,
  ) =>
    t.app.inject({
      method,
      url: path,
      headers: { authorization: `Bearer ${merchant.apiKey}`, 'ucp-agent': ucpAgent, ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
  return { merchant, signed, send };
}

describe('requests signed by the platform (signatures.md)', () => {
  it('strict: refuses unsigned, tampered and unknown-key requests; accepts what the platform signed', async () => {
    const { signed, send } = await setUp('strict');
    const idem = { 'idempotency-key': randomUUID() };

    const unsigned = await send('POST', '/ucp/checkout-sessions', body, {
      'content-type': 'application/json',
      ...idem,
    });
    expectProtocolError(unsigned, 401, 'signature_missing');

    const headers = await signed('POST', '/ucp/checkout-sessions', body, idem);
    const tampered = await send(
      'POST',
      '/ucp/checkout-sessions',
      body.replace('"quantity":1', '"quantity":9'),
      {
        ...headers,
        ...idem,
      },
    );
    expectProtocolError(tampered, 400, 'digest_mismatch');

    const otherKey = await send('POST', '/ucp/checkout-sessions', body, {
      ...headers,
      ...idem,
      'signature-input': headers['signature-input']!.replace('sandbox-platform-1', 'rotated-away'),
    });
    expectProtocolError(otherKey, 401, 'key_not_found');

    const otherIdempotencyKey = await send('POST', '/ucp/checkout-sessions', body, {
      ...headers,
      'idempotency-key': randomUUID(),
    });
    expectProtocolError(otherIdempotencyKey, 401, 'signature_invalid');

    const created = await send('POST', '/ucp/checkout-sessions', body, { ...headers, ...idem });
    expect(created.statusCode, created.body).toBe(201);
    expectUcpShape('checkout', created.json());

    const path = `/ucp/checkout-sessions/${created.json().id as string}`;
    const read = await send('GET', path, undefined, await signed('GET', path, ''));
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().id).toBe(created.json().id);
    expectProtocolError(await send('GET', path, undefined, {}), 401, 'signature_missing');
  });

  it('log: accepts an unsigned request and records a security event', async () => {
    const { merchant, send } = await setUp('log');
    const res = await send('POST', '/ucp/checkout-sessions', body, {
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const events = await t.db
      .select()
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.merchantId, merchant.merchantId),
          eq(securityEvents.name, 'ucp_request_signature_failed'),
        ),
      );
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toMatchObject({ code: 'signature_missing', policy: 'log' });
  });

  it('off (the default): unsigned requests are served, and bodies that are not JSON are invalid_request', async () => {
    const merchant = await newMerchant(t, { connect: true, apiKey: true });
    const res = await ucpRequest(t, merchant.apiKey, 'POST', '/ucp/checkout-sessions', '{nope', {
      'content-type': 'application/json',
    });
    expectProtocolError(res, 400, 'invalid_request');
  });
});
