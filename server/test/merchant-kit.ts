import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { merchants, merchantWebhookSettings } from '../db/schema/index';
import { ensureDemoMerchant } from '../demo-seed';
import type { SimulatorId } from '../integrations/sandbox-network';
import { oauthQueryParams } from '../integrations/stores/woocommerce/oauth1';
import { nextIp, signUp, TEST_ORIGIN, type TestApp } from './create-test-app';
import { expectAnswerDocumented } from './openapi-contract';

/**
 * Test helpers for the merchant's side of the app (dashboard requests, a signed-up and connected merchant)
 * and the agent's side (agent API requests, the sandbox simulators' controls, a buyer).
 */

/** A dashboard request as the web app sends it: the session cookie, our origin, JSON. */
export function dashboardRequest(
  t: TestApp,
  cookie: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  const request: InjectOptions = {
    method,
    url,
    headers: {
      cookie,
      origin: TEST_ORIGIN,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload }),
  };
  return t.app.inject(request);
}

/** The id of the merchant a session belongs to, as the dashboard reads it. */
export async function merchantIdOf(t: TestApp, cookie: string): Promise<string> {
  const account = await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
  return account.json().merchant.id as string;
}

/** The merchant row, as it is now, of the merchant a session belongs to. */
export async function merchantOf(t: TestApp, cookie: string) {
  const [row] = await t.db
    .select()
    .from(merchants)
    .where(eq(merchants.id, await merchantIdOf(t, cookie)));
  return row!;
}

export interface TestMerchant {
  cookie: string;
  merchantId: string;
  userId: string;
  /** With `apiKey`: the merchant's agent API key (its own per-key rate limits). */
  apiKey?: string;
}

export interface NewMerchantOptions {
  /** Connect the sandbox WooCommerce store, OpenNode for Bitcoin and the Stripe secret key. */
  connect?: boolean;
  /** Issue the merchant an agent API key. */
  apiKey?: boolean;
  /** With `connect`: connect Stripe through Connect OAuth (the platform charges on its behalf) instead of a key. */
  stripeConnect?: boolean;
}

/** A freshly signed-up merchant; with `connect`, its sandbox store, Stripe and OpenNode are connected. */
export async function newMerchant(
  t: TestApp,
  opts: NewMerchantOptions & { apiKey: true },
): Promise<TestMerchant & { apiKey: string }>;
export async function newMerchant(t: TestApp, opts?: NewMerchantOptions): Promise<TestMerchant>;
export async function newMerchant(t: TestApp, opts: NewMerchantOptions = {}): Promise<TestMerchant> {
  const { cookie, user } = await signUp(t.app);
  const merchant: TestMerchant = { cookie, merchantId: await merchantIdOf(t, cookie), userId: user.id };
  const step = async (method: 'PUT' | 'POST', url: string, payload?: object) => {
    const res = await dashboardRequest(t, cookie, method, url, payload);
    if (res.statusCode !== 200) throw new Error(`${url} failed: ${res.statusCode} ${res.body}`);
    return res;
  };
  if (opts.connect) {
    const creds = t.simulators!.credentials;
    await step('PUT', '/api/connections/stores/woocommerce', { credentials: creds.woocommerce });
    await step('PUT', '/api/connections/bitcoin', {
      enabled: true,
      provider: 'opennode',
      credentials: creds.opennode,
      expiryMins: 15,
    });
    if (opts.stripeConnect) await connectStripeThroughOAuth(t, cookie);
    else await step('POST', '/api/connections/stripe/verify', { secretKey: creds.stripe.secretKey });
  }
  if (opts.apiKey) merchant.apiKey = (await step('POST', '/api/developers/api-key')).json().apiKey as string;
  return merchant;
}

/** Plays the merchant through Stripe Connect OAuth on the simulator's consent page, allowing it. */
/**
 * Points the merchant's webhooks at an endpoint taking `events`, written straight to the settings row: for
 * tests of what the engine owes such a merchant, not of the settings screen (merchant-webhooks.test.ts).
 */
export async function followWebhookEvents(t: TestApp, merchantId: string, events: string[]): Promise<void> {
  await t.db
    .insert(merchantWebhookSettings)
    .values({ merchantId, url: 'https://hooks.example.com/agentcart', events })
    .onConflictDoUpdate({ target: merchantWebhookSettings.merchantId, set: { events } });
}

