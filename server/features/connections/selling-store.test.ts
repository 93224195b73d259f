import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  merchantIntegrations,
  merchants,
  notifications,
  orders,
  securityEvents,
} from '../../db/schema/index';
import { syncOrdersFromStores } from '../commerce/refresh-order';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import {
  agentCheckout,
  agentRequest,
  completeWooCommerceOrder,
  dashboardRequest,
  merchantOf,
  mintSharedPaymentToken,
  newMerchant,
  sampleBuyer,
  type TestMerchant,
} from '../../test/merchant-kit';

/** The selling store (ADR 042): saving a second store never moves agents to it unasked. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sandbox = () => t.simulators!.credentials;
const WOO_PRODUCT = 'AgentCart Test Product';
const CUSTOM_PRODUCT = 'Tasting Flight';

/** Both stores sell TEST-PRODUCT-001; the product's name tells which catalogue answered. */
async function offeredName(apiKey: string): Promise<string> {
  const { country, postcode } = sampleBuyer.address;
  const res = await agentRequest(t, apiKey, 'POST', '/api/agent/offer', {
    items: [{ sku: 'TEST-PRODUCT-001', quantity: 1 }],
    shipping_to: { country, postcode },
  });
  expect(res.statusCode, res.body).toBe(200);
  if (res.body.includes(WOO_PRODUCT)) return WOO_PRODUCT;
  if (res.body.includes(CUSTOM_PRODUCT)) return CUSTOM_PRODUCT;
  throw new Error(`offer names neither store's product: ${res.body}`);
}

const saveCustom = (m: TestMerchant, selling?: boolean) =>
  dashboardRequest(t, m.cookie, 'PUT', '/api/connections/stores/custom', {
    credentials: sandbox().custom,
    ...(selling === undefined ? {} : { selling }),
  });

const stores = async (m: TestMerchant) =>
  (await dashboardRequest(t, m.cookie, 'GET', '/api/connections')).json().stores as {
    id: string;
    platform: string;
    selling: boolean;
  }[];

const switchEvents = (merchantId: string) =>
  t.db
    .select()
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.merchantId, merchantId),
        eq(securityEvents.name, 'connections.selling_store_changed'),
      ),
    );

const switchNotices = (merchantId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.merchantId, merchantId), eq(notifications.eventId, 'store_switched')));

