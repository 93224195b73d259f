import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, merchants, securityEvents, userRoles } from '../../db/schema/index';
import { acpAddress, acpBuyer, acpRequest } from '../../test/acp-kit';
import { insertCheckout, insertHistory } from '../../test/checkout-rows';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import {
  agentRequest,
  dashboardRequest,
  mintSharedPaymentToken,
  newMerchant,
  sampleBuyer,
  type TestMerchant,
} from '../../test/merchant-kit';
import { purgeOldPayloads } from '../commerce/jobs';
import { subjectHash } from '../security-events';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t.close());

const get = async (m: TestMerchant, url: string, status = 200) => {
  const res = await dashboardRequest(t, m.cookie, 'GET', url);
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};

/** An agent's paid card checkout through the documented API: its checkout and order ids. */
async function paidAgentOrder(m: TestMerchant & { apiKey: string }) {
  const offer = (
    await agentRequest(t, m.apiKey, 'POST', '/api/agent/offer', {
      items: [{ sku: 'TEST-PRODUCT-001', quantity: 1 }],
      shipping_to: { country: 'GB', postcode: 'N1 9GU' },
    })
  ).json();
  const checkout = (
    await agentRequest(t, m.apiKey, 'POST', '/api/agent/checkout', {
      offer_id: offer.offer_id,
      shipping_option_id: 'standard',
      buyer: sampleBuyer,
      payment: {
        method: 'stripe',
        shared_payment_token: await mintSharedPaymentToken(t, 10_000),
        amount: offer.total,
        currency: 'GBP',
      },
    })
  ).json();
  const confirm = await agentRequest(t, m.apiKey, 'POST', '/api/agent/confirm', {
    checkout_id: checkout.checkout_id,
  });
  expect(confirm.json(), confirm.body).toMatchObject({ status: 'ACCEPTED' });
  return {
    checkoutId: checkout.checkout_id as string,
    orderId: confirm.json().order_id as string,
    total: offer.total,
  };
}

const accessRows = (merchantId: string) =>
  t.db
    .select()
    .from(events)
    .where(and(eq(events.merchantId, merchantId), eq(events.kind, 'checkout_data_accessed')));