export async function connectStripeThroughOAuth(t: TestApp, cookie: string): Promise<string> {
  const start = await dashboardRequest(t, cookie, 'POST', '/api/connections/stripe/oauth/start');
  const authorize = new URL(start.json().url as string);
  const consent = new URLSearchParams({
    ...Object.fromEntries(authorize.searchParams),
    decision: 'allow',
    business_name: 'Connected Outfitters',
  });
  const allowed = await fetch(new URL('/oauth/authorize', authorize), {
    method: 'POST',
    body: consent,
    redirect: 'manual',
  });
  const back = new URL(allowed.headers.get('location')!);
  const landed = await t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie },
  });
  const accountId = new URL(landed.headers.location as string).searchParams.get('account_id');
  if (!accountId) throw new Error(`Stripe Connect OAuth failed: ${landed.headers.location}`);
  return accountId;
}

/** The agent API key of the demo merchant the sandbox seeds (its store, Stripe and OpenNode connected). */
export async function demoMerchantApiKey(t: TestApp): Promise<string> {
  return (await ensureDemoMerchant({ ...t.services, dataDir: t.dataDir, simulators: t.simulators! })).apiKey;
}

/**
 * An agent API request: `key` as the bearer token (null sends none), JSON body. Each request comes from
 * a distinct client address unless `remoteAddress` is given, so the per-address limits are not shared.
 * The answer is checked against the OpenAPI document (openapi-contract.ts).
 */
export async function agentRequest(
  t: TestApp,
  key: string | null,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  opts: { idempotencyKey?: string; remoteAddress?: string } = {},
) {
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: opts.remoteAddress ?? nextIp(),
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(opts.idempotencyKey ? { 'idempotency-key': opts.idempotencyKey } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
  });
  return expectAnswerDocumented(t, method, url, res);
}

/** A buyer as an agent sends it at checkout. */
export const sampleBuyer = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  address: { line1: '1 Analytical Way', city: 'London', postcode: 'N1 9GU', country: 'GB' },
};

/**
 * What an agent does before confirming: asks for an offer on `items` (one TEST-PRODUCT-001 unless given),
 * shipped to the sample buyer, then checks it out for the sample buyer paying with `payment`. Returns both
 * answers' JSON, unchecked.
 */
export async function agentCheckout(
  t: TestApp,
  key: string,
  payment: object,
  items: { sku: string; quantity: number }[] = [{ sku: 'TEST-PRODUCT-001', quantity: 1 }],
) {
  const { country, postcode } = sampleBuyer.address;
  const offer = (
    await agentRequest(t, key, 'POST', '/api/agent/offer', { items, shipping_to: { country, postcode } })
  ).json();
  const checkout = (
    await agentRequest(t, key, 'POST', '/api/agent/checkout', {
      offer_id: offer.offer_id,
      buyer: sampleBuyer,
      payment,
    })
  ).json();
  return { offer, checkout };
}

/** Works a sandbox simulator's control (`POST <simulator>/__sim/<path>`), returning its JSON answer. */
export async function simControl(
  t: TestApp,
  simulatorId: SimulatorId,
  path: string,
  body: unknown = {},
): Promise<Record<string, unknown>> {
  const res = await fetch(`${t.simulators!.simulators[simulatorId].baseUrl}/__sim/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json() as Promise<Record<string, unknown>>;
}

/** A Shared Payment Token from the Stripe simulator, in GBP, for up to `maxAmountMinor`. */
export async function mintSharedPaymentToken(
  t: TestApp,
  maxAmountMinor: number,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const granted = await simControl(t, 'stripe', 'granted_tokens', {
    currency: 'gbp',
    max_amount: maxAmountMinor,
    ...extra,
  });
  return granted.id as string;
}

/** The merchant marks a store order completed in the sandbox's WooCommerce (plain HTTP, OAuth 1.0a). */
export async function completeWooCommerceOrder(t: TestApp, storeOrderId: string): Promise<void> {
  const { woocommerce } = t.simulators!.credentials;
  const orderUrl = new URL(
    `${t.simulators!.simulators.woocommerce.baseUrl}/wp-json/wc/v3/orders/${storeOrderId}`,
  );
  const signed = oauthQueryParams({
    method: 'PUT',
    url: orderUrl,
    consumerKey: String(woocommerce.consumerKey),
    consumerSecret: String(woocommerce.consumerSecret),
    now: new Date(),
  });
  for (const [name, value] of Object.entries(signed)) orderUrl.searchParams.set(name, value);
  const res = await fetch(orderUrl, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'completed' }),
  });
  if (res.status !== 200) throw new Error(`WooCommerce refused to complete the order: ${await res.text()}`);
}
