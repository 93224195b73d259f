import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acpSessions, orders, payments, ucpSigningKeys } from '../../db/schema/index';
import { acpRequest } from '../../test/acp-kit';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { demoMerchantApiKey, mintSharedPaymentToken, newMerchant, simControl } from '../../test/merchant-kit';
import {
  cardInstrument,
  expectProtocolError,
  expectUcpShape,
  totalOf,
  ucpBuyer,
  ucpDestination,
  ucpRequest,
} from '../../test/ucp-kit';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  key = await demoMerchantApiKey(t);
});
afterAll(() => t.close());

const sessionUrl = (id: string, suffix = '') => `/ucp/checkout-sessions/${id}${suffix}`;

type Checkout = {
  id: string;
  status: string;
  totals: { type: string; amount: number }[];
  [k: string]: unknown;
};

async function readyCheckout(items = [{ item: { id: 'TEST-PRODUCT-001' }, quantity: 2 }]): Promise<Checkout> {
  const res = await ucpRequest(t, key, 'POST', '/ucp/checkout-sessions', {
    line_items: items,
    buyer: ucpBuyer,
    fulfillment: { methods: [{ type: 'shipping', destinations: [ucpDestination] }] },
  });
  expect(res.statusCode, res.body).toBe(201);
  expectUcpShape('checkout', res.json());
  return res.json();
}

