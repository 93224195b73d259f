import { describe, expect, it } from 'vitest';
import { expectProviderError, expectListing, fixtureFrom, postControl } from '../../contract-kit';
import { startSimulator } from '#sandbox/simulator-kit';
import { describeLightningContract, lightningTestKit, payOnCheckoutPage } from '../contract';
import { btcpayCredentials } from './credentials';
import { btcpay } from './index';
import { BTCPAY_ADDITIONAL_STATUSES, BTCPAY_STATUSES, mapBtcpayStatus } from './mapping';
import { BTCPAY_SANDBOX_CREDENTIALS, createBtcpaySimulator } from '#sandbox/payments/btcpay/simulator';
import { btcpaySignature } from './webhook';

describeLightningContract({
  provider: btcpay,
  async start() {
    return fixtureFrom(
      await startSimulator('btcpay', createBtcpaySimulator().app),
      BTCPAY_SANDBOX_CREDENTIALS,
      { ...BTCPAY_SANDBOX_CREDENTIALS, apiKey: '0000000000000000000000000000000000000000' },
    );
  },
  controls: {
    expire: (id) => `invoices/${id}/expire`,
    underpay: (id) => `invoices/${id}/underpay`,
    webhook: (id) => `invoices/${id}/webhook`,
  },
  tamper: (req) => ({ ...req, rawBody: req.rawBody.replace('"invoiceId":"', '"invoiceId":"X') }),
});

describe('btcpay status mapping', () => {
  it('maps every status and amount exception, and treats unknown statuses as pending', () => {
    const table = Object.fromEntries(
      BTCPAY_STATUSES.map((status) => [
        status,
        Object.fromEntries(
          BTCPAY_ADDITIONAL_STATUSES.map((extra) => [extra, mapBtcpayStatus(status, extra)]),
        ),
      ]),
    );
    const row = (base: string, review: string[]) =>
      Object.fromEntries(
        BTCPAY_ADDITIONAL_STATUSES.map((e) => [e, review.includes(e) ? 'needs_review' : base]),
      );
    expect(table).toEqual({
      New: row('pending', []),
      Processing: row('processing', ['PaidPartial', 'PaidOver']),
      Settled: row('succeeded', ['PaidPartial', 'PaidOver']),
      Expired: row('expired', ['PaidPartial', 'PaidLate']),
      Invalid: row('failed', []),
    });
    expect(mapBtcpayStatus('Settled', null)).toBe('succeeded');
    expect(mapBtcpayStatus('SomethingNew', 'None')).toBe('pending');
  });
});

describe('btcpay credentials', () => {
  it('requires the server, store and key, and accepts an empty optional webhook secret', () => {
    const empty = btcpayCredentials.safeParse({ serverUrl: '', storeId: '', apiKey: '' });
    expect(empty.error!.issues.map((i) => i.message)).toEqual([
      'Please enter your BTCPay Server URL, e.g. https://btcpay.example.com',
      'Please enter your BTCPay Server store ID',
      'Please enter your BTCPay Server API key',
    ]);
    expect(btcpayCredentials.safeParse({ ...BTCPAY_SANDBOX_CREDENTIALS, webhookSecret: '' }).success).toBe(
      true,
    );
    expect(btcpayCredentials.safeParse({ ...BTCPAY_SANDBOX_CREDENTIALS, serverUrl: 'ftp://x' }).success).toBe(
      false,
    );
  });
});

