import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACP_VERSIONS } from '../../features/acp/versions/registry';
import { IP_ALLOWLIST_MESSAGES } from '#common/validation/security-settings';
import { billingAccounts, securityEvents } from '../../db/schema/index';
import { acpRequest } from '../../test/acp-kit';
import {
  cookieHeader,
  createTestApp,
  postJson,
  signUp,
  TEST_ORIGIN,
  type TestApp,
} from '../../test/create-test-app';
import { agentRequest, newMerchant } from '../../test/merchant-kit';
import { clientAddress, isAddressAllowed } from './ip-allowlist';
import { ALLOWLIST_MESSAGES } from '../merchants/security-settings';

const OFFICE = '203.0.113.10';
const ELSEWHERE = '198.51.100.77';
const PROXY = '10.1.1.1';

let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  [t, proxied] = await Promise.all([createTestApp(), createTestApp({ env: { TRUST_PROXY: 'true' } })]);
});
afterAll(() => Promise.all([t.close(), proxied.close()]));

/** Enterprise is a contract plan an operator sets on the billing account. */
async function setContractPlan(app: TestApp, merchantId: string, contractPlan: 'enterprise' | null) {
  await app.db
    .insert(billingAccounts)
    .values({ merchantId, contractPlan })
    .onConflictDoUpdate({ target: billingAccounts.merchantId, set: { contractPlan } });
}

function request(
  app: TestApp,
  cookie: string,
  method: 'GET' | 'PUT',
  url: string,
  opts: { from: string; payload?: object; headers?: Record<string, string> },
) {
  return app.app.inject({
    method,
    url,
    remoteAddress: opts.from,
    headers: {
      cookie,
      origin: TEST_ORIGIN,
      ...(opts.payload ? { 'content-type': 'application/json' } : {}),
      ...opts.headers,
    },
    ...(opts.payload ? { payload: opts.payload } : {}),
  });
}

const saveAllowlist = (app: TestApp, cookie: string, ipAllowlist: string[], from = OFFICE) =>
  request(app, cookie, 'PUT', '/api/account/security', { from, payload: { ipAllowlist } });

async function enterpriseMerchant(app: TestApp = t) {
  const signedUp = await signUp(app.app);
  const account = await app.app.inject({
    method: 'GET',
    url: '/api/account',
    headers: { cookie: signedUp.cookie },
  });
  await setContractPlan(app, account.json().merchant.id, 'enterprise');
  return { ...signedUp, merchantId: account.json().merchant.id as string };
}

describe('the client address an allowlist is matched against', () => {
  it.each([
    ['203.0.113.10', OFFICE],
    ['::ffff:203.0.113.10', OFFICE],
    ['::FFFF:203.0.113.10', OFFICE],
    ['::ffff:cb00:710a', OFFICE],
    ['0:0:0:0:0:ffff:cb00:710a', OFFICE],
    ['203.0.113.10:51234', OFFICE],
    ['[::ffff:203.0.113.10]:443', OFFICE],
    ['203.0.113.010', OFFICE],
    ['2001:DB8:0:0::7', '2001:db8::7'],
    ['fe80::1%eth0', 'fe80::1'],
  ])('reads %j as %j', (ip, address) => {
    expect(clientAddress(ip)).toBe(address);
  });

  it('lets IPv4-mapped spellings of a listed address in, and no IPv6 address that merely embeds it', () => {
    expect(isAddressAllowed([OFFICE], '::ffff:cb00:710a')).toBe(true);
    expect(isAddressAllowed([OFFICE], '64:ff9b::cb00:710a')).toBe(false);
    expect(isAddressAllowed([OFFICE], '::203.0.113.10')).toBe(false);
    expect(isAddressAllowed([], '2001:db8::7')).toBe(true);
  });
});

