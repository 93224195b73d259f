import { describe, expect, it } from 'vitest';
import { OPENNODE_STATUSES, mapOpennodeStatus } from './mapping';
import { opennode } from './index';
import { createOpennodeSimulator, OPENNODE_SANDBOX_API_KEY } from './simulator';
import { describeLightningContract, lightningTestKit, payOnCheckoutPage } from '../contract';
import { expectListing, fixtureFrom } from '../../contract-kit';
import { startSimulator } from '../../simulator-kit';

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
    pay: (id) => `charges/${id}/pay`,
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