describe('GET /.well-known/ucp', () => {
  it("serves the caller's merchant's business profile with its own ES256 signing key", async () => {
    const res = await ucpRequest(t, null, 'GET', '/.well-known/ucp', undefined, { 'x-api-key': key });
    expect(res.statusCode, res.body).toBe(200);
    const profile = res.json();
    expectUcpShape('business_profile', profile);
    expect(profile.ucp.version).toBe('2026-04-08');
    expect(profile.ucp.services['dev.ucp.shopping']).toEqual([
      expect.objectContaining({ transport: 'rest', endpoint: `${t.config.publicUrl}/ucp` }),
    ]);
    expect(Object.keys(profile.ucp.capabilities).sort()).toEqual([
      'dev.ucp.shopping.checkout',
      'dev.ucp.shopping.fulfillment',
      'dev.ucp.shopping.order',
    ]);
    expect(profile.ucp.payment_handlers['com.stripe.shared_payment_token']).toEqual([
      expect.objectContaining({ id: 'stripe_spt', available_instruments: [{ type: 'card' }] }),
    ]);
    expect(profile.ucp.payment_handlers['com.agentcart.lightning']).toEqual([
      expect.objectContaining({ id: 'lightning', available_instruments: [{ type: 'lightning' }] }),
    ]);
    const [jwk] = profile.signing_keys;
    expect(jwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(Object.keys(jwk).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x', 'y']);

    // The same key on every read; another merchant has its own.
    const again = await ucpRequest(t, key, 'GET', '/.well-known/ucp');
    expect(again.json().signing_keys).toEqual([jwk]);
    const other = await newMerchant(t, { apiKey: true });
    const theirs = await ucpRequest(t, other.apiKey, 'GET', '/.well-known/ucp');
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().signing_keys[0].kid).not.toBe(jwk.kid);
    // The private half is sealed at rest.
    const [stored] = await t.db.select().from(ucpSigningKeys).where(eq(ucpSigningKeys.publicJwk, jwk));
    expect(stored!.privateJwkSealed).toMatch(/^v1\./);
  });

  it('refuses a caller without a valid key', async () => {
    expectProtocolError(await ucpRequest(t, null, 'GET', '/.well-known/ucp'), 401, 'unauthorized');
    expectProtocolError(await ucpRequest(t, 'ak_live_nope', 'GET', '/.well-known/ucp'), 401, 'unauthorized');
  });
});

describe('UCP-Agent and version negotiation', () => {
  it('requires the platform profile and refuses another protocol version with 422 version_unsupported', async () => {
    const missing = await ucpRequest(
      t,
      key,
      'POST',
      '/ucp/checkout-sessions',
      { line_items: [] },
      { 'ucp-agent': undefined },
    );
    expectProtocolError(missing, 400, 'invalid_profile_url');
    const older = await ucpRequest(t, key, 'GET', sessionUrl('cs_x'), undefined, {
      'ucp-agent': 'profile="https://platform.example/.well-known/ucp", version="2026-01-11"',
    });
    expectProtocolError(older, 422, 'version_unsupported');
    expect(older.json().content).toContain('2026-04-08');
    const current = await ucpRequest(t, key, 'GET', sessionUrl('cs_x'), undefined, {
      'ucp-agent': 'profile="https://platform.example/.well-known/ucp", version="2026-04-08"',
    });
    expect(current.statusCode).toBe(200);
  });

  it('authenticates with the bearer key or X-API-Key', async () => {
    expectProtocolError(await ucpRequest(t, null, 'GET', sessionUrl('cs_x')), 401, 'unauthorized');
    const viaHeader = await ucpRequest(t, null, 'GET', sessionUrl('cs_x'), undefined, { 'x-api-key': key });
    expect(viaHeader.statusCode).toBe(200);
    expectUcpShape('error_response', viaHeader.json());
    expect(viaHeader.json().messages[0]).toMatchObject({ code: 'not_found', severity: 'unrecoverable' });
  });
});

describe('checkout by card', () => {
  it('creates, selects shipping, completes with a Shared Payment Token, and reads the order', async () => {
    const created = await ucpRequest(t, key, 'POST', '/ucp/checkout-sessions', {
      line_items: [{ item: { id: 'TEST-PRODUCT-001' }, quantity: 2 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const checkout = created.json();
    expectUcpShape('checkout', checkout);
    expect(checkout).toMatchObject({ status: 'incomplete', currency: 'GBP' });
    expect(checkout.line_items[0]).toMatchObject({
      item: { id: 'TEST-PRODUCT-001', price: 1999 },
      quantity: 2,
    });
    expect(checkout.messages.map((m: { code: string }) => m.code)).toEqual(['missing', 'missing']);

    const addressed = await ucpRequest(t, key, 'PUT', sessionUrl(checkout.id), {
      line_items: [{ item: { id: 'TEST-PRODUCT-001' }, quantity: 2 }],
      buyer: ucpBuyer,
      fulfillment: { methods: [{ type: 'shipping', destinations: [ucpDestination] }] },
    });
    expect(addressed.statusCode, addressed.body).toBe(200);
    expectUcpShape('checkout', addressed.json());
    const group = addressed.json().fulfillment.methods[0].groups[0];
    expect(addressed.json().status).toBe('ready_for_complete');
    expect(group.selected_option_id).toBe('standard');

    const express = await ucpRequest(t, key, 'PUT', sessionUrl(checkout.id), {
      line_items: [{ item: { id: 'TEST-PRODUCT-001' }, quantity: 2 }],
      fulfillment: { methods: [{ groups: [{ id: group.id, selected_option_id: 'express' }] }] },
    });
    expect(express.statusCode, express.body).toBe(200);
    const ready = express.json();
    expectUcpShape('checkout', ready);
    expect(ready.fulfillment.methods[0].groups[0].selected_option_id).toBe('express');
    expect(ready.buyer).toEqual(ucpBuyer);
    const subtotals = ready.totals.filter((x: { type: string }) => x.type === 'subtotal');
    expect(subtotals).toEqual([{ type: 'subtotal', display_text: 'Subtotal', amount: 3998 }]);
    expect(totalOf(ready)).toBe(3998 + 999);

    const token = await mintSharedPaymentToken(t, totalOf(ready));
    const completed = await ucpRequest(
      t,
      key,
      'POST',
      sessionUrl(checkout.id, '/complete'),
      cardInstrument(token),
    );
    expect(completed.statusCode, completed.body).toBe(200);
    expectUcpShape('checkout', completed.json());
    expect(completed.json().status).toBe('completed');
    expect(completed.body).not.toContain(token);
    const orderId = completed.json().order.id;
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'ACCEPTED', totalMinor: 3998 + 999, channel: 'ucp_2026-04-08' });

    const read = await ucpRequest(t, key, 'GET', `/ucp/orders/${orderId}`);
    expect(read.statusCode, read.body).toBe(200);
    expectUcpShape('order', read.json());
    expect(read.json()).toMatchObject({ id: orderId, checkout_id: checkout.id, currency: 'GBP' });
    expect(totalOf(read.json())).toBe(3998 + 999);

    const foreign = await ucpRequest(
      t,
      (await newMerchant(t, { apiKey: true })).apiKey,
      'GET',
      `/ucp/orders/${orderId}`,
    );
    expectUcpShape('error_response', foreign.json());
    expect(foreign.json().messages[0].code).toBe('not_found');
  });

  it('answers a declined card with 200, the checkout still payable and a payment_failed message', async () => {
    const checkout = await readyCheckout();
    const declinedCard = await mintSharedPaymentToken(t, totalOf(checkout), {
      payment_method: 'pm_card_chargeDeclined',
    });
    const declined = await ucpRequest(
      t,
      key,
      'POST',
      sessionUrl(checkout.id, '/complete'),
      cardInstrument(declinedCard),
    );
    expect(declined.statusCode, declined.body).toBe(200);
    expectUcpShape('checkout', declined.json());
    expect(declined.json().status).toBe('ready_for_complete');
    expect(declined.json().messages).toContainEqual(
      expect.objectContaining({ type: 'error', code: 'payment_failed', severity: 'recoverable' }),
    );
    const tooSmall = await mintSharedPaymentToken(t, totalOf(checkout) - 1);
    const short = await ucpRequest(
      t,
      key,
      'POST',
      sessionUrl(checkout.id, '/complete'),
      cardInstrument(tooSmall),
    );
    expect(short.statusCode).toBe(200);
    expect(short.json().messages).toContainEqual(expect.objectContaining({ code: 'payment_failed' }));
  });

  it('refuses raw card numbers and unknown handlers without echoing them', async () => {
    const checkout = await readyCheckout();
    const raw = await ucpRequest(t, key, 'POST', sessionUrl(checkout.id, '/complete'), {
      payment: {
        instruments: [
          {
            id: 'i1',
            handler_id: 'stripe_spt',
            type: 'card',
            credential: { type: 'card', card_number_type: 'fpan', number: '4242424242424242', cvc: '123' },
          },
        ],
      },
    });
    expectProtocolError(raw, 400, 'raw_card_refused');
    expect(raw.body).not.toContain('4242424242424242');
    const other = await ucpRequest(t, key, 'POST', sessionUrl(checkout.id, '/complete'), {
      payment: {
        instruments: [
          { id: 'i1', handler_id: 'gpay', type: 'card', credential: { type: 'PAYMENT_GATEWAY', token: 'x' } },
        ],
      },
    });
    expectProtocolError(other, 400, 'payment_handler_unsupported');
  });
});

describe('business outcomes on items', () => {
  it('says which items are unknown, out of stock or beyond stock, as messages on an incomplete checkout', async () => {
    await simControl(t, 'woocommerce', 'products/JKT-STORM-M/stock', { quantity: 0 });
    const res = await ucpRequest(t, key, 'POST', '/ucp/checkout-sessions', {
      line_items: [
        { item: { id: 'NO-SUCH-SKU' }, quantity: 1 },
        { item: { id: 'JKT-STORM-M' }, quantity: 1 },
        { item: { id: 'TENT-2P-SND' }, quantity: 50 },
      ],
      buyer: ucpBuyer,
      fulfillment: { methods: [{ type: 'shipping', destinations: [ucpDestination] }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expectUcpShape('checkout', res.json());
    expect(res.json().status).toBe('incomplete');
    const byPath = Object.fromEntries(
      res.json().messages.map((m: { path: string; code: string }) => [m.path, m.code]),
    );
    expect(byPath).toMatchObject({
      '$.line_items[0]': 'item_unavailable',
      '$.line_items[1]': 'out_of_stock',
      '$.line_items[2]': 'out_of_stock',
    });
  });
});

describe('idempotency and one charge per checkout', () => {
  it('replays an identical request, refuses the key with other parameters (409)', async () => {
    const body = { line_items: [{ item: { id: 'TEST-PRODUCT-001' }, quantity: 1 }] };
    const headers = { 'idempotency-key': 'ucp-idem-1' };
    const first = await ucpRequest(t, key, 'POST', '/ucp/checkout-sessions', body, headers);
    const second = await ucpRequest(t, key, 'POST', '/ucp/checkout-sessions', body, headers);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const other = await ucpRequest(
      t,
      key,
      'POST',
      '/ucp/checkout-sessions',
      { line_items: [{ item: { id: 'TEST-PRODUCT-001' }, quantity: 3 }] },
      headers,
    );
    expectProtocolError(other, 409, 'idempotency_conflict');
  });

  it('charges once when the same checkout is completed through UCP and then through ACP', async () => {
    const checkout = await readyCheckout();
    const token = await mintSharedPaymentToken(t, totalOf(checkout));
    const viaUcp = await ucpRequest(
      t,
      key,
      'POST',
      sessionUrl(checkout.id, '/complete'),
      cardInstrument(token),
    );
    expect(viaUcp.json().status).toBe('completed');
    const second = await mintSharedPaymentToken(t, totalOf(checkout));
    const viaAcp = await acpRequest(
      t,
      key,
      '2026-04-17',
      'POST',
      `/acp/checkout_sessions/${checkout.id}/complete`,
      {
        payment_data: {
          handler_id: 'card_spt',
          instrument: { type: 'card', credential: { type: 'spt', token: second } },
        },
      },
    );
    expect(viaAcp.statusCode, viaAcp.body).toBe(200);
    expect(viaAcp.json().status).toBe('completed');
    // One order, from the one checkout the session carries: the second token was never charged.
    const [session] = await t.db.select().from(acpSessions).where(eq(acpSessions.id, checkout.id));
    expect(await t.db.select().from(orders).where(eq(orders.checkoutId, session!.checkoutId!))).toHaveLength(
      1,
    );
    expect(viaAcp.json().order.id).toBe(viaUcp.json().order.id);
  });
});

describe('cancel', () => {
  it('cancels an open checkout; a completed one cannot be canceled (409)', async () => {
    const checkout = await readyCheckout();
    const canceled = await ucpRequest(t, key, 'POST', sessionUrl(checkout.id, '/cancel'));
    expect(canceled.statusCode, canceled.body).toBe(200);
    expectUcpShape('checkout', canceled.json());
    expect(canceled.json().status).toBe('canceled');
    expectProtocolError(
      await ucpRequest(t, key, 'POST', sessionUrl(checkout.id, '/cancel')),
      409,
      'not_cancelable',
    );
  });
});

describe('tenant isolation', () => {
  it("answers another merchant's key with not_found on every checkout route and changes nothing", async () => {
    const checkout = await readyCheckout();
    const intruder = (await newMerchant(t, { apiKey: true })).apiKey;
    const token = await mintSharedPaymentToken(t, totalOf(checkout));
    const attempts = [
      await ucpRequest(t, intruder, 'GET', sessionUrl(checkout.id)),
      await ucpRequest(t, intruder, 'PUT', sessionUrl(checkout.id), {
        line_items: [{ item: { id: 'TEST-PRODUCT-001' }, quantity: 9 }],
      }),
      await ucpRequest(t, intruder, 'POST', sessionUrl(checkout.id, '/complete'), cardInstrument(token)),
      await ucpRequest(t, intruder, 'POST', sessionUrl(checkout.id, '/cancel')),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(200);
      expectUcpShape('error_response', res.json());
      expect(res.json().messages[0].code).toBe('not_found');
    }
    const own = await ucpRequest(t, key, 'GET', sessionUrl(checkout.id));
    expect(own.json()).toMatchObject({ status: 'ready_for_complete', line_items: [{ quantity: 2 }] });
  });
});

describe('checkout by Lightning', () => {
  it('escalates to the invoice page, and places the order once the invoice is paid', async () => {
    const checkout = await readyCheckout();
    const lightning = {
      payment: { instruments: [{ id: 'ln_1', handler_id: 'lightning', type: 'lightning', selected: true }] },
    };
    const escalated = await ucpRequest(t, key, 'POST', sessionUrl(checkout.id, '/complete'), lightning);
    expect(escalated.statusCode, escalated.body).toBe(200);
    expectUcpShape('checkout', escalated.json());
    expect(escalated.json()).toMatchObject({
      status: 'requires_escalation',
      continue_url: expect.any(String),
    });
    expect(escalated.json().messages).toContainEqual(
      expect.objectContaining({ type: 'error', severity: 'requires_buyer_input', path: '$.payment' }),
    );

    // Not paid yet: still escalated, nothing charged, no order.
    const early = await ucpRequest(t, key, 'POST', sessionUrl(checkout.id, '/complete'), lightning);
    expect(early.statusCode, early.body).toBe(200);
    expectUcpShape('checkout', early.json());
    expect(early.json().status).toBe('requires_escalation');
    expect(early.json()).not.toHaveProperty('order');

    const [session] = await t.db.select().from(acpSessions).where(eq(acpSessions.id, checkout.id));
    const [payment] = await t.db.select().from(payments).where(eq(payments.checkoutId, session!.checkoutId!));
    await simControl(t, 'opennode', `charges/${payment!.providerInvoiceId}/pay`);
    const done = await ucpRequest(t, key, 'POST', sessionUrl(checkout.id, '/complete'), lightning);
    expect(done.statusCode, done.body).toBe(200);
    expectUcpShape('checkout', done.json());
    expect(done.json()).toMatchObject({ status: 'completed', order: { id: expect.any(String) } });
    expect(done.json()).not.toHaveProperty('continue_url');
    const order = await ucpRequest(t, key, 'GET', `/ucp/orders/${done.json().order.id}`);
    expectUcpShape('order', order.json());
  });
});