describe('who may set an allowlist', () => {
  it('is Enterprise only: other plans see it locked and cannot add addresses', async () => {
    const { cookie } = await signUp(t.app);
    const view = await request(t, cookie, 'GET', '/api/account/security', { from: OFFICE });
    expect(view.json().ipAllowlist).toEqual({
      available: false,
      entries: [],
      appliesToApiKey: false,
      yourAddress: OFFICE,
    });
    const refused = await saveAllowlist(t, cookie, [OFFICE]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'plan_upgrade_required',
      requiredPlan: 'enterprise',
      message: ALLOWLIST_MESSAGES.enterpriseOnly,
    });
  });

  it.each([
    ['', IP_ALLOWLIST_MESSAGES.required],
    ['1.2.3', IP_ALLOWLIST_MESSAGES.invalid],
    ['1.2.3.4.5', IP_ALLOWLIST_MESSAGES.invalid],
    ['1234.1.1.1', IP_ALLOWLIST_MESSAGES.invalid],
    ['256.1.1.1', IP_ALLOWLIST_MESSAGES.invalid],
    ['a.b.c.d', IP_ALLOWLIST_MESSAGES.invalid],
    // An entry is four dot-separated groups of 1-3 digits: no IPv6, no ranges.
    ['2001:db8::1', IP_ALLOWLIST_MESSAGES.invalid],
    ['::ffff:192.0.2.1', IP_ALLOWLIST_MESSAGES.invalid],
    ['192.0.2.0/24', IP_ALLOWLIST_MESSAGES.invalid],
  ])('refuses the entry %j with the message of the rule it breaks', async (entry, message) => {
    const { cookie } = await enterpriseMerchant();
    const res = await saveAllowlist(t, cookie, [OFFICE, entry]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('refuses a duplicate, however it is spelled', async () => {
    const { cookie } = await enterpriseMerchant();
    const res = await saveAllowlist(t, cookie, [OFFICE, '203.0.113.010']);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(IP_ALLOWLIST_MESSAGES.duplicate);
  });

  it("refuses a list that would lock the saver out, naming the saver's address", async () => {
    const { cookie } = await enterpriseMerchant();
    const res = await saveAllowlist(t, cookie, ['192.0.2.1']);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(ALLOWLIST_MESSAGES.lockOut(OFFICE));
  });
});

describe('an account with an allowlist', () => {
  it('refuses its sessions from other addresses (403) and keeps them for allowed ones', async () => {
    const { cookie } = await enterpriseMerchant();
    const saved = await saveAllowlist(t, cookie, [OFFICE, '192.0.2.1']);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().ipAllowlist.entries).toEqual([OFFICE, '192.0.2.1']);

    const refused = await request(t, cookie, 'GET', '/api/account', { from: ELSEWHERE });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('ip_not_allowed');
    expect(refused.json().error.message).toContain(ELSEWHERE);
    const session = await request(t, cookie, 'GET', '/api/auth/get-session', { from: ELSEWHERE });
    expect(session.statusCode).toBe(403);
    expect(session.json().error.code).toBe('ip_not_allowed');

    expect((await request(t, cookie, 'GET', '/api/account', { from: OFFICE })).statusCode).toBe(200);
  });

  it('refuses sign-in from other addresses once the password is right, and records it', async () => {
    const { cookie, creds, merchantId } = await enterpriseMerchant();
    await saveAllowlist(t, cookie, [OFFICE]);
    const signIn = (from: string, password = creds.password) =>
      postJson(t.app, '/api/auth/sign-in/email', { email: creds.email, password }, { remoteAddress: from });

    const refused = await signIn(ELSEWHERE);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('IP_NOT_ALLOWED');
    expect(refused.json().error.message).toContain(ELSEWHERE);
    expect(refused.headers['set-cookie']).toBeUndefined();
    // A wrong password learns nothing about the allowlist.
    expect((await signIn(ELSEWHERE, 'Wr0ng!password')).statusCode).toBe(401);

    const allowed = await signIn(OFFICE);
    expect(allowed.statusCode).toBe(200);
    expect(cookieHeader(allowed.headers['set-cookie'])).toContain('session_token');
    const events = await t.db.select().from(securityEvents).where(eq(securityEvents.merchantId, merchantId));
    expect(events.find((e) => e.name === 'ip_not_allowed')).toMatchObject({ ipAddress: ELSEWHERE });
  });

  it('ignores X-Forwarded-For when TRUST_PROXY is off: a spoofed header is not the address', async () => {
    const { cookie } = await enterpriseMerchant();
    await saveAllowlist(t, cookie, [OFFICE]);
    const spoofed = await request(t, cookie, 'GET', '/api/account', {
      from: ELSEWHERE,
      headers: { 'x-forwarded-for': OFFICE },
    });
    expect(spoofed.statusCode).toBe(403);
  });

  it('behind TRUST_PROXY, checks the client address the proxy forwarded', async () => {
    const { cookie } = await enterpriseMerchant(proxied);
    const fromOffice = { from: PROXY, headers: { 'x-forwarded-for': OFFICE } };
    const view = await request(proxied, cookie, 'GET', '/api/account/security', fromOffice);
    expect(view.json().ipAllowlist.yourAddress).toBe(OFFICE);
    const saved = await request(proxied, cookie, 'PUT', '/api/account/security', {
      ...fromOffice,
      payload: { ipAllowlist: [OFFICE] },
    });
    expect(saved.statusCode).toBe(200);
    expect((await request(proxied, cookie, 'GET', '/api/account', fromOffice)).statusCode).toBe(200);
    const elsewhere = { from: PROXY, headers: { 'x-forwarded-for': ELSEWHERE } };
    expect((await request(proxied, cookie, 'GET', '/api/account', elsewhere)).statusCode).toBe(403);
  });

  it('behind TRUST_PROXY, matches an IPv4 client the proxy forwarded as IPv4-mapped IPv6, in any spelling', async () => {
    const { cookie, creds } = await enterpriseMerchant(proxied);
    const via = (forwarded: string) => ({ from: PROXY, headers: { 'x-forwarded-for': forwarded } });
    const saved = await request(proxied, cookie, 'PUT', '/api/account/security', {
      ...via(`::ffff:${OFFICE}`),
      payload: { ipAllowlist: [OFFICE] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const forwarded of [
      `::FFFF:${OFFICE}`,
      '::ffff:cb00:710a',
      `${OFFICE}:40211`,
      `${OFFICE}, ${PROXY}`,
    ])
      expect((await request(proxied, cookie, 'GET', '/api/account', via(forwarded))).statusCode).toBe(200);

    const v6 = await request(proxied, cookie, 'GET', '/api/account', via('2001:db8::7'));
    expect(v6.statusCode).toBe(403);
    expect(v6.json().error.message).toContain('2001:db8::7');
    const signIn = await postJson(
      proxied.app,
      '/api/auth/sign-in/email',
      { email: creds.email, password: creds.password },
      { remoteAddress: PROXY, headers: { 'x-forwarded-for': '::ffff:cb00:710a' } },
    );
    expect(signIn.statusCode, signIn.body).toBe(200);
  });

  it('can always be emptied, even after leaving Enterprise', async () => {
    const { cookie, merchantId } = await enterpriseMerchant();
    await saveAllowlist(t, cookie, [OFFICE]);
    await setContractPlan(t, merchantId, null);
    expect((await saveAllowlist(t, cookie, [OFFICE, '192.0.2.9'])).statusCode).toBe(403);
    const emptied = await saveAllowlist(t, cookie, []);
    expect(emptied.statusCode).toBe(200);
    expect((await request(t, cookie, 'GET', '/api/account', { from: ELSEWHERE })).statusCode).toBe(200);
  });
});

describe('the allowlist and the agent API key', () => {
  it('applies to the key only when switched on, on the agent API and ACP alike', async () => {
    const merchant = await newMerchant(t, { connect: true, apiKey: true });
    await setContractPlan(t, merchant.merchantId, 'enterprise');
    await saveAllowlist(t, merchant.cookie, [OFFICE]);
    const offer = (from: string) =>
      agentRequest(
        t,
        merchant.apiKey,
        'POST',
        '/api/agent/offer',
        {
          items: [{ sku: 'TEST-PRODUCT-001', quantity: 1 }],
          shipping_to: { country: 'GB', postcode: 'N1 9GU' },
        },
        { remoteAddress: from },
      );
    expect((await offer(ELSEWHERE)).statusCode).toBe(200);

    const switched = await request(t, merchant.cookie, 'PUT', '/api/account/security', {
      from: OFFICE,
      payload: { ipAllowlistAppliesToApiKey: true },
    });
    expect(switched.json().ipAllowlist.appliesToApiKey).toBe(true);

    const refused = await offer(ELSEWHERE);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error_code: 'FORBIDDEN' });
    expect(refused.json().error).toContain(ELSEWHERE);
    expect((await offer(OFFICE)).statusCode).toBe(200);

    const acp = await acpRequest(t, merchant.apiKey, ACP_VERSIONS[0]!, 'POST', '/acp/checkout_sessions', {});
    expect(acp.statusCode).toBe(403);
    expect(acp.json()).toMatchObject({ type: 'invalid_request', code: 'forbidden' });
  });
});
