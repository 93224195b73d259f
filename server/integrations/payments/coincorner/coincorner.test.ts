import { describe, expect, it } from 'vitest';
import { expectProviderError, expectListing, fixtureFrom } from '../../contract-kit';
import { startSimulator } from '#sandbox/simulator-kit';
import { describeLightningContract, lightningTestKit, payOnCheckoutPage } from '../contract';
import { coincornerCredentials } from './credentials';
import { coincorner } from './index';
import { COINCORNER_STATUSES, mapCoincornerStatus } from './mapping';
import { coincornerSignature, nextNonce } from './signature';
import {
  COINCORNER_SANDBOX_CREDENTIALS,
  createCoincornerSimulator,
} from '#sandbox/payments/coincorner/simulator';

const badCredentials = { ...COINCORNER_SANDBOX_CREDENTIALS, apiSecret: '0123456789abcdef0123456789abcdef' };

describeLightningContract({
  provider: coincorner,
  async start() {
    const running = await startSimulator('coincorner', createCoincornerSimulator().app);
    return fixtureFrom(running, COINCORNER_SANDBOX_CREDENTIALS, badCredentials);
  },
  controls: {
    expire: (id) => `orders/${id}/expire`,
    webhook: (id) => `orders/${id}/webhook`,
  },
  tamper: (req) => ({
    ...req,
    rawBody: req.rawBody.replace(/"APIKey":"[^"]+"/, '"APIKey":"11111111-2222-4333-8444-555555555555"'),
  }),
});

describe('coincorner status mapping', () => {
  it('maps every documented OrderStatus code and treats unknown ones as pending', () => {
    expect(Object.fromEntries(COINCORNER_STATUSES.map((s) => [s, mapCoincornerStatus(s)]))).toEqual({
      '0': 'pending',
      '1': 'processing',
      '2': 'succeeded',
      '-1': 'canceled',
      '-2': 'expired',
      '-4': 'canceled',
      '-5': 'canceled',
      '-99': 'pending',
      'N/A': 'pending',
    });
    expect(mapCoincornerStatus(2)).toBe('succeeded');
    expect(mapCoincornerStatus(-3)).toBe('pending');
  });
});