describe('the selling store', () => {
  it('stays the first store when a second is saved, and offers still answer from it', async () => {
    const m = await newMerchant(t, { connect: true, apiKey: true });
    expect(await offeredName(m.apiKey)).toBe(WOO_PRODUCT);

    const saved = await saveCustom(m);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ selling: false });

    expect(await offeredName(m.apiKey)).toBe(WOO_PRODUCT);
    const list = await stores(m);
    expect(list.map((s) => [s.platform, s.selling])).toEqual([
      ['woocommerce', true],
      ['custom', false],
    ]);
    const merchant = await merchantOf(t, m.cookie);
    expect(merchant.platform).toBe('woocommerce');
    expect(merchant.primaryIntegrationId).toBe(list[0]!.id);
    expect(await switchEvents(m.merchantId)).toEqual([]);
    // Saving the selling store again (new credentials) keeps it selling.
    const again = await dashboardRequest(t, m.cookie, 'PUT', '/api/connections/stores/woocommerce', {
      credentials: sandbox().woocommerce,
    });
    expect(again.json()).toMatchObject({ selling: true });
    expect(await switchEvents(m.merchantId)).toEqual([]);
  });

  it('moves to the new store when the merchant says so on saving, and records the switch', async () => {
    const m = await newMerchant(t, { connect: true, apiKey: true });
    expect(await offeredName(m.apiKey)).toBe(WOO_PRODUCT);
    const saved = await saveCustom(m, true);
    expect(saved.json()).toMatchObject({ selling: true });
    expect(await offeredName(m.apiKey)).toBe(CUSTOM_PRODUCT);
    const [event] = await switchEvents(m.merchantId);
    expect(event!.details).toMatchObject({ from: 'woocommerce', to: 'custom' });
    expect(await switchNotices(m.merchantId)).toHaveLength(1);
  });

  it('switches through POST …/stores/:id/selling, with a security event and a notification', async () => {
    const m = await newMerchant(t, { connect: true, apiKey: true });
    await saveCustom(m);
    const custom = (await stores(m)).find((s) => s.platform === 'custom')!;
    expect(await offeredName(m.apiKey)).toBe(WOO_PRODUCT);

    const res = await dashboardRequest(t, m.cookie, 'POST', `/api/connections/stores/${custom.id}/selling`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ integrationId: custom.id, changed: true });
    expect(await offeredName(m.apiKey)).toBe(CUSTOM_PRODUCT);
    expect((await stores(m)).map((s) => [s.platform, s.selling])).toEqual([
      ['woocommerce', false],
      ['custom', true],
    ]);
    expect(await merchantOf(t, m.cookie)).toMatchObject({
      platform: 'custom',
      primaryIntegrationId: custom.id,
    });

    const events = await switchEvents(m.merchantId);
    expect(events).toHaveLength(1);
    expect(events[0]!.type).toBe('settings_change');
    const [notice] = await switchNotices(m.merchantId);
    expect(notice).toMatchObject({ title: 'Selling store changed', link: '/settings?tab=platform' });
    expect(notice!.body).toBe(
      'Agents now sell from Custom API instead of WooCommerce: offers, checkouts and orders use its catalogue.',
    );

    // Choosing the store already selling changes nothing and records nothing.
    const same = await dashboardRequest(t, m.cookie, 'POST', `/api/connections/stores/${custom.id}/selling`);
    expect(same.json()).toEqual({ integrationId: custom.id, changed: false });
    expect(await switchEvents(m.merchantId)).toHaveLength(1);
    expect(await switchNotices(m.merchantId)).toHaveLength(1);
  });

  it('reads an order back from the store it was written to after the merchant sells from another', async () => {
    const m = await newMerchant(t, { connect: true, apiKey: true });
    const token = await mintSharedPaymentToken(t, 100_00);
    const { checkout } = await agentCheckout(t, m.apiKey, { method: 'stripe', shared_payment_token: token });
    const confirmed = await agentRequest(t, m.apiKey, 'POST', '/api/agent/confirm', {
      checkout_id: checkout.checkout_id,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.merchantId, m.merchantId));
    expect(order).toMatchObject({ platform: 'woocommerce', status: 'ACCEPTED' });

    await saveCustom(m, true);
    expect(await offeredName(m.apiKey)).toBe(CUSTOM_PRODUCT);
    await completeWooCommerceOrder(t, order!.storeOrderId!);
    await syncOrdersFromStores(t.services.engine);
    const [synced] = await t.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(synced!.status).toBe('FULFILLED');
  });

  it("refuses another merchant's store with 404, and a malformed id with 400", async () => {
    const alice = await newMerchant(t, { connect: true });
    const bob = await newMerchant(t, { connect: true, apiKey: true });
    const [aliceStore] = await stores(alice);
    const cross = await dashboardRequest(
      t,
      bob.cookie,
      'POST',
      `/api/connections/stores/${aliceStore!.id}/selling`,
    );
    expect(cross.statusCode).toBe(404);
    expect(cross.json().error).toMatchObject({ code: 'not_found', message: 'No such store connection' });
    const unknown = await dashboardRequest(
      t,
      bob.cookie,
      'POST',
      `/api/connections/stores/${randomUUID()}/selling`,
    );
    expect(unknown.statusCode).toBe(404);
    const malformed = await dashboardRequest(t, bob.cookie, 'POST', '/api/connections/stores/nope/selling');
    expect(malformed.statusCode).toBe(400);
    expect(await offeredName(bob.apiKey)).toBe(WOO_PRODUCT);
    expect(await switchEvents(bob.merchantId)).toEqual([]);
  });

  it('cannot point a merchant at another merchant’s store, even bypassing the API', async () => {
    const alice = await newMerchant(t, { connect: true });
    const bob = await newMerchant(t, { connect: true });
    const [aliceStore] = await stores(alice);
    await expect(
      t.db
        .update(merchants)
        .set({ primaryIntegrationId: aliceStore!.id })
        .where(eq(merchants.id, bob.merchantId)),
    ).rejects.toThrow();
  });

  it('refuses to disconnect the selling store while another is connected; the last one can go', async () => {
    const m = await newMerchant(t, { connect: true, apiKey: true });
    await saveCustom(m);
    const refused = await dashboardRequest(t, m.cookie, 'DELETE', '/api/connections/stores/woocommerce');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'WooCommerce is the store agents sell from. Choose another store to sell from before disconnecting it.',
    );
    expect(await offeredName(m.apiKey)).toBe(WOO_PRODUCT);

    // The other store goes without touching the selling one.
    const other = await dashboardRequest(t, m.cookie, 'DELETE', '/api/connections/stores/custom');
    expect(other.statusCode).toBe(204);
    expect((await stores(m)).map((s) => [s.platform, s.selling])).toEqual([['woocommerce', true]]);
    expect(await offeredName(m.apiKey)).toBe(WOO_PRODUCT);

    const last = await dashboardRequest(t, m.cookie, 'DELETE', '/api/connections/stores/woocommerce');
    expect(last.statusCode).toBe(204);
    expect(await merchantOf(t, m.cookie)).toMatchObject({ platform: null, primaryIntegrationId: null });
    const [{ count }] = (
      await t.db.execute<{ count: number }>(
        sql`SELECT count(*)::int AS count FROM ${merchantIntegrations} WHERE merchant_id = ${m.merchantId}`,
      )
    ).rows as [{ count: number }];
    expect(count).toBe(0);
  });
});
