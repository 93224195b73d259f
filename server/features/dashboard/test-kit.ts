import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { checkouts, offers, orders, payments } from '../../db/schema/index';
import { signUp, TEST_ORIGIN, type TestApp } from '../../test/create-test-app';

/** Test helpers shared by the dashboard's test files. */

/** A dashboard request as the web app sends it: the session cookie, our origin, JSON. */
export function dashboard(t: TestApp, cookie: string, method: 'GET' | 'POST', url: string, payload?: object) {
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

export interface TestMerchant {
  cookie: string;
  merchantId: string;
  userId: string;
}

/** A freshly signed-up merchant; with `connect`, its sandbox store, Stripe and OpenNode are connected. */
export async function newMerchant(t: TestApp, opts: { connect?: boolean } = {}): Promise<TestMerchant> {
  const { cookie, user } = await signUp(t.app);
  const account = await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
  const merchant = { cookie, merchantId: account.json().merchant.id as string, userId: user.id };
  if (!opts.connect) return merchant;
  const creds = t.simulators!.credentials;
  const headers = { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' };
  for (const [method, url, payload] of [
    ['PUT', '/api/connections/stores/woocommerce', { credentials: creds.woocommerce }],
    [
      'PUT',
      '/api/connections/bitcoin',
      { enabled: true, provider: 'opennode', credentials: creds.opennode, expiryMins: 15 },
    ],
    ['POST', '/api/connections/stripe/verify', { secretKey: creds.stripe.secretKey }],
  ] as const) {
    const res = await t.app.inject({ method, url, headers, payload });
    if (res.statusCode !== 200) throw new Error(`${url} failed: ${res.statusCode} ${res.body}`);
  }
  return merchant;
}

/**
 * Writes a checkout with its payment (and, with `order`, its order) straight to the database, for tests
 * that need rows with given statuses and times rather than a real checkout.
 */
export async function insertCheckout(
  t: TestApp,
  merchantId: string,
  opts: {
    createdAt: Date;
    payment?: { method: string; status: string; invoiceId?: string; payload?: Record<string, unknown> };
    order?: { status: string };
    amountMinor?: number;
  },
) {
  const amountMinor = opts.amountMinor ?? 2398;
  const btc = opts.payment?.method.startsWith('btc_') ?? false;
  const [offer] = await t.db
    .insert(offers)
    .values({
      id: `ofr_${randomUUID()}`,
      merchantId,
      items: [],
      currency: 'GBP',
      subtotalMinor: amountMinor,
      shippingOptions: [],
      destination: { country: 'GB', postalCode: 'N1 9GU' },
      expiresAt: opts.createdAt,
      createdAt: opts.createdAt,
    })
    .returning();
  const [checkout] = await t.db
    .insert(checkouts)
    .values({
      id: `chk_${randomUUID()}`,
      merchantId,
      offerId: offer!.id,
      status: 'ACCEPTED',
      method: btc ? 'btc' : 'stripe',
      provider: opts.payment?.method.replace(/^btc_|_spt$/g, '') ?? 'stripe',
      items: [],
      shippingOption: { id: 'standard', label: 'Standard', priceMinor: 0, eta: '3-5 days' },
      buyer: {
        name: 'Ada',
        email: 'ada@example.com',
        address: { line1: '1 Way', city: 'London', postalCode: 'N1 9GU', country: 'GB' },
      },
      amountMinor,
      currency: 'GBP',
      expiresAt: opts.createdAt,
      createdAt: opts.createdAt,
    })
    .returning();
  if (opts.payment) {
    await t.db.insert(payments).values({
      checkoutId: checkout!.id,
      merchantId,
      method: opts.payment.method,
      provider: checkout!.provider,
      status: opts.payment.status,
      amountMinor,
      currency: 'GBP',
      providerInvoiceId: opts.payment.invoiceId ?? null,
      providerPayload: opts.payment.payload ?? {},
      createdAt: opts.createdAt,
    });
  }
  const [order] = opts.order
    ? await t.db
        .insert(orders)
        .values({
          merchantId,
          checkoutId: checkout!.id,
          status: opts.order.status,
          totalMinor: amountMinor,
          currency: 'GBP',
          createdAt: opts.createdAt,
        })
        .returning()
    : [];
  return { checkoutId: checkout!.id, orderId: order?.id };
}
