import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { simulatorUrls } from './sandbox-world';

/** The demo merchant's agent API key, from the e2e server's data directory (playwright.config.ts). */
export const demoApiKey = () =>
  (JSON.parse(readFileSync('.tmp/e2e-data/demo.json', 'utf8')) as { apiKey: string }).apiKey;

/**
 * An agent's paid card order through the documented API, as ChatGPT would place it (offer, checkout with
 * a Shared Payment Token, confirm): its order id. The agent is its own client (no browser session), so
 * `request` is Playwright's API context, not the page's. The demo merchant's key unless one is given.
 */
export async function agentOrder(request: APIRequestContext, apiKey = demoApiKey()): Promise<string> {
  return (await agentCardPurchase(request, { apiKey })).orderId;
}

/** The same purchase of `quantity` test products: the order's id and its checkout's. */
export async function agentCardPurchase(
  request: APIRequestContext,
  { apiKey = demoApiKey(), quantity = 1 }: { apiKey?: string; quantity?: number } = {},
): Promise<{ orderId: string; checkoutId: string }> {
  const headers = { authorization: `Bearer ${apiKey}` };
  const sims = await simulatorUrls(request);
  const token = (await (
    await request.post(`${sims.stripe}/__sim/granted_tokens`, {
      data: { currency: 'gbp', max_amount: 100_000 },
    })
  ).json()) as { id: string };
  const offer = await (
    await request.post('/api/agent/offer', {
      headers,
      data: {
        items: [{ sku: 'TEST-PRODUCT-001', quantity }],
        shipping_to: { country: 'GB', postcode: 'N1 9GU' },
      },
    })
  ).json();
  const checkout = await (
    await request.post('/api/agent/checkout', {
      headers,
      data: {
        offer_id: offer.offer_id,
        shipping_option_id: 'standard',
        buyer: {
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          address: { line1: '1 Analytical Way', city: 'London', postcode: 'N1 9GU', country: 'GB' },
        },
        payment: { method: 'stripe', shared_payment_token: token.id, amount: offer.total, currency: 'GBP' },
      },
    })
  ).json();
  const confirm = await request.post('/api/agent/confirm', {
    headers,
    data: { checkout_id: checkout.checkout_id },
  });
  const body = (await confirm.json()) as { status: string; order_id: string };
  expect(body.status, JSON.stringify({ offer, checkout, body })).toBe('ACCEPTED');
  return { orderId: body.order_id, checkoutId: checkout.checkout_id as string };
}

/** ACP's buyer and where the order ships, as an agent sends them when it creates a session. */
const ACP_BUYER = {
  buyer: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' },
  fulfillment_details: {
    name: 'Grace Hopper',
    email: 'grace@example.com',
    address: {
      name: 'Grace Hopper',
      line_one: '7 Compiler Street',
      city: 'Manchester',
      state: 'Greater Manchester',
      country: 'GB',
      postal_code: 'M1 1AA',
    },
  },
};

/** A POST of an ACP 2026-04-17 agent with the demo merchant's key: `API-Version` and a fresh Idempotency-Key. */
export function acpPost(request: APIRequestContext, url: string, data: unknown) {
  return request.post(url, {
    headers: {
      authorization: `Bearer ${demoApiKey()}`,
      'api-version': '2026-04-17',
      'idempotency-key': randomUUID(),
    },
    data,
  });
}

export interface AcpSession {
  id: string;
  totals: { type: string; amount: number }[];
  capabilities: { payment: { handlers: { id: string; config: { invoice?: { id: string } } }[] } };
}

/** An ACP 2026-04-17 checkout session for `quantity` TEST-PRODUCT-001, with the buyer and where it ships. */
export async function createAcpSession(
  request: APIRequestContext,
  { quantity = 1, details = ACP_BUYER }: { quantity?: number; details?: typeof ACP_BUYER } = {},
): Promise<AcpSession> {
  const created = await acpPost(request, '/acp/checkout_sessions', {
    currency: 'gbp',
    line_items: [{ id: 'TEST-PRODUCT-001', quantity }],
    ...details,
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as AcpSession;
}

export interface CompletedAcpSession {
  id: string;
  status: string;
  order: { id: string; permalink_url: string };
}

/**
 * An ACP 2026-04-17 agent's card purchase: a session for `quantity` demo products completed with a Shared
 * Payment Token for its total, minted by the Stripe simulator (sandbox only) as the buyer's assistant
 * would hand it over. The completed session, with its order.
 */
export async function acpCardPurchase(
  request: APIRequestContext,
  { quantity = 1 }: { quantity?: number } = {},
): Promise<CompletedAcpSession> {
  const session = await createAcpSession(request, { quantity });
  const total = session.totals.find((x) => x.type === 'total')!.amount;
  const sims = await simulatorUrls(request);
  const granted = await request.post(`${sims.stripe}/__sim/granted_tokens`, {
    data: { currency: 'gbp', max_amount: total },
  });
  const { id: token } = (await granted.json()) as { id: string };
  const completed = await acpPost(request, `/acp/checkout_sessions/${session.id}/complete`, {
    payment_data: {
      handler_id: 'card_spt',
      instrument: { type: 'card', credential: { type: 'spt', token } },
    },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  return (await completed.json()) as CompletedAcpSession;
}

/**
 * Points the signed-in merchant's ACP order events at the agent simulator's receiver on its own host
 * (`<name>.agent.sandbox`), with a fresh webhook secret the receiver verifies them with, as the merchant
 * does on the agent platform's side. Returns a reader of the ACP order events that host received.
 */
export async function agentWebhookReceiver(page: Page, name: string) {
  const host = `${name}.agent.sandbox`;
  const origin = new URL(page.url()).origin;
  const saved = await page.request.put('/api/acp/agent-settings', {
    headers: { origin },
    data: { agent_name: 'ChatGPT', webhook_url: `https://${host}/agentic_checkout/webhooks/order_events` },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const rotated = await page.request.post('/api/acp/webhook-secret', { headers: { origin } });
  expect(rotated.status(), await rotated.text()).toBe(200);
  const { webhook_secret: secret } = (await rotated.json()) as { webhook_secret: string };
  const sims = await simulatorUrls(page.request);
  const told = await page.request.post(`${sims.agent}/__sim/secret`, { data: { secret, host } });
  expect(told.ok(), await told.text()).toBe(true);
  return async () => {
    const res = await page.request.get(`${sims.agent}/__sim/events?host=${host}`);
    const { events } = (await res.json()) as {
      events: { protocol: string; signature_valid: boolean; status: number; body: unknown }[];
    };
    return events.filter((e) => e.protocol === 'acp');
  };
}

/** The agent reads its session (ACP 2026-04-17 GET), as it does to follow its order. */
export async function acpRead(request: APIRequestContext, sessionId: string): Promise<unknown> {
  const res = await request.get(`/acp/checkout_sessions/${sessionId}`, {
    headers: { authorization: `Bearer ${demoApiKey()}`, 'api-version': '2026-04-17' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}