describe('checkout access recording', () => {
  it("records the agent API's confirm and order reads, named by the API key, off the request", async () => {
    const m = await newMerchant(t, { connect: true, apiKey: true });
    const { checkoutId, orderId, total } = await paidAgentOrder(m);
    const read = await agentRequest(t, m.apiKey, 'GET', `/api/agent/order/${orderId}`);
    expect(read.statusCode, read.body).toBe(200);

    const log = await get(m, '/api/security/checkout-access');
    expect(log.accesses_last_5_minutes).toBe(2);
    const [keyHash] = await t.db
      .select({ hash: merchants.apiKeyHash })
      .from(merchants)
      .where(eq(merchants.id, m.merchantId));
    for (const event of log.events) {
      expect(event).toEqual({
        id: expect.any(String),
        merchant_id: m.merchantId,
        checkout_id: checkoutId,
        amount: total,
        currency: 'GBP',
        user_id: null,
        status: 'ACCEPTED',
        via: 'agent_api',
        key_id: keyHash!.hash!.slice(0, 8),
        created_at: expect.any(String),
      });
    }
    // Stored in full, cut to 8 characters only on the way out.
    expect((await accessRows(m.merchantId))[0]!.payload.key_id).toBe(keyHash!.hash);
  });

  it("records an ACP session read once the session has a buyer, and the dashboard's buyer details", async () => {
    const m = await newMerchant(t, { connect: true, apiKey: true });
    const created = await acpRequest(t, m.apiKey, '2025-09-29', 'POST', '/acp/checkout_sessions', {
      items: [{ id: 'TEST-PRODUCT-001', quantity: 2 }],
    });
    const session = created.json();
    await acpRequest(t, m.apiKey, '2025-09-29', 'GET', `/acp/checkout_sessions/${session.id}`);
    expect((await get(m, '/api/security/checkout-access')).events).toEqual([]);

    await acpRequest(t, m.apiKey, '2025-09-29', 'POST', `/acp/checkout_sessions/${session.id}`, {
      fulfillment_address: acpAddress,
      buyer: acpBuyer,
    });
    const read = await acpRequest(t, m.apiKey, '2025-09-29', 'GET', `/acp/checkout_sessions/${session.id}`);
    expect(read.statusCode, read.body).toBe(200);
    const [acp] = (await get(m, '/api/security/checkout-access')).events;
    expect(acp).toMatchObject({
      checkout_id: session.id,
      amount: read.json().totals.find((x: { type: string }) => x.type === 'total').amount,
      currency: 'GBP',
      via: 'acp',
      user_id: null,
    });

    await insertCheckout(t, m.merchantId, {
      createdAt: new Date(),
      payment: { method: 'stripe_spt', status: 'succeeded' },
    });
    const [listed] = (await get(m, '/api/payments')).payments;
    await get(m, `/api/payments/${listed.id}`);
    const [dashboard] = (await get(m, '/api/security/checkout-access')).events;
    expect(dashboard).toMatchObject({
      checkout_id: listed.checkout_id,
      via: 'dashboard',
      user_id: m.userId,
      status: 'PAID',
      key_id: null,
    });
  });

  it('counts no access for listing or exporting 100 payments (no buyer data), and one for opening a buyer', async () => {
    const m = await newMerchant(t);
    await insertHistory(
      t.db,
      m.merchantId,
      Array.from({ length: 100 }, (_, i) => ({
        createdAt: new Date(Date.now() - (i + 1) * 1000),
        method: 'stripe_spt',
        status: 'succeeded',
        paidAt: new Date(),
      })),
    );
    const exported = await dashboardRequest(t, m.cookie, 'GET', '/api/payments/export.csv');
    expect(exported.statusCode).toBe(200);
    expect(exported.body.trim().split('\r\n')).toHaveLength(101);
    const { payments } = await get(m, '/api/payments?limit=100');
    expect(payments).toHaveLength(100);
    expect(await get(m, '/api/security/checkout-access')).toEqual({
      events: [],
      accesses_last_5_minutes: 0,
      rapid_checkout_access: false,
    });
    expect(await get(m, '/api/security/threats')).toEqual({ suspicious: [], patterns: [] });

    await get(m, `/api/payments/${payments[0].id}`);
    expect(await get(m, '/api/security/checkout-access')).toMatchObject({
      events: [{ checkout_id: payments[0].checkout_id, via: 'dashboard', user_id: m.userId }],
      accesses_last_5_minutes: 1,
      rapid_checkout_access: false,
    });
  });
});

