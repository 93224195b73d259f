import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

/**
 * The sandbox's outside world as a journey reaches it: the simulators' base URLs (`GET /__sim`) and the
 * sandbox credentials they accept (`GET /__sim/credentials`), with the provider reads journeys check
 * their outcome against (what Stripe refunded, what the merchant's WooCommerce store holds).
 */
export async function simulatorUrls(request: APIRequestContext): Promise<Record<string, string>> {
  const listed = (await (await request.get('/__sim')).json()) as Record<string, { baseUrl: string }>;
  return Object.fromEntries(Object.entries(listed).map(([id, sim]) => [id, sim.baseUrl]));
}

export interface SandboxCredentials {
  stripe: { platformSecretKey: string };
  opennode: { apiKey: string };
  woocommerce: { storeUrl: string; consumerKey: string; consumerSecret: string };
}

export async function sandboxCredentials(request: APIRequestContext): Promise<SandboxCredentials> {
  return (await (await request.get('/__sim/credentials')).json()) as SandboxCredentials;
}

/** The demo merchant's Stripe account, connected to the platform (e2e/storefront.spec.ts). */
const DEMO_ACCOUNT = 'acct_1QaGcSandboxMerch';

/** The refunds the Stripe simulator holds on a PaymentIntent of the demo merchant's connected account. */
export async function stripeRefundsOn(request: APIRequestContext, paymentIntent: string) {
  const [sims, credentials] = await Promise.all([simulatorUrls(request), sandboxCredentials(request)]);
  const res = await request.get(`${sims.stripe}/v1/refunds?payment_intent=${paymentIntent}`, {
    headers: {
      authorization: `Bearer ${credentials.stripe.platformSecretKey}`,
      'stripe-account': DEMO_ACCOUNT,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { amount: number; status: string }[] }).data;
}

/**
 * One order of the demo merchant's WooCommerce store through the simulator's REST API, as the store's
 * own admin (or the adapter) reaches it: read, or with `status` moved as the shop owner moves it
 * (`completed` when they ship it).
 */
export async function wooCommerceOrder(
  request: APIRequestContext,
  storeOrderId: string,
  status?: string,
): Promise<{ id: number; status: string }> {
  const [sims, credentials] = await Promise.all([simulatorUrls(request), sandboxCredentials(request)]);
  const { storeUrl, consumerKey, consumerSecret } = credentials.woocommerce;
  const res = await request.fetch(`${sims.woocommerce}/wp-json/wc/v3/orders/${storeOrderId}`, {
    method: status ? 'PUT' : 'GET',
    headers: {
      // Basic auth counts over HTTPS only (simulator-auth.ts): the simulator is reached as the store's host.
      authorization: `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64')}`,
      'x-forwarded-proto': 'https',
      'x-forwarded-host': new URL(storeUrl).host,
    },
    ...(status ? { data: { status } } : {}),
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { id: number; status: string };
}
