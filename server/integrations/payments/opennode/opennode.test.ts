import { describe, expect, it } from 'vitest';
import { OPENNODE_STATUSES, mapOpennodeStatus } from './mapping';
import { opennode } from './index';
import { createOpennodeSimulator, OPENNODE_SANDBOX_API_KEY } from '#sandbox/payments/opennode/simulator';
import { describeLightningContract, lightningTestKit, payOnCheckoutPage } from '../contract';
import { contextFor, expectListing, fixtureFrom } from '../../contract-kit';
import { startSimulator } from '#sandbox/simulator-kit';

describeLightningContract({
  provider: opennode,
  async start() {
    return fixtureFrom(
      await startSimulator('opennode', createOpennodeSimulator().app),
      { apiKey: OPENNODE_SANDBOX_API_KEY },
      { apiKey: '00000000-0000-4000-8000-000000000000' },
    );
  },
  controls: {
    expire: (id) => `charges/${id}/expire`,
    underpay: (id) => `charges/${id}/underpay`,
    webhook: (id) => `charges/${id}/webhook`,
  },
  tamper: (req) => ({
    ...req,
    rawBody: req.rawBody.replace(/hashed_order=[0-9a-f]{4}/, 'hashed_order=0000'),
  }),
});

describe('opennode status mapping', () => {
  it('maps every documented status and treats unknown ones as pending', () => {
    expect(Object.fromEntries(OPENNODE_STATUSES.map((s) => [s, mapOpennodeStatus(s)]))).toEqual({
      unpaid: 'pending',
      processing: 'processing',
      paid: 'succeeded',
      underpaid: 'needs_review',
      refunded: 'canceled',
      expired: 'expired',
    });
    expect(mapOpennodeStatus('something_new')).toBe('pending');
  });
});

describe('opennode simulator', () => {
  const { start, createInvoice } = lightningTestKit({
    provider: opennode,
    credentials: { apiKey: OPENNODE_SANDBOX_API_KEY },
    simulator: createOpennodeSimulator,
  });

  it('serves a hosted checkout page where a person can pay', async () => {
    const sim = await start();
    const { ctx, invoice } = await createInvoice(sim, { orderRef: 'chk_1' });
    expect(invoice.lightning?.paymentUrl).toBe(`${sim.baseUrl}/checkout/${invoice.id}`);
    expect(invoice.lightning?.amountSats).toBe(50_000);
    await payOnCheckoutPage(invoice);
    expect((await opennode.getPayment(ctx, invoice.id)).status).toBe('succeeded');
  });

  it('lists its controls and sandbox credentials', async () => {
    await expectListing((await start()).baseUrl, {
      credentials: { apiKey: OPENNODE_SANDBOX_API_KEY },
      controls: ['POST /__sim/charges/:id/pay'],
    });
  });
});

describe('opennode amounts', () => {
  /** OpenNode answering GET /v1/charge/:id with the fiat value written exactly as `fiatJson`. */
  const chargeWithFiat = (fiatJson: string) =>
    contextFor(
      { baseUrl: 'https://api.opennode.com' },
      { apiKey: OPENNODE_SANDBOX_API_KEY },
      {
        fetch: async () =>
          new Response(
            `{"data":{"id":"c1","status":"paid","amount":1500,"currency":"GBP","fiat_value":${fiatJson},"created_at":1700000000}}`,
            { status: 200, headers: { 'content-type': 'application/json' } },
          ),
      },
    );

  it.each([
    ['1.005', 101],
    ['"1.005"', 101],
    ['0.29', 29],
    ['"0.29"', 29],
    ['19.99', 1999],
    ['1e-7', 0],
  ])('reads the fiat value %s as exactly %i minor units', async (fiatJson, minor) => {
    const payment = await opennode.getPayment(chargeWithFiat(fiatJson), 'c1');
    expect(payment.amountMinor).toBe(minor);
    expect(payment.lightning?.amountSats).toBe(1500);
  });
});
