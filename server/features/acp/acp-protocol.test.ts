import { createHmac, randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AcpVersion } from './versions/registry';
import { checkouts, idempotencyRecords, orders } from '../../db/schema/index';
import { acpAddress, acpBuyer, acpRequest, expectAcpShape } from '../../test/acp-kit';
import { acpSpecAvailable, readAcpSpec } from '../../test/acp-official-schemas';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { writeStoreOrder } from '../commerce/write-store-order';
import { dashboardRequest, mintSharedPaymentToken, newMerchant, simControl } from '../../test/merchant-kit';

let t: TestApp;
let key: string;
let merchantId: string;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  const merchant = await newMerchant(t, { connect: true, apiKey: true });
  key = merchant.apiKey;
  merchantId = merchant.merchantId;
});
afterAll(() => t.close());

const url = (id: string, suffix = '') => `/acp/checkout_sessions/${id}${suffix}`;
const totalOf = (session: { totals: { type: string; amount: number }[] }) =>
  session.totals.find((x) => x.type === 'total')!.amount;

async function readySession(version: AcpVersion = '2025-09-29', apiKey = key) {
  const body =
    version === '2025-09-29'
      ? { items: [{ id: 'TEST-PRODUCT-001', quantity: 1 }], fulfillment_address: acpAddress, buyer: acpBuyer }
      : {
          currency: 'gbp',
          line_items: [{ id: 'TEST-PRODUCT-001' }],
          capabilities: {},
          buyer: { email: 'ada@example.com' },
          fulfillment_details: { address: acpAddress },
        };
  const res = await acpRequest(t, apiKey, version, 'POST', '/acp/checkout_sessions', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const cardPayment = (version: AcpVersion, token: string) =>
  version === '2025-09-29'
    ? { payment_data: { token, provider: 'stripe' } }
    : {
        payment_data: {
          handler_id: 'card_spt',
          instrument: { type: 'card', credential: { type: 'spt', token } },
        },
      };

describe('every operation in both versions', () => {
  for (const version of ['2025-09-29', '2026-04-17'] as const) {
    it(`${version}: create, get, update, complete and cancel answer in the version's official shapes`, async () => {
      const session = await readySession(version);
      expectAcpShape(version, 'CheckoutSession', session);
      const read = await acpRequest(t, key, version, 'GET', url(session.id));
      expect(read.statusCode).toBe(200);
      expectAcpShape(version, 'CheckoutSession', read.json());
      expect(read.headers['request-id']).toBeTruthy();

      const update =
        version === '2025-09-29'
          ? { fulfillment_option_id: 'express', items: [{ id: 'MAT-SI-5CM', quantity: 2 }] }
          : {
              selected_fulfillment_options: [
                { type: 'shipping', option_id: 'express', item_ids: ['li_MAT-SI-5CM'] },
              ],
              line_items: [{ id: 'MAT-SI-5CM', quantity: 2 }],
            };
      const updated = await acpRequest(t, key, version, 'POST', url(session.id), update);
      expect(updated.statusCode, updated.body).toBe(200);
      expectAcpShape(version, 'CheckoutSession', updated.json());
      const express = updated.json();
      expect(express.line_items).toHaveLength(1);
      if (version === '2026-04-17') {
        // item_ids are line item ids ("List of line item IDs"), not the items' SKUs, both ways.
        expect(express.selected_fulfillment_options[0].item_ids).toEqual([express.line_items[0].id]);
        const bogus = await acpRequest(t, key, version, 'POST', url(session.id), {
          selected_fulfillment_options: [
            { type: 'shipping', option_id: 'express', item_ids: [express.line_items[0].id, 'bogus'] },
          ],
        });
        expect(bogus.statusCode).toBe(400);
        expectAcpShape(version, 'Error', bogus.json());
        expect(bogus.json()).toMatchObject({
          code: 'invalid_request',
          param: '$.selected_fulfillment_options[0].item_ids[1]',
        });
      }

      const token = await mintSharedPaymentToken(t, totalOf(express));
      const done = await acpRequest(
        t,
        key,
        version,
        'POST',
        url(session.id, '/complete'),
        cardPayment(version, token),
      );
      expect(done.statusCode, done.body).toBe(200);
      expectAcpShape(version, 'CheckoutSessionWithOrder', done.json());

      const notCancelable = await acpRequest(t, key, version, 'POST', url(session.id, '/cancel'));
      expect(notCancelable.statusCode).toBe(405);
      expectAcpShape(version, 'Error', notCancelable.json());

      const other = await readySession(version);
      const canceled = await acpRequest(t, key, version, 'POST', url(other.id, '/cancel'), {
        intent_trace: { reason_code: 'shipping_cost' },
      });
      expect(canceled.statusCode, canceled.body).toBe(200);
      expectAcpShape(version, 'CheckoutSession', canceled.json());
      expect(canceled.json().status).toBe('canceled');
      const twice = await acpRequest(t, key, version, 'POST', url(other.id, '/cancel'));
      expect(twice.statusCode).toBe(405);
      const late = await acpRequest(
        t,
        key,
        version,
        'POST',
        url(other.id, '/complete'),
        cardPayment(version, token),
      );
      expect(late.statusCode).toBe(409);
      expectAcpShape(version, 'Error', late.json());
    });
  }

  it('answers a session in the version each request asks for', async () => {
    const session = await readySession('2025-09-29');
    const read = await acpRequest(t, key, '2026-04-17', 'GET', url(session.id));
    expectAcpShape('2026-04-17', 'CheckoutSession', read.json());
    expect(read.json().protocol).toEqual({ version: '2026-04-17' });
  });
});

describe.skipIf(!acpSpecAvailable)('the official example requests', () => {
  /** The examples name items and options of an imaginary shop; these map them to the sandbox store's. */
  const mapIds = (value: unknown, token: string) =>
    JSON.parse(
      JSON.stringify(value)
        .replaceAll('"item_123"', '"TEST-PRODUCT-001"')
        .replaceAll('"item_456"', '"MAT-SI-5CM"')
        .replaceAll('"fulfillment_option_456"', '"express"')
        .replaceAll('"fulfillment_option_123"', '"standard"')
        .replaceAll('"usd"', '"gbp"')
        .replaceAll('"card_tokenized"', '"card_spt"')
        .replaceAll('"spt_123"', `"${token}"`),
    );

  for (const version of ['2025-09-29', '2026-04-17'] as const) {
    it(`${version}: create, update and complete as the examples send them`, async () => {
      const examples = readAcpSpec(`${version}/examples/examples.agentic_checkout.json`) as Record<
        string,
        unknown
      >;
      const created = await acpRequest(
        t,
        key,
        version,
        'POST',
        '/acp/checkout_sessions',
        mapIds(examples.create_checkout_session_request, ''),
      );
      expect(created.statusCode, created.body).toBe(201);
      expectAcpShape(version, 'CheckoutSession', created.json());
      const id = created.json().id;
      if (version === '2025-09-29') {
        // Its example asks for 2.5 units: answered with a message, then fixed by the agent.
        expect(created.json().messages[0]).toMatchObject({
          type: 'error',
          code: 'invalid',
          param: '$.items[0]',
        });
        await acpRequest(t, key, version, 'POST', url(id), {
          items: [{ id: 'TEST-PRODUCT-001', quantity: 2 }],
        });
      }
      const updated = await acpRequest(
        t,
        key,
        version,
        'POST',
        url(id),
        mapIds(examples.update_checkout_session_request, ''),
      );
      expect(updated.statusCode, updated.body).toBe(200);
      expectAcpShape(version, 'CheckoutSession', updated.json());
      expect(updated.json().status).toBe('ready_for_payment');

      const token = await mintSharedPaymentToken(t, totalOf(updated.json()));
      const completed = await acpRequest(
        t,
        key,
        version,
        'POST',
        url(id, '/complete'),
        mapIds(examples.complete_checkout_session_request, token),
      );
      expect(completed.statusCode, completed.body).toBe(200);
      expectAcpShape(version, 'CheckoutSessionWithOrder', completed.json());
    });
  }

  it('2026-04-17: the inline examples of the OpenAPI document (items rather than line_items)', async () => {
    const res = await acpRequest(t, key, '2026-04-17', 'POST', '/acp/checkout_sessions', {
      items: [{ id: 'TEST-PRODUCT-001', quantity: 1 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expectAcpShape('2026-04-17', 'CheckoutSession', res.json());
    const none = await acpRequest(t, key, '2026-04-17', 'POST', '/acp/checkout_sessions', {
      currency: 'gbp',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().param).toBe('$.line_items');
  });

  it('2026-04-17: the multi-item, attribution and cancel examples', async () => {
    const examples = readAcpSpec('2026-04-17/examples/examples.agentic_checkout.json') as Record<
      string,
      unknown
    >;
    const multi = readAcpSpec('2026-04-17/examples/examples.multi_item_checkout.json') as Record<
      string,
      unknown
    >;
    for (const body of [
      multi.create_multi_item_checkout_request,
      examples.create_checkout_session_request_with_first_touch_attribution,
    ]) {
      const res = await acpRequest(t, key, '2026-04-17', 'POST', '/acp/checkout_sessions', mapIds(body, ''));
      expect(res.statusCode, res.body).toBe(201);
      expectAcpShape('2026-04-17', 'CheckoutSession', res.json());
      const cancel = await acpRequest(
        t,
        key,
        '2026-04-17',
        'POST',
        url(res.json().id, '/cancel'),
        examples.cancel_checkout_session_request,
      );
      expect(cancel.statusCode, cancel.body).toBe(200);
      expectAcpShape('2026-04-17', 'CheckoutSession', cancel.json());
    }
    const session = await readySession('2026-04-17');
    const savedCard = await acpRequest(
      t,
      key,
      '2026-04-17',
      'POST',
      url(session.id, '/complete'),
      examples.complete_checkout_session_request_seller_backed,
    );
    expect(savedCard.statusCode).toBe(400);
    expect(savedCard.json()).toMatchObject({
      code: 'payment_method_unsupported',
      param: '$.payment_data.handler_id',
    });
    expectAcpShape('2026-04-17', 'Error', savedCard.json());
  });
});

describe('idempotency (2026-04-17 rules)', () => {
  /** `sku` defaults to one no earlier test has read, so the store (not the catalogue cache) answers. */
  const create = (idempotencyKey: string | undefined, quantity = 1, apiKey = key, sku = 'TEST-PRODUCT-001') =>
    acpRequest(
      t,
      apiKey,
      '2026-04-17',
      'POST',
      '/acp/checkout_sessions',
      { currency: 'gbp', line_items: [{ id: sku, quantity }], capabilities: {} },
      { 'idempotency-key': idempotencyKey },
    );

  it('requires a key on every POST', async () => {
    const res = await acpRequest(
      t,
      key,
      '2026-04-17',
      'POST',
      '/acp/checkout_sessions',
      {},
      { 'idempotency-key': undefined },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      type: 'invalid_request',
      code: 'idempotency_key_required',
      message: 'Idempotency-Key header is required',
    });
  });

  it('replays the first answer for the same body, refuses another body, and echoes the key', async () => {
    const k = randomUUID();
    const first = await create(k);
    const replay = await create(k);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(replay.headers['idempotency-key']).toBe(k);
    const conflict = await create(k, 3);
    expect(conflict.statusCode).toBe(422);
    expect(conflict.json().code).toBe('idempotency_conflict');
  });

  it('says 409 with Retry-After while the first request is still running', async () => {
    const k = randomUUID();
    // The store holds the first request long enough for a busy machine to deliver the second meanwhile.
    await simControl(t, 'woocommerce', 'latency', { ms: 3_000 });
    try {
      const slow = () => create(k, 1, key, 'STOVE-TI-MINI');
      const first = slow();
      // The second arrives once the first holds the key, however busy the machine.
      await expect
        .poll(
          async () =>
            (await t.db.select().from(idempotencyRecords).where(eq(idempotencyRecords.key, k))).length,
        )
        .toBe(1);
      const [a, b] = await Promise.all([first, slow()]);
      expect(a.statusCode).toBe(201);
      expect(b.statusCode).toBe(409);
      expect(b.json().code).toBe('idempotency_in_flight');
      expect(b.headers['retry-after']).toBe('1');
    } finally {
      await simControl(t, 'woocommerce', 'latency', { ms: 0 });
    }
  });

  it('does not keep a 5xx, so the same key can be retried once the store is back', async () => {
    const k = randomUUID();
    await simControl(t, 'woocommerce', 'down');
    const failed = await create(k, 1, key, 'PACK-20L-BLK').finally(() => simControl(t, 'woocommerce', 'up'));
    expect(failed.statusCode, failed.body).toBe(503);
    expect(failed.json().type).toBe('service_unavailable');
    expect(failed.headers['retry-after']).toBeTruthy();
    const retried = await create(k, 1, key, 'PACK-20L-BLK');
    expect(retried.statusCode, retried.body).toBe(201);
  });

  it('scopes keys to the merchant and the endpoint, and forgets them after 24 hours', async () => {
    const k = randomUUID();
    const other = await newMerchant(t, { connect: true, apiKey: true });
    expect((await create(k)).statusCode).toBe(201);
    expect((await create(k, 2, other.apiKey)).statusCode).toBe(201);
    const session = await readySession('2026-04-17');
    const cancel = await acpRequest(t, key, '2026-04-17', 'POST', url(session.id, '/cancel'), undefined, {
      'idempotency-key': k,
    });
    expect(cancel.statusCode).toBe(200);

    await t.db
      .update(idempotencyRecords)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(idempotencyRecords.key, k), eq(idempotencyRecords.merchantId, merchantId)));
    const afterExpiry = await create(k, 5);
    expect(afterExpiry.statusCode).toBe(201);
  });
});

describe('request signing', () => {
  const sign = (secret: string, body: string, timestamp = new Date().toISOString()) => ({
    timestamp,
    signature: createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('base64'),
  });

  it('strict refuses unsigned, tampered and replayed requests; log accepts them; off ignores the headers', async () => {
    const merchant = await newMerchant(t, { connect: true, apiKey: true });
    const secretRes = await dashboardRequest(
      t,
      merchant.cookie,
      'POST',
      '/api/acp/agent-settings/signing-secret',
    );
    const secret = secretRes.json().signing_secret as string;
    const setPolicy = async (signature_policy: string) =>
      expect(
        (await dashboardRequest(t, merchant.cookie, 'PUT', '/api/acp/agent-settings', { signature_policy }))
          .statusCode,
      ).toBe(200);
    const body = JSON.stringify({ items: [{ id: 'TEST-PRODUCT-001', quantity: 1 }] });
    const send = (headers: Record<string, string>) =>
      acpRequest(t, merchant.apiKey, '2025-09-29', 'POST', '/acp/checkout_sessions', body, headers);

    await setPolicy('strict');
    const unsigned = await send({});
    expect(unsigned.statusCode).toBe(401);
    expectAcpShape('2025-09-29', 'Error', unsigned.json());
    const good = sign(secret, body);
    expect((await send(good)).statusCode).toBe(201);
    const replayed = await send(good);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().code).toBe('signature_replayed');
    const tampered = sign(secret, body.replace('1}', '2}'));
    expect((await send(tampered)).statusCode).toBe(401);
    const stale = sign(secret, body, new Date(Date.now() - 10 * 60_000).toISOString());
    expect((await send(stale)).statusCode).toBe(401);

    await setPolicy('log');
    expect((await send({})).statusCode).toBe(201);
    await setPolicy('off');
    expect((await send({ signature: 'garbage', timestamp: 'nonsense' })).statusCode).toBe(201);
  });
});

describe('payments', () => {
  it('declines a token that does not cover the total, keeping the session payable with a message', async () => {
    const session = await readySession('2026-04-17');
    const small = await mintSharedPaymentToken(t, totalOf(session) - 1);
    const res = await acpRequest(
      t,
      key,
      '2026-04-17',
      'POST',
      url(session.id, '/complete'),
      cardPayment('2026-04-17', small),
    );
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'payment_declined' });
    const declinedCard = await mintSharedPaymentToken(t, totalOf(session), {
      payment_method: 'pm_card_chargeDeclined',
    });
    const declined = await acpRequest(
      t,
      key,
      '2026-04-17',
      'POST',
      url(session.id, '/complete'),
      cardPayment('2026-04-17', declinedCard),
    );
    expect(declined.statusCode, declined.body).toBe(402);
    const read = (await acpRequest(t, key, '2026-04-17', 'GET', url(session.id))).json();
    expectAcpShape('2026-04-17', 'CheckoutSession', read);
    expect(read.status).toBe('ready_for_payment');
    expect(read.messages).toContainEqual(
      expect.objectContaining({ type: 'error', code: 'payment_declined' }),
    );

    const good = await mintSharedPaymentToken(t, totalOf(session));
    const paid = await acpRequest(
      t,
      key,
      '2026-04-17',
      'POST',
      url(session.id, '/complete'),
      cardPayment('2026-04-17', good),
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().messages).toEqual([]);
  });

  it('takes the payment while the store is down and writes the order once it is back', async () => {
    const session = await readySession('2025-09-29');
    const token = await mintSharedPaymentToken(t, totalOf(session));
    await simControl(t, 'woocommerce', 'down');
    try {
      const res = await acpRequest(
        t,
        key,
        '2025-09-29',
        'POST',
        url(session.id, '/complete'),
        cardPayment('2025-09-29', token),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().order).toBeDefined();
    } finally {
      await simControl(t, 'woocommerce', 'up');
    }
    const [pending] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.merchantId, merchantId))
      .orderBy(desc(orders.createdAt))
      .limit(1);
    expect(pending).toMatchObject({ status: 'IN_PROGRESS', storeOrderId: null });
    // The queued store write (or reconciliation) delivers it once the store answers.
    await writeStoreOrder(
      { ...t.services, keyring: t.config.keyring, caches: t.services.engine.caches },
      pending!.id,
    );
    const [written] = await t.db.select().from(orders).where(eq(orders.id, pending!.id));
    expect(written!.status).toBe('ACCEPTED');
  });
});