describe('coincorner credentials', () => {
  it('asks for the API credentials with the settings form message', () => {
    const result = coincornerCredentials.safeParse({ apiKey: '', apiSecret: '', userId: '1' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual([
      'Please enter your CoinCorner API credentials',
      'Please enter your CoinCorner API credentials',
    ]);
  });
});

describe('coincorner adapter and simulator', () => {
  const { start, ctx, createInvoice } = lightningTestKit({
    provider: coincorner,
    credentials: COINCORNER_SANDBOX_CREDENTIALS,
    simulator: createCoincornerSimulator,
  });

  it('keeps nonces strictly increasing even within one millisecond', () => {
    const nonces = Array.from({ length: 1000 }, () => nextNonce());
    expect(nonces.every((n, i) => i === 0 || n > nonces[i - 1]!)).toBe(true);
  });

  it('refuses a replayed request (same nonce) and accepts the PHP and C# signature spellings', async () => {
    const sim = await start({ accounts: [{ ...COINCORNER_SANDBOX_CREDENTIALS, userId: 'Shop42' }] });
    const sent: string[] = [];
    const recording: typeof fetch = async (input, init) => {
      sent.push(String(init?.body));
      return fetch(input, init);
    };
    const creds = { ...COINCORNER_SANDBOX_CREDENTIALS, userId: 'Shop42' };
    await coincorner.verifyCredentials(ctx(sim, creds, { fetch: recording }));
    // The C# sample lowercases the whole signed message; the PHP sample keeps the UserId as is.
    await coincorner.verifyCredentials(ctx(sim, { ...creds, userId: 'shop42' }));
    const replay = await fetch(`${sim.baseUrl}/api/CheckOrder`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: sent[0],
    });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatch(/nonce/i);
  });

  it('retries once with a fresh nonce when another process used the same one first', async () => {
    const sim = await start();
    let raced = false;
    const racing: typeof fetch = async (input, init) => {
      if (!raced) {
        raced = true;
        await fetch(input, init);
      }
      return fetch(input, init);
    };
    await expect(
      coincorner.verifyCredentials(ctx(sim, COINCORNER_SANDBOX_CREDENTIALS, { fetch: racing })),
    ).resolves.toEqual({ accountLabel: null });
  });

  it('accepts the documented JSON body with an upper-case signature, as the OpenCart plugin sends it', async () => {
    const sim = await start();
    const nonce = nextNonce();
    const res = await fetch(`${sim.baseUrl}/api/CheckOrder`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        OrderId: 'no-such-order',
        APIKey: COINCORNER_SANDBOX_CREDENTIALS.apiKey,
        Nonce: nonce,
        Signature: coincornerSignature({ ...COINCORNER_SANDBOX_CREDENTIALS, nonce }).toUpperCase(),
      }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ OrderStatusText: 'N/A', Error: 'Order not found' });
  });

  it('reports a refused signature as auth even when CoinCorner answers 200 with an error string', async () => {
    const sim = await start({ authFailureStatus: 200 });
    await expectProviderError(coincorner.verifyCredentials(ctx(sim, badCredentials)), 'auth');
  });

  it('creates an order with a hosted checkout URL, a Lightning invoice and an on-chain address', async () => {
    const sim = await start();
    const { invoice } = await createInvoice(sim);
    const order = sim.orders.get(invoice.id)!;
    expect(invoice.id).toMatch(/^chk_tent-[0-9a-f]{8}$/);
    expect(invoice.lightning).toMatchObject({
      paymentUrl: `${sim.baseUrl}/Checkout/${order.invoiceId}`,
      paymentRequest: order.lightningInvoice,
      onchainAddress: order.paymentAddress,
      amountSats: 50_000,
    });
    expect(invoice).toMatchObject({ amountMinor: 2500, currency: 'GBP', status: 'pending' });
  });

  it('settles a USD invoice in GBP, the only currencies CoinCorner settles to', async () => {
    const sim = await start();
    const { invoice } = await createInvoice(sim, { currency: 'USD' });
    expect(invoice).toMatchObject({ amountMinor: 2500, currency: 'USD' });
    expect(sim.orders.get(invoice.id)).toMatchObject({ invoiceCurrency: 'USD', settleCurrency: 'GBP' });
  });

  it('gives the agent the hosted page when CoinCorner returns no BOLT11', async () => {
    const sim = await start({ lightningInvoices: false });
    const { invoice } = await createInvoice(sim);
    expect(invoice.lightning!.paymentRequest).toBeNull();
    expect(invoice.lightning!.paymentUrl).toContain('/Checkout/');
    expect(invoice.lightning!.onchainAddress).toBeTruthy();
  });

  it('never promises more time than the checkout has, whatever CoinCorner allows', async () => {
    const sim = await start({ orderLifetimeMinutes: 60 });
    const before = Date.now();
    const { invoice } = await createInvoice(sim, { expiresInMinutes: 5 });
    expect(invoice.lightning!.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
    expect(invoice.lightning!.expiresAt!.getTime()).toBeGreaterThanOrEqual(before + 5 * 60_000 - 1_000);
  });

  it('reports a CreateOrder error string as an invalid request with CoinCorner’s words', async () => {
    const sim = await start();
    const err = await expectProviderError(createInvoice(sim, { currency: 'JPY' }));
    expect(err).toMatchObject({ kind: 'invalid_request', message: 'InvoiceCurrency JPY is not supported' });
  });

  it('lets a person pay on the hosted page, then notifies the merchant', async () => {
    const delivered: { url: string; body: string }[] = [];
    const sim = await start({
      deliver: async (url, body) => {
        delivered.push({ url, body });
      },
    });
    const { ctx, invoice } = await createInvoice(sim, {
      callbackUrl: 'https://merchant.example/webhooks/coincorner',
    });
    await payOnCheckoutPage(invoice);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.url).toBe('https://merchant.example/webhooks/coincorner');
    const parsed = await coincorner.parseWebhook(ctx, { rawBody: delivered[0]!.body, headers: {} });
    expect(parsed.paymentId).toBe(invoice.id);
    expect((await coincorner.getPayment(ctx, invoice.id)).status).toBe('succeeded');
  });

  it('refuses a notification that is not JSON', async () => {
    const sim = await start();
    const err = await expectProviderError(
      coincorner.parseWebhook(ctx(sim), { rawBody: 'OrderId=1', headers: {} }),
    );
    expect(err).toMatchObject({ kind: 'auth' });
  });

  it('lists its controls and sandbox credentials', async () => {
    await expectListing((await start()).baseUrl, {
      credentials: COINCORNER_SANDBOX_CREDENTIALS,
      controls: [
        'POST /__sim/orders/:id/pay',
        'POST /__sim/orders/:id/expire',
        'POST /__sim/orders/:id/webhook',
      ],
    });
  });
});
