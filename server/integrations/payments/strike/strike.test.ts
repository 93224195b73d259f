import { describe, expect, it } from 'vitest';
import { expectListing, fixtureFrom, postControl } from '../../contract-kit';
import { startSimulator } from '#sandbox/simulator-kit';
import { describeLightningContract, lightningTestKit } from '../contract';
import { strikeCredentials } from './credentials';
import { strike } from './index';
import { STRIKE_STATUSES, mapStrikeStatus } from './mapping';
import { STRIKE_SANDBOX_CREDENTIALS, createStrikeSimulator } from '#sandbox/payments/strike/simulator';
import { strikeSignature } from './webhook';

describeLightningContract({
  provider: strike,
  async start() {
    return fixtureFrom(
      await startSimulator('strike', createStrikeSimulator().app),
      STRIKE_SANDBOX_CREDENTIALS,
      {
        ...STRIKE_SANDBOX_CREDENTIALS,
        apiKey: '0'.repeat(64),
      },
    );
  },
  controls: {
    expire: (id) => `invoices/${id}/expire`,
    webhook: (id) => `invoices/${id}/webhook`,
  },
  tamper: (req) => ({
    ...req,
    headers: { ...req.headers, 'x-webhook-signature': strikeSignature('someone-elses-secret', req.rawBody) },
  }),
});

describe('strike status mapping', () => {
  it('maps every invoice state and treats unknown ones as pending', () => {
    expect(Object.fromEntries(STRIKE_STATUSES.map((s) => [s, mapStrikeStatus(s)]))).toEqual({
      UNPAID: 'pending',
      PENDING: 'processing',
      PAID: 'succeeded',
      CANCELLED: 'expired',
    });
    expect(mapStrikeStatus('REFUNDED')).toBe('pending');
  });
});

describe('strike credentials', () => {
  it('requires the API key and keeps an optional webhook secret within Strike’s 10-50 characters', () => {
    expect(strikeCredentials.safeParse({ apiKey: '' }).error!.issues[0]!.message).toBe(
      'Please enter your Strike API key',
    );
    expect(strikeCredentials.safeParse({ apiKey: 'k', webhookSecret: '' }).success).toBe(true);
    expect(
      strikeCredentials.safeParse({ apiKey: 'k', webhookSecret: 'short' }).error!.issues[0]!.message,
    ).toBe('The Strike webhook secret has 10 to 50 characters');
  });
});

