import { describe, expect, it } from 'vitest';
import { OPENNODE_STATUSES, mapOpennodeStatus } from './mapping';
import { opennode } from './index';
import { createOpennodeSimulator, OPENNODE_SANDBOX_API_KEY } from './simulator';
import { describeLightningContract } from '../contract';
import { postControl } from '../../contract-kit';
import { startSimulator } from '../../simulator-kit';

describeLightningContract({
  provider: opennode,
  async start() {
    const running = await startSimulator('opennode', createOpennodeSimulator().app);
    return {
      baseUrl: running.baseUrl,
      credentials: { apiKey: OPENNODE_SANDBOX_API_KEY },
      badCredentials: { apiKey: '00000000-0000-4000-8000-000000000000' },
      control: (path, body) => postControl(running.baseUrl, path, body),
      close: running.close,
    };
  },
  controls: {
    pay: (id) => `charges/${id}/pay`,
    expire: (id) => `charges/${id}/expire`,
    underpay: (id) => `charges/${id}/underpay`,
  },
  async webhookFor(fx, id) {
    const { rawBody, contentType } = (await fx.control(`charges/${id}/webhook`)) as {
      rawBody: string;
      contentType: string;
    };
    return { rawBody, headers: { 'content-type': contentType } };
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
  it('serves a hosted checkout page where a person can pay', async () => {
    const running = await startSimulator('opennode', createOpennodeSimulator().app);
    try {
      const ctx = {
        credentials: { apiKey: OPENNODE_SANDBOX_API_KEY },
        http: { baseUrl: running.baseUrl, fetch },
        clock: { now: () => new Date() },
        logger: (await import('../../../lib/logger')).createLogger('silent'),
      };
      const invoice = await opennode.createInvoice(ctx, {
        amountMinor: 2500,
        currency: 'GBP',
        orderRef: 'chk_1',
        description: 'Tent',
        expiresInMinutes: 15,
      });
      expect(invoice.lightning?.paymentUrl).toBe(`${running.baseUrl}/checkout/${invoice.id}`);
      expect(invoice.lightning?.amountSats).toBe(50_000);
      const page = await fetch(invoice.lightning!.paymentUrl!);
      expect(await page.text()).toContain('Pay (simulated)');
      const pay = await fetch(`${running.baseUrl}/checkout/${invoice.id}/pay`, {
        method: 'POST',
        redirect: 'manual',
      });
      expect(pay.status).toBe(303);
      expect((await opennode.getPayment(ctx, invoice.id)).status).toBe('succeeded');
    } finally {
      await running.close();
    }
  });

  it('lists its controls and sandbox credentials', async () => {
    const running = await startSimulator('opennode', createOpennodeSimulator().app);
    try {
      const info = await (await fetch(`${running.baseUrl}/__sim`)).json();
      expect(info.credentials).toEqual({ apiKey: OPENNODE_SANDBOX_API_KEY });
      expect(info.controls).toContain('POST /__sim/charges/:id/pay');
    } finally {
      await running.close();
    }
  });
});
