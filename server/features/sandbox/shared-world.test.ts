import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import {
  agentCheckout,
  agentRequest,
  mintSharedPaymentToken,
  newMerchant,
  simControl,
} from '../../test/merchant-kit';
import { startWorldProcess } from '../../test/processes';

/**
 * The sandbox world as its own process (`npm run sandbox:world`) with apps pointed at it through
 * SANDBOX_WORLD_URL, as crash drills and multi-instance setups run it.
 */
let dataDir: string;
let world: Awaited<ReturnType<typeof startWorldProcess>>;
let apps: TestApp[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'agentcart-world-'));
  world = await startWorldProcess({ dataDir });
  const env = { SANDBOX_WORLD_URL: world.url };
  apps = [await createTestApp({ env, jobs: false }), await createTestApp({ env, jobs: false })];
});
afterAll(async () => {
  await Promise.all(apps.map((t) => t.close()));
  await world?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function cardOrder(t: TestApp) {
  const { apiKey } = await newMerchant(t, { connect: true, apiKey: true });
  const token = await mintSharedPaymentToken(t, 10_000);
  const { offer, checkout } = await agentCheckout(t, apiKey, {
    method: 'stripe',
    shared_payment_token: token,
  });
  expect(checkout.status, JSON.stringify(checkout)).toBe('PENDING');
  const confirm = await agentRequest(t, apiKey, 'POST', '/api/agent/confirm', {
    checkout_id: checkout.checkout_id,
    commit: true,
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const [payment] = await t.db.select().from(payments).where(eq(payments.checkoutId, checkout.checkout_id));
  return { offer, accepted: confirm.json(), intentId: payment!.providerInvoiceId! };
}

async function worldIntent(t: TestApp, intentId: string) {
  const stripe = t.simulators!;
  const res = await fetch(`${stripe.simulators.stripe.baseUrl}/v1/payment_intents/${intentId}`, {
    headers: { authorization: `Bearer ${stripe.credentials.stripe.secretKey}` },
  });
  return (await res.json()) as { status: string; amount: number };
}

describe('apps pointed at a sandbox world process (SANDBOX_WORLD_URL)', () => {
  it('start no simulators of their own: /__sim lists the world’s', async () => {
    const manifest = (await (await fetch(`${world.url}/__world`)).json()) as {
      simulators: Record<string, { baseUrl: string }>;
    };
    for (const t of apps) {
      const listed = await t.app.inject({ method: 'GET', url: '/__sim' });
      expect(listed.json()).toEqual(manifest.simulators);
    }
  });

  it('complete agent card checkouts whose charges and orders land in the one shared world', async () => {
    const [first, second] = [await cardOrder(apps[0]!), await cardOrder(apps[1]!)];
    for (const [t, order] of [
      [apps[0]!, first],
      [apps[1]!, second],
    ] as const) {
      expect(order.accepted.status).toBe('ACCEPTED');
      expect(await worldIntent(t, order.intentId)).toMatchObject({
        status: 'succeeded',
        amount: order.offer.total,
      });
    }
    // Each app sees the other's charge and order: there is one Stripe and one store.
    expect((await worldIntent(apps[0]!, second.intentId)).status).toBe('succeeded');
    const storeOrders = (await simControl(apps[1]!, 'woocommerce', 'orders')).orders as { id: number }[];
    expect(storeOrders.map((o) => String(o.id))).toEqual(
      expect.arrayContaining([first.accepted.adapter_ref, second.accepted.adapter_ref]),
    );
    expect(first.accepted.adapter_ref).not.toBe(second.accepted.adapter_ref);
  });
});
