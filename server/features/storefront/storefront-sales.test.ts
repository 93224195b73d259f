import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants, orders, payments, storefrontListings } from '../../db/schema/index';
import { stripeSignatureHeader } from '../../integrations/payments/stripe/webhook';
import { createTestApp, postJson, type TestApp } from '../../test/create-test-app';
import { eventually } from '../../test/eventually';
import { dashboardRequest, newMerchant, simControl, type TestMerchant } from '../../test/merchant-kit';
import { LISTING_MESSAGES } from './listings';
import { storefrontDepsOf } from './storefront';
import { STOREFRONT_WEBHOOK_PATH } from './storefront-webhook';
import { syncStorefrontListings } from './sync-listings';
import { subscribeStorefrontWebhook } from './webhook-endpoint';

const CARD = { email: 'shopper@example.test', cardnumber: '4242 4242 4242 4242', exp: '12 / 34', cvc: '123' };
const WEBHOOK_SECRET = 'whsec_storefront_test_secret_0123456789';

describe('storefront listings and sales', () => {
  let t: TestApp;
  let seller: TestMerchant;
  let account: string;
  let webhookUrl: string;
  const stripe = () =>
    new Stripe(t.simulators!.credentials.stripe.platformSecretKey!, {
      host: new URL(t.simulators!.simulators.stripe.baseUrl).hostname,
      port: new URL(t.simulators!.simulators.stripe.baseUrl).port,
      protocol: 'http',
      telemetry: false,
      stripeAccount: account,
    });
  const listings = (m: TestMerchant) => dashboardRequest(t, m.cookie, 'GET', '/api/storefront-listings');
  const save = (m: TestMerchant, products: unknown) =>
    dashboardRequest(t, m.cookie, 'PUT', '/api/storefront-listings', { products });
  const listingRow = async (id: string) =>
    (await t.db.select().from(storefrontListings).where(eq(storefrontListings.id, id)))[0]!;
  const listingRows = () =>
    t.db.select().from(storefrontListings).where(eq(storefrontListings.merchantId, seller.merchantId));

  beforeAll(async () => {
    t = await createTestApp();
    t.config.storefrontWebhook.secret = WEBHOOK_SECRET;
    seller = await newMerchant(t, { connect: true, stripeConnect: true });
    const [row] = await t.db.select().from(merchants).where(eq(merchants.id, seller.merchantId));
    account = row!.stripeAccountId!;
    const settings = await dashboardRequest(t, seller.cookie, 'GET', '/api/merchant-webhooks');
    webhookUrl = settings.json().sandbox_receiver_url as string;
    const saved = await dashboardRequest(t, seller.cookie, 'PUT', '/api/merchant-webhooks', {
      url: webhookUrl,
      events: ['order.created'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(() => t.close());

  it('subscribes a Connect endpoint to storefront sales in sandbox, once per address, keeping its secret', async () => {
    const holder = { secret: '' };
    const url = 'http://127.0.0.1:9/webhooks/stripe/storefront';
    await subscribeStorefrontWebhook(t.runtime, holder, url);
    await subscribeStorefrontWebhook(t.runtime, holder, url);
    expect(holder.secret).toMatch(/^whsec_/);
    const platform = new Stripe(t.simulators!.credentials.stripe.platformSecretKey!, {
      host: new URL(t.simulators!.simulators.stripe.baseUrl).hostname,
      port: new URL(t.simulators!.simulators.stripe.baseUrl).port,
      protocol: 'http',
      telemetry: false,
    });
    const endpoints = (await platform.webhookEndpoints.list()).data.filter((e) => e.url === url);
    expect(endpoints).toEqual([expect.objectContaining({ enabled_events: ['checkout.session.completed'] })]);
  });

  it("lists the store's products, none on the storefront yet, with the storefront's address", async () => {
    const res = await listings(seller);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.storefrontUrl).toBe(`${t.config.publicUrl}/storefront/${account}`);
    expect(body.products.length).toBeGreaterThanOrEqual(2);
    expect(body.products.every((p: { listed: boolean }) => !p.listed)).toBe(true);
  });

  it('refuses malformed choices, unknown products, and publishing without Stripe', async () => {
    expect((await save(seller, [{ productId: 'a\u0000b' }])).statusCode).toBe(400);
    expect(
      (
        await save(
          seller,
          Array.from({ length: 101 }, (_, i) => ({ productId: `${i}` })),
        )
      ).statusCode,
    ).toBe(400);
    const unknown = await save(seller, [{ productId: 'no-such-product' }]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.message).toBe(LISTING_MESSAGES.unknownProduct);

    const noStripe = await newMerchant(t);
    const refused = await save(noStripe, []);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(LISTING_MESSAGES.noStripe);
    expect((await t.app.inject({ method: 'GET', url: '/api/storefront-listings' })).statusCode).toBe(401);
  });

  it('publishes the chosen products to the connected account, and only for that merchant', async () => {
    const catalogue = (await listings(seller)).json().products as {
      productId: string;
      variantId: string | null;
      priceMinor: number | null;
    }[];
    const two = catalogue.filter((p) => p.priceMinor !== null).slice(0, 2);
    const res = await save(
      seller,
      two.map((p) => ({ productId: p.productId, variantId: p.variantId })),
    );
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json().products.filter((p: { listed: boolean }) => p.listed);
    expect(listed).toHaveLength(2);
    for (const p of listed) expect(p.published).toMatchObject({ error: null, stockState: 'in_stock' });

    const rows = await listingRows();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const product = await stripe().products.retrieve(row.stripeProductId!, { expand: ['default_price'] });
      expect(product).toMatchObject({ active: true, name: row.name });
      expect((product.default_price as Stripe.Price).unit_amount).toBe(row.publishedPriceMinor);
    }
    const storefront = await t.app.inject({ method: 'GET', url: `/api/storefront/${account}/products` });
    expect(
      storefront
        .json()
        .products.map((p: { id: string }) => p.id)
        .sort(),
    ).toEqual(rows.map((r) => r.stripeProductId).sort());

    // Another merchant sees none of it, and saving its own choice leaves this merchant's alone.
    const other = await newMerchant(t, { connect: true, stripeConnect: true });
    expect((await listings(other)).json().products.some((p: { listed: boolean }) => p.listed)).toBe(false);
    expect((await save(other, [])).statusCode).toBe(200);
    expect(await listingRows()).toHaveLength(2);
  });

  it('keeps in step with the store: a new Price when the amount changes, off sale when out of stock', async () => {
    const [first, second] = await listingRows();
    // The store's price moved since the last publish.
    await t.db
      .update(storefrontListings)
      .set({ publishedPriceMinor: first!.publishedPriceMinor! + 100 })
      .where(eq(storefrontListings.id, first!.id));
    await simControl(t, 'woocommerce', `products/${encodeURIComponent(second!.sku!)}/stock`, { quantity: 0 });
    const chosen = [first!, second!].map((r) => ({ productId: r.productId, variantId: r.variantId }));
    expect((await save(seller, chosen)).statusCode).toBe(200);

    const [repriced] = await t.db
      .select()
      .from(storefrontListings)
      .where(eq(storefrontListings.id, first!.id));
    expect(repriced!.stripePriceId).not.toBe(first!.stripePriceId);
    expect(repriced!.publishedPriceMinor).toBe(first!.publishedPriceMinor);
    expect((await stripe().prices.retrieve(first!.stripePriceId!)).active).toBe(false);
    expect((await stripe().products.retrieve(first!.stripeProductId!)).default_price).toBe(
      repriced!.stripePriceId,
    );
    const [soldOut] = await t.db
      .select()
      .from(storefrontListings)
      .where(eq(storefrontListings.id, second!.id));
    expect(soldOut!.stockState).toBe('out_of_stock');
    expect((await stripe().products.retrieve(second!.stripeProductId!)).active).toBe(false);

    await simControl(t, 'woocommerce', `products/${encodeURIComponent(second!.sku!)}/stock`, {
      quantity: 20,
    });
    expect((await save(seller, chosen)).statusCode).toBe(200);
    expect((await stripe().products.retrieve(second!.stripeProductId!)).active).toBe(true);
  });

  it("follows the store's price and stock on the scheduled round, without the merchant saving, and leaves the rest alone", async () => {
    const deps = storefrontDepsOf(t.services);
    const [first, second] = await listingRows();
    // In step already: the round changes nothing and asks Stripe nothing.
    expect(await syncStorefrontListings(deps)).toMatchObject({ changed: 0 });

    // The store's price moved and a product sold out, with nobody in Settings › Storefront.
    await t.db
      .update(storefrontListings)
      .set({ publishedPriceMinor: first!.publishedPriceMinor! + 100 })
      .where(eq(storefrontListings.id, first!.id));
    await simControl(t, 'woocommerce', `products/${encodeURIComponent(second!.sku!)}/stock`, { quantity: 0 });
    expect(await syncStorefrontListings(deps)).toMatchObject({ changed: 2 });
    const repriced = await listingRow(first!.id);
    const soldOut = await listingRow(second!.id);
    expect(repriced.stripePriceId).not.toBe(first!.stripePriceId);
    expect(repriced.publishedPriceMinor).toBe(first!.publishedPriceMinor);
    expect((await stripe().products.retrieve(first!.stripeProductId!)).default_price).toBe(
      repriced.stripePriceId,
    );
    expect(soldOut.stockState).toBe('out_of_stock');
    expect((await stripe().products.retrieve(second!.stripeProductId!)).active).toBe(false);

    // Back in stock: back on sale at the next round; then nothing more to do.
    await simControl(t, 'woocommerce', `products/${encodeURIComponent(second!.sku!)}/stock`, {
      quantity: 20,
    });
    expect(await syncStorefrontListings(deps)).toMatchObject({ changed: 1 });
    expect((await stripe().products.retrieve(second!.stripeProductId!)).active).toBe(true);
    expect(await syncStorefrontListings(deps)).toMatchObject({ changed: 0 });
  });

  it('takes a product the store no longer has off sale on the round, and says why', async () => {
    const deps = storefrontDepsOf(t.services);
    const [, second] = await listingRows();
    // The listing names a product id the store does not know (deleted in the store since).
    await t.db
      .update(storefrontListings)
      .set({ productId: 'gone-from-the-store' })
      .where(eq(storefrontListings.id, second!.id));
    expect(await syncStorefrontListings(deps)).toMatchObject({ changed: 1 });
    expect(await listingRow(second!.id)).toMatchObject({
      stockState: 'out_of_stock',
      publishError: LISTING_MESSAGES.unknownProduct,
    });
    expect((await stripe().products.retrieve(second!.stripeProductId!)).active).toBe(false);
    expect(await syncStorefrontListings(deps)).toMatchObject({ changed: 0 });
    await t.db
      .update(storefrontListings)
      .set({ productId: second!.productId })
      .where(eq(storefrontListings.id, second!.id));
    expect(await syncStorefrontListings(deps)).toMatchObject({ changed: 1 });
    expect((await stripe().products.retrieve(second!.stripeProductId!)).active).toBe(true);
  });

  /**
   * A shopper buys a product on the storefront (by default the seller's first listing) and pays with a
   * test card; the session id.
   */
  async function buy(priceId?: string): Promise<string> {
    const [listing] = await listingRows();
    const res = await postJson(t.app, `/api/storefront/${account}/checkout`, {
      priceId: priceId ?? listing!.stripePriceId,
      quantity: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().url as string);
    await fetch(url, { method: 'POST', body: new URLSearchParams(CARD), redirect: 'manual' });
    return url.pathname.split('/').at(-1)!;
  }

  const deliver = (sessionId: string, secret = WEBHOOK_SECRET) => {
    const rawBody = JSON.stringify({
      id: `evt_${sessionId.slice(-12)}`,
      object: 'event',
      account,
      type: 'checkout.session.completed',
      data: { object: { id: sessionId, object: 'checkout.session' } },
    });
    return t.app.inject({
      method: 'POST',
      url: STOREFRONT_WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripeSignatureHeader(secret, rawBody, Math.floor(Date.now() / 1000)),
      },
      payload: rawBody,
    });
  };
  const salesOf = async (sessionId: string, merchantId = seller.merchantId) =>
    t.db
      .select({ order: orders, payment: payments })
      .from(orders)
      .innerJoin(payments, eq(payments.checkoutId, orders.checkoutId))
      .where(and(eq(orders.merchantId, merchantId), eq(orders.checkoutId, `chk_${sessionId}`)));

  it('records a sale once from the webhook, a replayed webhook and the return, and shows the order number', async () => {
    const sessionId = await buy();
    expect((await deliver(sessionId, 'whsec_wrong_secret_0000000000000')).statusCode).toBe(400);
    expect(await salesOf(sessionId)).toHaveLength(0);

    for (let i = 0; i < 2; i++) {
      const res = await deliver(sessionId);
      expect(res.statusCode, res.body).toBe(200);
    }
    // The webhook alone records it, once for the delivery and its replay.
    expect(await salesOf(sessionId)).toHaveLength(1);
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/storefront/${account}/sessions/${sessionId}`,
    });
    expect(back.statusCode, back.body).toBe(200);
    const sales = await salesOf(sessionId);
    expect(sales).toHaveLength(1);
    const { order, payment } = sales[0]!;
    expect(order.channel).toBe('storefront');
    expect(payment).toMatchObject({ status: 'succeeded', provider: 'stripe' });
    const written = await eventually(
      async () => (await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!,
      (o) => o.storeOrderId !== null,
    );
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/storefront/${account}/sessions/${sessionId}`,
    });
    expect(again.json()).toMatchObject({
      paid: true,
      orderNumber: written.storeOrderNumber ?? written.storeOrderId,
    });
    expect(again.body).not.toContain(sessionId);
  });

  it("records a sale whose webhook never came when the buyer returns, and it reaches the merchant's records", async () => {
    const sessionId = await buy();
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/storefront/${account}/sessions/${sessionId}`,
    });
    expect(back.json()).toMatchObject({ paid: true });
    expect(back.json().orderNumber).toEqual(expect.any(String));
    const [sale] = await salesOf(sessionId);
    const { order, payment } = sale!;

    const history = await dashboardRequest(t, seller.cookie, 'GET', '/api/payments');
    expect(history.statusCode, history.body).toBe(200);
    expect(JSON.stringify(history.json())).toContain(payment.id);

    const analytics = await dashboardRequest(t, seller.cookie, 'GET', '/api/analytics?days=7');
    expect(analytics.statusCode, analytics.body).toBe(200);
    expect(JSON.stringify(analytics.json())).toContain('"storefront"');

    await eventually(
      async () => (await dashboardRequest(t, seller.cookie, 'GET', '/api/notifications')).body,
      (body) => body.includes('New order'),
    );
    await eventually(
      async () =>
        (await dashboardRequest(t, seller.cookie, 'GET', '/api/merchant-webhooks/deliveries?limit=50')).json()
          .deliveries as { event_type: string; subject_id: string }[],
      (log) => log.some((row) => row.event_type === 'order.created' && row.subject_id === order.id),
    );
  });

  it('gives a sale on a Stripe account two merchants connected to the merchant who published its price, else the longest-standing one', async () => {
    // A second merchant (a second AgentCart account of the same business) connects the same account.
    const later = await newMerchant(t, { connect: true });
    await t.db.update(merchants).set({ stripeAccountId: account }).where(eq(merchants.id, later.merchantId));
    const catalogue = (await listings(later)).json().products as {
      productId: string;
      variantId: string | null;
      priceMinor: number | null;
    }[];
    const [pick] = catalogue.filter((p) => p.priceMinor !== null).slice(-1);
    expect((await save(later, [{ productId: pick!.productId, variantId: pick!.variantId }])).statusCode).toBe(
      200,
    );
    const [published] = await t.db
      .select()
      .from(storefrontListings)
      .where(eq(storefrontListings.merchantId, later.merchantId));

    // Its product's sale is its own, from the webhook and the buyer's return alike.
    const ownSale = await buy(published!.stripePriceId!);
    expect((await deliver(ownSale)).statusCode).toBe(200);
    expect(await salesOf(ownSale, later.merchantId)).toHaveLength(1);
    expect(await salesOf(ownSale)).toHaveLength(0);
    // The seller's product stays the seller's.
    const sellersSale = await buy();
    await t.app.inject({ method: 'GET', url: `/api/storefront/${account}/sessions/${sellersSale}` });
    expect(await salesOf(sellersSale)).toHaveLength(1);
    expect(await salesOf(sellersSale, later.merchantId)).toHaveLength(0);

    // A product made in Stripe itself, which no merchant published, is the longest-standing merchant's.
    const made = await stripe().products.create({
      name: 'Made in the Stripe dashboard',
      default_price_data: { currency: 'gbp', unit_amount: 1500 },
    });
    const unpublished = await buy(made.default_price as string);
    expect((await deliver(unpublished)).statusCode).toBe(200);
    expect(await salesOf(unpublished)).toHaveLength(1);
    expect(await salesOf(unpublished, later.merchantId)).toHaveLength(0);
  });
});
