import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

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
  const sims = (await (await request.get('/__sim')).json()) as Record<string, { baseUrl: string }>;
  const token = (await (
    await request.post(`${sims.stripe!.baseUrl}/__sim/granted_tokens`, {
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