describe('tenant isolation', () => {
  it("never lets one merchant's key see or change another's session", async () => {
    const session = await readySession('2025-09-29');
    const intruder = await newMerchant(t, { connect: true, apiKey: true });
    const token = await mintSharedPaymentToken(t, totalOf(session));
    for (const [method, path, body] of [
      ['GET', url(session.id), undefined],
      ['POST', url(session.id), { fulfillment_option_id: 'express' }],
      ['POST', url(session.id, '/complete'), cardPayment('2025-09-29', token)],
      ['POST', url(session.id, '/cancel'), undefined],
    ] as const) {
      const res = await acpRequest(t, intruder.apiKey, '2025-09-29', method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    const charged = await t.db.select().from(checkouts).where(eq(checkouts.merchantId, intruder.merchantId));
    expect(charged).toEqual([]);
  });
});

it('refuses an address without what a store needs to ship: line one, city and postal code', async () => {
  for (const field of ['line_one', 'city', 'postal_code'] as const) {
    const res = await acpRequest(t, key, '2026-04-17', 'POST', '/acp/checkout_sessions', {
      currency: 'gbp',
      line_items: [{ id: 'TEST-PRODUCT-001' }],
      capabilities: {},
      fulfillment_details: { address: { ...acpAddress, [field]: '  ' } },
    });
    expect(res.statusCode, field).toBe(400);
    expect(res.json(), field).toMatchObject({
      code: 'invalid_request',
      param: `$.fulfillment_details.address.${field}`,
      message: expect.stringContaining('a store needs it to ship'),
    });
  }
});

it('answers invalid_json to a body that is not JSON, whatever its Content-Type, and asks for an object', async () => {
  for (const contentType of ['application/json', 'text/plain', 'application/x-www-form-urlencoded']) {
    const res = await acpRequest(t, key, '2026-04-17', 'POST', '/acp/checkout_sessions', '{"line_items": [', {
      'content-type': contentType,
    });
    expect(res.statusCode, contentType).toBe(400);
    expect(res.json(), contentType).toEqual({
      type: 'invalid_request',
      code: 'invalid_json',
      message: 'The request body is not valid JSON',
    });
  }
  const notAnObject = await acpRequest(
    t,
    key,
    '2026-04-17',
    'POST',
    '/acp/checkout_sessions',
    '"line_items"',
  );
  expect(notAnObject.statusCode).toBe(400);
  expect(notAnObject.json()).toMatchObject({
    code: 'invalid_request',
    message: 'The request body must be a JSON object',
    param: '$',
  });
  const missing = await acpRequest(t, key, '2026-04-17', 'POST', '/acp/checkout_sessions', {
    currency: 'gbp',
  });
  expect(missing.statusCode).toBe(400);
  expect(missing.json().message).not.toMatch(/Invalid input|received/);
});

it('answers 1,000 randomized malformed requests without a 5xx', async () => {
  const session = await readySession('2026-04-17');
  let seed = 11;
  const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const keys = [
    'items',
    'line_items',
    'id',
    'quantity',
    'buyer',
    'email',
    'fulfillment_address',
    'fulfillment_details',
    'address',
    'country',
    'payment_data',
    'token',
    'handler_id',
    'instrument',
    'credential',
    'selected_fulfillment_options',
    'option_id',
    'currency',
    '__proto__',
  ];
  const junk = (depth = 0): unknown => {
    const r = rand();
    if (depth > 3 || r < 0.2)
      return [null, true, -1, 1e308, '', 'spt_', '💥', 'x'.repeat(600), 2.5, 'GB'][Math.floor(rand() * 10)];
    if (r < 0.45) return Array.from({ length: Math.floor(rand() * 3) }, () => junk(depth + 1));
    return Object.fromEntries(
      Array.from({ length: Math.floor(rand() * 5) }, () => [
        keys[Math.floor(rand() * keys.length)]!,
        junk(depth + 1),
      ]),
    );
  };
  const paths = [
    '/acp/checkout_sessions',
    url(session.id),
    url(session.id, '/complete'),
    url(session.id, '/cancel'),
    url('cs_nope', '/complete'),
  ];
  const failures: string[] = [];
  for (let i = 0; i < 1000; i++) {
    const path = paths[i % paths.length]!;
    const raw = rand() < 0.1 ? '{"broken": ' : JSON.stringify(junk());
    const version = (['2025-09-29', '2026-04-17', '2026-04-17'] as const)[i % 3]!;
    const res = await acpRequest(t, key, version, 'POST', path, raw);
    if (res.statusCode >= 500) failures.push(`${path} ${raw} -> ${res.statusCode} ${res.body}`);
    else if (res.statusCode >= 400) expectAcpShape('2026-04-17', 'Error', res.json());
  }
  expect(failures).toEqual([]);
});
