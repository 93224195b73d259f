import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoMerchant } from '../../demo-seed';
import { STRIPE_SANDBOX_ACCOUNT_ID } from '#sandbox/payments/stripe/simulator';
import { createTestApp, postJson, type TestApp } from '../../test/create-test-app';
import { connectStripeThroughOAuth, dashboardRequest, newMerchant } from '../../test/merchant-kit';
import { STOREFRONT_MESSAGES } from './storefront';

const CARD = { email: 'buyer@example.test', cardnumber: '4242 4242 4242 4242', exp: '12 / 34', cvc: '123' };

describe('public storefront', () => {
  let t: TestApp;
  let stripeBase: URL;
  const platform = (stripeAccount?: string) =>
    new Stripe(t.simulators!.credentials.stripe.platformSecretKey!, {
      host: stripeBase.hostname,
      port: stripeBase.port,
      protocol: 'http',
      telemetry: false,
      ...(stripeAccount ? { stripeAccount } : {}),
    });
  let storeA: string;
  let storeB: string;
  let lantern: Stripe.Product;
  let rope: Stripe.Product;

  beforeAll(async () => {
    t = await createTestApp();
    stripeBase = new URL(t.simulators!.simulators.stripe.baseUrl);
    const merchantA = await newMerchant(t);
    storeA = await connectStripeThroughOAuth(t, merchantA.cookie);
    await dashboardRequest(t, merchantA.cookie, 'PUT', '/api/merchant/profile', {
      name: 'Harbour Outfitters',
      region: 'UK',
      defaultCurrency: 'GBP',
      logoUrl: 'https://cdn.example/harbour-logo.png',
    });
    storeB = await connectStripeThroughOAuth(t, (await newMerchant(t)).cookie);
    lantern = await platform(storeA).products.create({
      name: 'Storm Lantern',
      description: 'Runs for 40 hours on one charge.',
      images: ['https://cdn.example/lantern.jpg'],
      default_price_data: { currency: 'usd', unit_amount: 4999 },
    });
    await platform(storeA).products.create({ name: 'Coming Soon Stove' });
    await platform(storeA).products.create({ name: 'Retired Kettle', active: false });
    rope = await platform(storeB).products.create({
      name: 'Climbing Rope',
      default_price_data: { currency: 'gbp', unit_amount: 12000 },
    });
  });
  afterAll(() => t.close());

  const products = (account: string) =>
    t.app.inject({ method: 'GET', url: `/api/storefront/${account}/products` });
  const buy = (account: string, priceId: string) =>
    postJson(t.app, `/api/storefront/${account}/checkout`, { priceId, quantity: 1 });
  const session = (account: string, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/storefront/${account}/sessions/${id}` });

  it("lists only that account's active products, with their prices or none, under the merchant's name", async () => {
    const res = await products(storeA);
    expect(res.statusCode).toBe(200);
    // The shop is named as the merchant named it (sign-up's business name), never by its account id.
    expect(res.json().shopName).toBe('Harbour Outfitters');
    expect(res.json().shopLogoUrl).toBe('https://cdn.example/harbour-logo.png');
    expect((await products(storeB)).json().shopLogoUrl).toBeNull();
    const list = res.json().products as { id: string; name: string }[];
    expect(list.map((p) => p.name).sort()).toEqual(['Coming Soon Stove', 'Storm Lantern']);
    expect(list.find((p) => p.id === lantern.id)).toEqual({
      id: lantern.id,
      name: 'Storm Lantern',
      description: 'Runs for 40 hours on one charge.',
      image: 'https://cdn.example/lantern.jpg',
      price: { id: lantern.default_price, unitAmount: 4999, currency: 'usd' },
    });
    expect(list.find((p) => p.name === 'Coming Soon Stove')).toMatchObject({ price: null, image: null });
    expect(list.map((p) => p.id)).not.toContain(rope.id);
  });

  it('is "store not found" for an account no merchant connected, and for anything that is not an account', async () => {
    const stranger = await platform().accounts.create({ type: 'express', country: 'GB' });
    for (const account of [stranger.id, 'acct_unknown0000', 'not-an-account', `acct_${'x'.repeat(80)}`]) {
      const res = await products(account);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(STOREFRONT_MESSAGES.storeNotFound);
    }
    // A NUL never reaches the storefront: the app refuses it as bad input.
    expect((await products('acct_%00x')).statusCode).toBe(400);
  });

  it('opens a hosted checkout with a 10% application fee, and pays it with a test card', async () => {
    const res = await buy(storeA, lantern.default_price as string);
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().url as string);
    const id = url.pathname.split('/').at(-1)!;
    expect((await session(storeA, id)).json()).toMatchObject({
      orderNumber: null,
      paid: false,
      status: 'open',
    });

    const paid = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams(CARD),
      redirect: 'manual',
    });
    expect(paid.headers.get('location')).toBe(
      `${t.config.publicUrl}/storefront/${storeA}/success?session_id=${id}`,
    );
    expect((await session(storeA, id)).json()).toEqual({
      orderNumber: expect.any(String),
      paid: true,
      status: 'complete',
      amountTotal: 4999,
      currency: 'usd',
    });
    const stripeSession = await platform(storeA).checkout.sessions.retrieve(id, {
      expand: ['payment_intent'],
    });
    expect((stripeSession.payment_intent as Stripe.PaymentIntent).application_fee_amount).toBe(499);
  });

  it("refuses another store's price, and never lets a store's success page vouch for another's session", async () => {
    const foreignPrice = await buy(storeA, rope.default_price as string);
    expect(foreignPrice.statusCode).toBe(422);
    expect(foreignPrice.json().error.message).toBe(STOREFRONT_MESSAGES.cannotBuy);

    const ropeSession = new URL((await buy(storeB, rope.default_price as string)).json().url as string);
    const forged = ropeSession.pathname.split('/').at(-1)!;
    await fetch(ropeSession, { method: 'POST', body: new URLSearchParams(CARD), redirect: 'manual' });
    expect((await session(storeB, forged)).json()).toMatchObject({ paid: true });
    for (const id of [forged, 'cs_test_doesNotExist000000000000', 'cs_test_not-a-session', 'anything']) {
      const res = await session(storeA, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(STOREFRONT_MESSAGES.orderNotFound);
    }
  });

  it('refuses a malformed Buy Now without asking Stripe', async () => {
    const res = await postJson(t.app, `/api/storefront/${storeA}/checkout`, {
      priceId: 'price_\u0000',
      quantity: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(
      (await postJson(t.app, `/api/storefront/${storeA}/checkout`, { priceId: 'price_x', quantity: 5 }))
        .statusCode,
    ).toBe(400);
  });

  it("shows the demo merchant's seeded catalogue", async () => {
    await ensureDemoMerchant({ ...t.services, dataDir: t.dataDir, simulators: t.simulators! });
    const res = await products(STRIPE_SANDBOX_ACCOUNT_ID);
    expect(res.statusCode).toBe(200);
    const list = res.json().products as { name: string; price: unknown }[];
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.find((p) => p.name === 'Gift Card')).toMatchObject({ price: null });
    expect(list.find((p) => p.name === 'Insulated Camp Mug')).toMatchObject({
      price: { unitAmount: 1850, currency: 'gbp' },
    });
  });
});