describe('threat patterns', () => {
  it('flags rapid_checkout_access and rapid_data_access at 21 reads in 5 minutes, not at 20', async () => {
    const m = await newMerchant(t, { connect: true, apiKey: true });
    const { orderId } = await paidAgentOrder(m); // the confirm is the first read
    for (let i = 0; i < 19; i++) await agentRequest(t, m.apiKey, 'GET', `/api/agent/order/${orderId}`);
    expect(await get(m, '/api/security/checkout-access')).toMatchObject({
      accesses_last_5_minutes: 20,
      rapid_checkout_access: false,
    });
    expect(await get(m, '/api/security/threats')).toEqual({ suspicious: [], patterns: [] });

    await agentRequest(t, m.apiKey, 'GET', `/api/agent/order/${orderId}`);
    expect(await get(m, '/api/security/checkout-access')).toMatchObject({
      accesses_last_5_minutes: 21,
      rapid_checkout_access: true,
    });
    const threats = await get(m, '/api/security/threats');
    expect(threats.suspicious).toEqual([
      {
        merchant_id: m.merchantId,
        suspicious_activity: 'rapid_checkout_access',
        count: 21,
        first_occurrence: expect.any(String),
        last_occurrence: expect.any(String),
      },
    ]);
    expect(threats.patterns).toEqual([
      {
        merchant_id: m.merchantId,
        pattern_type: 'rapid_data_access',
        severity: 'high',
        occurrence_count: 21,
        first_seen: threats.suspicious[0].first_occurrence,
        details: expect.stringMatching(
          /^21 checkout reads in 5 minutes by an agent with API key [0-9a-f]{8} /,
        ),
      },
    ]);

    // Reads older than 5 minutes no longer count.
    await t.db
      .update(events)
      .set({ createdAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(events.merchantId, m.merchantId));
    expect(await get(m, '/api/security/threats')).toEqual({ suspicious: [], patterns: [] });
    expect((await get(m, '/api/security/checkout-access')).events).toHaveLength(10);
  });

  it("flags brute_force_auth from 5 failed sign-ins to the merchant user's account within the hour", async () => {
    const m = await newMerchant(t);
    const email = (await get(m, '/api/account')).user.email as string;
    const fail = (n: number, at = new Date()) =>
      t.db.insert(securityEvents).values(
        Array.from({ length: n }, (_, i) => ({
          type: 'auth_failure',
          name: 'signin_failed',
          subjectHash: subjectHash(email.toUpperCase()),
          details: { reason: 'signin_failed', email: 'xxx***' },
          ipAddress: `203.0.113.${i % 2}`,
          createdAt: at,
        })),
      );
    await fail(10, new Date(Date.now() - 2 * 3600_000)); // too old to count
    await fail(4);
    expect((await get(m, '/api/security/threats')).patterns).toEqual([]);
    await fail(1);
    expect((await get(m, '/api/security/threats')).patterns).toEqual([
      {
        merchant_id: m.merchantId,
        pattern_type: 'brute_force_auth',
        severity: 'high',
        occurrence_count: 5,
        first_seen: expect.any(String),
        details: '5 failed sign-ins to your account in the last hour, from 2 addresses.',
      },
    ]);
    await fail(15);
    expect((await get(m, '/api/security/threats')).patterns[0]).toMatchObject({
      severity: 'critical',
      occurrence_count: 20,
    });
  });

  it('flags unusual_checkout_amount: above mean + 3σ of the last 30 days and at least twice the median', async () => {
    const m = await newMerchant(t);
    const day = 24 * 3600_000;
    const baseline = [1800, 1900, 2000, 2000, 2100, 2200, 2000, 1950, 2050, 2000];
    for (const [i, amountMinor] of baseline.entries()) {
      await insertCheckout(t, m.merchantId, { createdAt: new Date(Date.now() - (2 + i) * day), amountMinor });
    }
    // Above 3σ (about 2300) but under twice the median: a big basket, not an anomaly.
    await insertCheckout(t, m.merchantId, { createdAt: new Date(Date.now() - 3600_000), amountMinor: 3900 });
    expect((await get(m, '/api/security/threats')).patterns).toEqual([]);

    await insertCheckout(t, m.merchantId, { createdAt: new Date(Date.now() - 1800_000), amountMinor: 9000 });
    expect((await get(m, '/api/security/threats')).patterns).toEqual([
      {
        merchant_id: m.merchantId,
        pattern_type: 'unusual_checkout_amount',
        severity: 'high',
        occurrence_count: 1,
        first_seen: expect.any(String),
        details:
          '1 checkout in the last 24 hours far above your usual GBP amounts: the largest 90.00, against a typical 20.00.',
      },
    ]);
  });

  it('judges amounts against the latest 1,000 checkouts of the baseline, not the whole month', async () => {
    const m = await newMerchant(t);
    const minute = 60_000;
    const day = 24 * 3600_000;
    // A week ago the shop sold £500 baskets; its latest 1,000 checkouts are £20. Against the whole month
    // £90 is ordinary; against what it sells now it is far out.
    const rows = (count: number, amountMinor: number, from: number) =>
      Array.from({ length: count }, (_, i) => ({
        method: 'stripe_spt',
        status: 'PAID',
        amountMinor,
        createdAt: new Date(Date.now() - from - i * minute),
      }));
    await insertHistory(t.db, m.merchantId, [...rows(1000, 2000, 2 * day), ...rows(600, 50_000, 7 * day)]);
    await insertCheckout(t, m.merchantId, { createdAt: new Date(Date.now() - 1800_000), amountMinor: 9000 });
    expect((await get(m, '/api/security/threats')).patterns).toMatchObject([
      { pattern_type: 'unusual_checkout_amount', occurrence_count: 1 },
    ]);
  });

  it('needs a baseline of 10 checkouts before judging amounts', async () => {
    const m = await newMerchant(t);
    for (let i = 0; i < 9; i++) {
      await insertCheckout(t, m.merchantId, { createdAt: new Date(Date.now() - (2 + i) * 86_400_000) });
    }
    await insertCheckout(t, m.merchantId, { createdAt: new Date(), amountMinor: 1_000_000 });
    expect((await get(m, '/api/security/threats')).patterns).toEqual([]);
  });
});

describe('security metrics', () => {
  it('counts checkout accesses and purge anonymizations per hour, newest first', async () => {
    const m = await newMerchant(t);
    const hourAgo = new Date(Date.now() - 3600_000);
    const access = (createdAt: Date) => ({
      merchantId: m.merchantId,
      kind: 'checkout_data_accessed',
      payload: { checkout_id: 'chk_x', amount: 1, currency: 'GBP', user_id: m.userId, status: 'PAID' },
      createdAt,
    });
    await t.db.insert(events).values([access(new Date()), access(new Date()), access(hourAgo)]);
    await t.db.insert(events).values({ ...access(new Date()), kind: 'agent_application_bundle_generated' });
    for (let i = 0; i < 3; i++) {
      await insertCheckout(t, m.merchantId, {
        createdAt: new Date(Date.now() - 91 * 86_400_000),
        payment: { method: 'btc_opennode', status: 'succeeded', payload: { payment_request: 'lnbc1' } },
      });
    }
    await purgeOldPayloads({ ...t.services, keyring: t.config.keyring, caches: t.services.engine.caches });

    const metrics = await get(m, '/api/security/metrics');
    const bucket = (d: Date) => `${d.toISOString().slice(0, 13)}:00:00.000Z`;
    expect(metrics.rows).toEqual([
      { metric_type: 'checkout_access', count: 2, time_bucket: bucket(new Date()) },
      { metric_type: 'checkout_anonymized', count: 3, time_bucket: bucket(new Date()) },
      { metric_type: 'checkout_access', count: 1, time_bucket: bucket(hourAgo) },
    ]);
    expect(metrics.totals).toEqual({ checkout_access: 3, checkout_anonymized: 3 });
    expect((await get(m, '/api/security/metrics?hours=1')).totals.checkout_access).toBe(2);
    for (const q of ['hours=0', 'hours=169', 'hours=x']) await get(m, `/api/security/metrics?${q}`, 400);
  });
});

describe('security log', () => {
  it("shows the merchant's events and failed sign-ins to its account, e-mails masked, key ids cut, no secrets", async () => {
    const m = await newMerchant(t);
    const other = await newMerchant(t);
    const email = (await get(m, '/api/account')).user.email as string;
    await t.db.insert(securityEvents).values([
      {
        type: 'suspicious_activity',
        name: 'agent_signature_invalid',
        merchantId: m.merchantId,
        details: {
          contact_email: 'someone@example.com',
          key_id: 'abcdef1234567890',
          password: 'hunter2',
          request: { token: 'tok_secret', path: '/acp/checkout_sessions' },
        },
        createdAt: new Date(Date.now() - 1000),
      },
      {
        type: 'auth_failure',
        name: 'signin_failed',
        subjectHash: subjectHash(email),
        details: { reason: 'signin_failed', email },
      },
      { type: 'api_key_usage', merchantId: other.merchantId, details: { keyId: 'zzzzzzzz99' } },
    ]);
    const { events: log } = await get(m, '/api/security/log');
    expect(log).toEqual([
      {
        id: expect.any(String),
        merchant_id: null,
        type: 'auth_failure',
        name: 'signin_failed',
        details: { reason: 'signin_failed', email: `${email.slice(0, 3)}***` },
        user_agent: null,
        created_at: expect.any(String),
      },
      {
        id: expect.any(String),
        merchant_id: m.merchantId,
        type: 'suspicious_activity',
        name: 'agent_signature_invalid',
        details: {
          contact_email: 'som***',
          key_id: 'abcdef12',
          request: { path: '/acp/checkout_sessions' },
        },
        user_agent: null,
        created_at: expect.any(String),
      },
    ]);
    expect(JSON.stringify(log)).not.toMatch(/hunter2|tok_secret|someone@/);
    expect((await get(other, '/api/security/log')).events).toEqual([
      expect.objectContaining({ type: 'api_key_usage', details: { keyId: 'zzzzzzzz' } }),
    ]);
  });
});

describe('who sees whose security monitoring', () => {
  const ENDPOINTS = ['checkout-access', 'metrics', 'threats', 'log'];

  it("refuses a merchant another merchant's, or every merchant's, on every endpoint", async () => {
    const a = await newMerchant(t);
    const b = await newMerchant(t);
    for (const endpoint of ENDPOINTS) {
      for (const merchant of [b.merchantId, 'all']) {
        const res = await get(a, `/api/security/${endpoint}?merchant=${merchant}`, 403);
        expect(res.error.message).toBe("Only administrators can see other merchants' security monitoring.");
      }
      await get(a, `/api/security/${endpoint}?merchant=not-a-merchant`, 400);
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/security/${endpoint}?merchant=x` });
      expect(anonymous.statusCode).toBe(401);
    }
    await get(a, '/api/security/merchants', 403);
  });

  it('lets an admin pick any merchant, or see them all', async () => {
    const admin = await newMerchant(t);
    await t.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    const a = await newMerchant(t);
    const b = await newMerchant(t);
    const [aCheckout, bCheckout] = [`chk_${randomUUID()}`, `chk_${randomUUID()}`];
    const access = (merchantId: string, checkoutId: string) => ({
      merchantId,
      kind: 'checkout_data_accessed',
      payload: {
        checkout_id: checkoutId,
        amount: 100,
        currency: 'GBP',
        user_id: null,
        status: 'PAID',
        via: 'acp',
      },
    });
    await t.db.insert(events).values([access(a.merchantId, aCheckout), access(b.merchantId, bCheckout)]);

    const own = await get(admin, '/api/security/checkout-access');
    expect(own.events).toEqual([]);
    const ofA = await get(admin, `/api/security/checkout-access?merchant=${a.merchantId}`);
    expect(ofA.events.map((e: { checkout_id: string }) => e.checkout_id)).toEqual([aCheckout]);
    const all = await get(admin, '/api/security/checkout-access?merchant=all&limit=50');
    const seen = all.events.map((e: { checkout_id: string }) => e.checkout_id);
    expect(seen).toEqual(expect.arrayContaining([aCheckout, bCheckout]));

    const { merchants: listed } = await get(admin, '/api/security/merchants');
    expect(listed).toEqual(
      expect.arrayContaining([
        { id: a.merchantId, name: expect.any(String) },
        { id: b.merchantId, name: expect.any(String) },
      ]),
    );
    // A merchant's own view is untouched by the admin's existence.
    expect((await get(a, '/api/security/checkout-access')).events).toHaveLength(1);
  });
});
