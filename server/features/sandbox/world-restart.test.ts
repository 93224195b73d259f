import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually';
import { freePort, startAppProcess, withStarts } from '../../test/processes';

/**
 * `npm start` stopped and started again on the same DATA_DIR: the sandbox's outside world (the demo
 * store, Stripe, OpenNode) still has what AgentCart points at.
 */
let dataDir: string;
let port: number;
let app: Awaited<ReturnType<typeof startAppProcess>> | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'agentcart-restart-'));
  port = await freePort();
});
afterAll(async () => {
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const json = async (res: Response) => {
  const body = await res.text();
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${body}`);
  return JSON.parse(body) as Record<string, unknown>;
};

function worldOf(appUrl: string, apiKey: string) {
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }).then(json);
  const agent = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    fetch(`${appUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(json);
  return {
    agent,
    post,
    async simulators() {
      return (await json(await fetch(`${appUrl}/__sim`))) as Record<string, { baseUrl: string }>;
    },
  };
}

const OFFER = {
  items: [{ sku: 'TEST-PRODUCT-001', quantity: 1 }],
  shipping_to: { country: 'GB', postcode: 'N1 9GU' },
};
const BUYER = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  address: { line1: '1 Analytical Way', city: 'London', postcode: 'N1 9GU', country: 'GB' },
};

describe('restarting npm start', () => {
  it(
    'keeps the world: the store’s orders, Stripe’s charges and OpenNode’s invoices match the app’s',
    async () => {
      app = await startAppProcess({ dataDir, port });
      const demo = JSON.parse(readFileSync(path.join(dataDir, 'demo.json'), 'utf8')) as { apiKey: string };
      const { agent, post, simulators } = worldOf(app.url, demo.apiKey);
      const sims = await simulators();
      const stripeCredentials = (await json(await fetch(`${sims.stripe!.baseUrl}/__sim`))).credentials as {
        secretKey: string;
      };
      const opennodeKey = (
        (await json(await fetch(`${sims.opennode!.baseUrl}/__sim`))).credentials as {
          apiKey: string;
        }
      ).apiKey;

      // A card order: a PaymentIntent at Stripe and an order in the demo WooCommerce store.
      const cardOffer = await agent('POST', '/api/agent/offer', OFFER);
      const token = await post(`${sims.stripe!.baseUrl}/__sim/granted_tokens`, {
        currency: 'gbp',
        max_amount: 10_000,
      });
      const card = await agent('POST', '/api/agent/checkout', {
        offer_id: cardOffer.offer_id,
        buyer: BUYER,
        payment: { method: 'stripe', shared_payment_token: token.id },
      });
      const accepted = await agent('POST', '/api/agent/confirm', {
        checkout_id: card.checkout_id,
        commit: true,
      });
      expect(accepted.status).toBe('ACCEPTED');
      // A Lightning checkout: an invoice at OpenNode.
      const btcOffer = await agent('POST', '/api/agent/offer', OFFER);
      const btc = await agent('POST', '/api/agent/checkout', {
        offer_id: btcOffer.offer_id,
        buyer: BUYER,
        payment: { method: 'btc' },
      });
      const invoiceId = new URL((btc.btc as { payment_url: string }).payment_url).pathname.split('/').pop()!;

      const worldNow = async () => {
        const current = await simulators();
        const storeOrders = (await post(`${current.woocommerce!.baseUrl}/__sim/orders`, {})).orders as {
          id: number;
          total: string;
        }[];
        const query = encodeURIComponent(`metadata['checkout_id']:'${String(card.checkout_id)}'`);
        const intents = await json(
          await fetch(`${current.stripe!.baseUrl}/v1/payment_intents/search?query=${query}`, {
            headers: { authorization: `Bearer ${stripeCredentials.secretKey}` },
          }),
        );
        const invoice = await json(
          await fetch(`${current.opennode!.baseUrl}/v2/charge/${invoiceId}`, {
            headers: { authorization: opennodeKey },
          }),
        );
        const order = await agent('GET', `/api/agent/order/${String(accepted.order_id)}`);
        return {
          storeOrders: storeOrders.map((o) => ({ id: o.id, total: o.total })),
          intents: (intents.data as { id: string; status: string; amount: number }[]).map(
            ({ id, status, amount }) => ({ id, status, amount }),
          ),
          invoice: {
            id: (invoice.data as { id: string }).id,
            status: (invoice.data as { status: string }).status,
          },
          appOrder: { id: order.order_id, storeOrderId: order.store_order_id },
        };
      };
      // On a busy machine the store write can outlast the confirm's store budget and land from the queue.
      const before = await eventually(worldNow, (world) => world.appOrder.storeOrderId != null);
      expect(before.storeOrders.map((o) => String(o.id))).toEqual([String(before.appOrder.storeOrderId)]);
      expect(before.intents).toEqual([
        expect.objectContaining({ status: 'succeeded', amount: cardOffer.total }),
      ]);
      expect(before.invoice).toEqual({ id: invoiceId, status: 'unpaid' });

      await app.stop();
      app = await startAppProcess({ dataDir, port });

      // Everything is still there, nothing was seeded twice, and the app's order is the store's order.
      const after = await worldNow();
      expect(after).toEqual(before);
      expect(after.appOrder.storeOrderId).toBe(String(after.storeOrders[0]!.id));
    },
    withStarts(2, 120_000),
  );
});
