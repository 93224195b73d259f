import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpennodeSimulator, OPENNODE_SANDBOX_API_KEY } from '#sandbox/payments/opennode/simulator';
import { OPENNODE_SANDBOX_INVOICE_ONLY_API_KEY } from '#sandbox/payments/opennode/simulator-withdrawals';
import { startSimulator, type RunningSimulator } from '#sandbox/simulator-kit';
import { contextFor } from '../../contract-kit';
import { ProviderError } from '../../http';
import { opennode } from './index';

// The Lightning refund's payout (issue 24): the merchant's OpenNode account pays the buyer's invoice.
let running: RunningSimulator;
beforeAll(async () => {
  running = await startSimulator('opennode', createOpennodeSimulator().app);
});
afterAll(() => running.close());

const ctx = (apiKey = OPENNODE_SANDBOX_API_KEY) => contextFor(running, { apiKey });

async function control(path: string, body: unknown = {}) {
  const res = await fetch(`${running.baseUrl}/__sim/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

/** A buyer's invoice the simulator knows (its amount and expiry), as a wallet would make it. */
const buyerInvoice = async (amountSats: number, expiresInSeconds?: number) =>
  (
    (await control('invoices', { amount_sats: amountSats, expires_in_seconds: expiresInSeconds })) as {
      payreq: string;
    }
  ).payreq;

const pay = (paymentRequest: string, amountSats: number, apiKey?: string) =>
  opennode.payInvoice!(ctx(apiKey), { paymentRequest, amountSats, reference: 'refund-1' });

async function refusal(promise: Promise<unknown>) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

describe('opennode payouts (Lightning refunds)', () => {
  it('pays an invoice for the exact amount and reads the payout back as succeeded', async () => {
    const payout = await pay(await buyerInvoice(2_500), 2_500);
    expect(payout).toMatchObject({ amountSats: 2_500, failureReason: null });
    expect(payout.feeSats).toBeGreaterThan(0);
    expect(await opennode.getPayout!(ctx(), payout.id)).toMatchObject({ id: payout.id, status: 'succeeded' });
  });

  it('reports a payout that stays pending, then one the network fails with its reason', async () => {
    await control('withdrawals/next', { outcome: 'pending' });
    const held = await pay(await buyerInvoice(1_000), 1_000);
    expect(held.status).toBe('pending');
    await control(`withdrawals/${held.id}/settle`, { outcome: 'failed', error: 'no route' });
    expect(await opennode.getPayout!(ctx(), held.id)).toMatchObject({
      status: 'failed',
      failureReason: 'no route',
    });
  });

  it('refuses an invoice for another amount, an expired one and one already paid', async () => {
    const wrong = await refusal(pay(await buyerInvoice(999), 1_000));
    expect([wrong.kind, wrong.message]).toEqual([
      'invalid_request',
      'amount 1000 does not match the payment request amount of 999 sats',
    ]);
    const expired = await refusal(pay(await buyerInvoice(1_000, -1), 1_000));
    expect([expired.kind, expired.message]).toEqual([
      'invalid_request',
      'Lightning payment request has expired',
    ]);
    const once = await buyerInvoice(1_000);
    await pay(once, 1_000);
    const again = await refusal(pay(once, 1_000));
    expect([again.kind, again.message]).toEqual([
      'invalid_request',
      'Lightning payment request already paid',
    ]);
  });

  it('refuses a key without the withdrawals permission as a credentials problem, and a short balance', async () => {
    const invoiceOnly = await refusal(
      pay(await buyerInvoice(1_000), 1_000, OPENNODE_SANDBOX_INVOICE_ONLY_API_KEY),
    );
    expect(invoiceOnly.kind).toBe('auth');
    await control('balance', { sats: 10 });
    const short = await refusal(pay(await buyerInvoice(1_000), 1_000));
    expect([short.kind, short.message]).toEqual(['invalid_request', 'Insufficient balance']);
  });

  it('finds a payout whose answer timed out after OpenNode made it, so it is not paid again', async () => {
    await control('balance', { sats: 1_000_000 });
    const invoice = await buyerInvoice(3_000);
    // OpenNode does the work and answers after the client has given up.
    await control('slow-answers', { ms: 1_500, method: 'POST', path: '/v2/withdrawals' });
    const impatient = contextFor(running, { apiKey: OPENNODE_SANDBOX_API_KEY }, { timeoutMs: 300 });
    const lost = await refusal(
      opennode.payInvoice!(impatient, {
        paymentRequest: invoice,
        amountSats: 3_000,
        reference: 'refund-lost',
      }),
    );
    expect(lost.retryable).toBe(true);

    const found = await opennode.findPayout!(ctx(), { reference: 'refund-lost', paymentRequest: invoice });
    expect(found).toMatchObject({ amountSats: 3_000, status: 'succeeded' });
    // By the invoice alone too (a withdrawal listed without our custom_id).
    expect(
      await opennode.findPayout!(ctx(), { reference: 'refund-other', paymentRequest: invoice.toUpperCase() }),
    ).toMatchObject({ id: found!.id });
    // Paying it again is what the lookup spares: Lightning refuses a paid invoice, OpenNode says so.
    expect((await refusal(pay(invoice, 3_000))).message).toBe('Lightning payment request already paid');

    const never = await buyerInvoice(3_000);
    expect(
      await opennode.findPayout!(ctx(), { reference: 'refund-never', paymentRequest: never }),
    ).toBeNull();
    // Another account's withdrawals are not ours to find.
    expect(
      await opennode.findPayout!(ctx(OPENNODE_SANDBOX_INVOICE_ONLY_API_KEY), {
        reference: 'refund-lost',
        paymentRequest: invoice,
      }),
    ).toBeNull();
  });
});