describe('strike adapter and simulator', () => {
  const { start, ctx, createInvoice } = lightningTestKit({
    provider: strike,
    credentials: STRIKE_SANDBOX_CREDENTIALS,
    simulator: createStrikeSimulator,
  });

  it('issues an invoice and a quote: the BOLT11, its sats and the quote’s expiry', async () => {
    const sim = await start({ quoteLifetimeSeconds: 60 });
    const before = Date.now();
    const { invoice } = await createInvoice(sim);
    expect(invoice).toMatchObject({ status: 'pending', amountMinor: 2500, currency: 'GBP' });
    expect(invoice.lightning).toMatchObject({ paymentUrl: null, amountSats: 50_000 });
    expect(invoice.lightning!.paymentRequest).toMatch(/^lntb500000n1p/);
    const expiresAt = invoice.lightning!.expiresAt!.getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 60_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(sim.invoices.get(invoice.id)).toMatchObject({ correlationId: 'chk_tent', description: 'Tent' });
  });

  it('never promises more time than the checkout has, whatever the quote allows', async () => {
    const sim = await start();
    await postControl(sim.baseUrl, 'quote-lifetime', { seconds: 3600 });
    const { invoice } = await createInvoice(sim, { expiresInMinutes: 5 });
    expect(invoice.lightning!.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
  });

  it('reuses the invoice a lost first attempt created when the create is retried', async () => {
    const sim = await start();
    const { invoice: first } = await createInvoice(sim);
    const { invoice: retry } = await createInvoice(sim);
    expect(retry.id).toBe(first.id);
    expect(sim.invoices.size).toBe(1);
    await expect(createInvoice(sim, { amountMinor: 999 })).rejects.toMatchObject({
      kind: 'invalid_request',
      providerCode: 'DUPLICATE_INVOICE',
    });
  });

  it('reports a currency the account cannot invoice in Strike’s words', async () => {
    const sim = await start();
    await expect(createInvoice(sim, { currency: 'AUD' })).rejects.toMatchObject({
      kind: 'invalid_request',
      status: 422,
      message: 'Currency AUD is not invoiceable for this account',
    });
  });

  it('signs deliveries to a webhook subscription with that subscription’s secret', async () => {
    const delivered: { url: string; body: string; headers: Record<string, string> }[] = [];
    const sim = await start({
      deliver: async (url, body, headers) => {
        delivered.push({ url, body, headers });
      },
    });
    const secret = 'merchant-chosen-secret-123';
    const subscribe = await fetch(`${sim.baseUrl}/v1/subscriptions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${STRIKE_SANDBOX_CREDENTIALS.apiKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        webhookUrl: 'https://merchant.example/webhooks/strike',
        webhookVersion: 'v1',
        secret,
        enabled: true,
        eventTypes: ['invoice.updated'],
      }),
    });
    expect(subscribe.status).toBe(201);
    const { ctx, invoice } = await createInvoice(
      sim,
      {},
      { ...STRIKE_SANDBOX_CREDENTIALS, webhookSecret: secret },
    );
    await postControl(sim.baseUrl, `invoices/${invoice.id}/pay`);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.url).toBe('https://merchant.example/webhooks/strike');
    const parsed = await strike.parseWebhook(ctx, {
      rawBody: delivered[0]!.body,
      headers: delivered[0]!.headers,
    });
    expect(parsed).toMatchObject({ paymentId: invoice.id, type: 'invoice.updated' });
    expect((await strike.getPayment(ctx, invoice.id)).status).toBe('succeeded');
  });

  it('cannot trust a webhook without a configured secret, and ignores events that are not about invoices', async () => {
    const sim = await start();
    const rawBody = JSON.stringify({ id: 'e1', eventType: 'payout.updated', data: { entityId: 'p1' } });
    const headers = {
      'x-webhook-signature': strikeSignature(STRIKE_SANDBOX_CREDENTIALS.webhookSecret, rawBody),
    };
    await expect(strike.parseWebhook(ctx(sim), { rawBody, headers })).rejects.toMatchObject({
      kind: 'invalid_request',
    });
    await expect(
      strike.parseWebhook(ctx(sim, { apiKey: STRIKE_SANDBOX_CREDENTIALS.apiKey }), {
        rawBody,
        headers,
      }),
    ).rejects.toMatchObject({ kind: 'auth' });
  });

  it('accepts an upper-case hex signature', async () => {
    const sim = await start();
    const rawBody = JSON.stringify({ id: 'e2', eventType: 'invoice.updated', data: { entityId: 'i1' } });
    const signature = strikeSignature(STRIKE_SANDBOX_CREDENTIALS.webhookSecret, rawBody).toUpperCase();
    const parsed = await strike.parseWebhook(ctx(sim), {
      rawBody,
      headers: { 'x-webhook-signature': signature },
    });
    expect(parsed).toEqual({ paymentId: 'i1', eventId: 'e2', type: 'invoice.updated' });
  });

  it('lists its controls and sandbox credentials', async () => {
    await expectListing((await start()).baseUrl, {
      credentials: STRIKE_SANDBOX_CREDENTIALS,
      controls: [
        'POST /__sim/invoices/:id/pay',
        'POST /__sim/invoices/:id/expire',
        'POST /__sim/invoices/:id/webhook',
        'POST /__sim/quote-lifetime',
      ],
    });
  });
});