describe('btcpay adapter and simulator', () => {
  const { start, ctx, createInvoice } = lightningTestKit({
    provider: btcpay,
    credentials: BTCPAY_SANDBOX_CREDENTIALS,
    simulator: createBtcpaySimulator,
    invoice: { expiresInMinutes: 10 },
  });

  it('creates an invoice with the BOLT11 from its payment methods and the requested lifetime', async () => {
    const sim = await start();
    const before = Date.now();
    const { invoice } = await createInvoice(sim);
    const stored = sim.invoices.get(invoice.id)!;
    expect(invoice.id).toMatch(/^[1-9A-HJ-NP-Za-km-z]{22}$/);
    expect(invoice.lightning).toMatchObject({
      paymentRequest: stored.lightning.destination,
      onchainAddress: stored.onchain.destination,
      paymentUrl: `${sim.baseUrl}/i/${invoice.id}`,
      amountSats: 50_000,
    });
    const expiresAt = invoice.lightning!.expiresAt!.getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 10 * 60_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
    expect(stored.metadata).toEqual({ orderId: 'chk_tent', itemDesc: 'Tent' });
  });

  it('refuses a key that has no access to the store as an auth error', async () => {
    const sim = await start();
    const err = await expectProviderError(
      btcpay.verifyCredentials(
        ctx(sim, { ...BTCPAY_SANDBOX_CREDENTIALS, storeId: 'AnotherStore1111111111111' }),
      ),
    );
    expect(err).toMatchObject({ kind: 'auth', status: 403, providerCode: 'missing-permission' });
  });

  it('reports validation failures with BTCPay’s path and message', async () => {
    const sim = await start();
    const err = await expectProviderError(createInvoice(sim, { amountMinor: 0 }));
    expect(err).toMatchObject({
      kind: 'invalid_request',
      status: 400,
      message: 'amount: The amount should be more than 0.',
    });
  });

  it('lets a person pay on the checkout page and signs the webhook with the store webhook’s secret', async () => {
    const delivered: { url: string; body: string; headers: Record<string, string> }[] = [];
    const sim = await start({
      deliver: async (url, body, headers) => {
        delivered.push({ url, body, headers });
      },
    });
    const created = (await (
      await fetch(`${sim.baseUrl}/api/v1/stores/${BTCPAY_SANDBOX_CREDENTIALS.storeId}/webhooks`, {
        method: 'POST',
        headers: {
          authorization: `token ${BTCPAY_SANDBOX_CREDENTIALS.apiKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ url: 'https://merchant.example/webhooks/btcpay' }),
      })
    ).json()) as { secret: string };
    const { ctx, invoice } = await createInvoice(
      sim,
      {},
      { ...BTCPAY_SANDBOX_CREDENTIALS, webhookSecret: created.secret },
    );
    await payOnCheckoutPage(invoice);
    const settled = delivered.find((d) => JSON.parse(d.body).type === 'InvoiceSettled')!;
    expect(settled.url).toBe('https://merchant.example/webhooks/btcpay');
    expect(settled.headers['btcpay-sig']).toBe(btcpaySignature(created.secret, settled.body));
    const parsed = await btcpay.parseWebhook(ctx, { rawBody: settled.body, headers: settled.headers });
    expect(parsed).toMatchObject({ paymentId: invoice.id, type: 'InvoiceSettled' });
    expect((await btcpay.getPayment(ctx, invoice.id)).status).toBe('succeeded');
  });

  it('cannot trust a webhook without a configured secret', async () => {
    const sim = await start();
    const { webhookSecret: _unused, ...withoutSecret } = BTCPAY_SANDBOX_CREDENTIALS;
    const { ctx, invoice } = await createInvoice(sim, {}, withoutSecret);
    const { rawBody, headers } = (await postControl(sim.baseUrl, `invoices/${invoice.id}/webhook`)) as {
      rawBody: string;
      headers: Record<string, string>;
    };
    const err = await expectProviderError(btcpay.parseWebhook(ctx, { rawBody, headers }));
    expect(err).toMatchObject({ kind: 'auth' });
  });

  it('explains an underpaid invoice', async () => {
    const sim = await start();
    const { ctx, invoice } = await createInvoice(sim);
    await postControl(sim.baseUrl, `invoices/${invoice.id}/underpay`);
    const under = await btcpay.getPayment(ctx, invoice.id);
    expect(under).toMatchObject({
      status: 'needs_review',
      providerStatus: 'Expired (PaidPartial)',
      failureMessage: 'BTCPay Server reports PaidPartial',
    });
  });

  it('lists its controls and sandbox credentials', async () => {
    await expectListing((await start()).baseUrl, {
      credentials: BTCPAY_SANDBOX_CREDENTIALS,
      controls: [
        'POST /__sim/invoices/:id/pay',
        'POST /__sim/invoices/:id/expire',
        'POST /__sim/invoices/:id/underpay',
        'POST /__sim/invoices/:id/webhook',
      ],
    });
  });
});
