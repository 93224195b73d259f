import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkouts, orders, payments } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { agentCheckout, demoMerchantApiKey, simControl } from '../../test/merchant-kit';
import { purgeOldPayloads, settleOpenCheckouts } from './jobs';
import { recordPaymentProgress } from './settlement';

let t: TestApp;
let apiKey: string;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  apiKey = await demoMerchantApiKey(t);
});
afterAll(() => t.close());

const deps = () => ({ ...t.services, keyring: t.config.keyring, caches: t.services.engine.caches });

async function bitcoinCheckout() {
  const { checkout } = await agentCheckout(t, apiKey, { method: 'btc' });
  const [payment] = await t.db.select().from(payments).where(eq(payments.checkoutId, checkout.checkout_id));
  return { checkoutId: checkout.checkout_id as string, invoiceId: payment!.providerInvoiceId! };
}

it('settles a paid invoice in the background when no agent confirms, exactly once', async () => {
  const { checkoutId, invoiceId } = await bitcoinCheckout();
  await simControl(t, 'opennode', `charges/${invoiceId}/pay`);
  await settleOpenCheckouts(deps());
  await settleOpenCheckouts(deps());
  const [checkout] = await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  expect(checkout!.status).toBe('ACCEPTED');
  const written = await t.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
  expect(written).toHaveLength(1);
  expect(written[0]!.storeOrderId).toBeTruthy();
});

it('expires invoices the provider expired, and makes a late payment visible for review', async () => {
  const { checkoutId, invoiceId } = await bitcoinCheckout();
  await simControl(t, 'opennode', `charges/${invoiceId}/expire`);
  await settleOpenCheckouts(deps());
  expect((await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId)))[0]!.status).toBe(
    'EXPIRED',
  );
  await simControl(t, 'opennode', `charges/${invoiceId}/pay`);
  await settleOpenCheckouts(deps());
  const [payment] = await t.db.select().from(payments).where(eq(payments.checkoutId, checkoutId));
  expect(payment!.status).toBe('needs_review');
  expect(payment!.providerPayload).toMatchObject({ late_payment: true });
  expect(await t.db.select().from(orders).where(eq(orders.checkoutId, checkoutId))).toHaveLength(0);
});

it('never puts a payment under review back to processing when a stale report arrives', async () => {
  const { checkoutId, invoiceId } = await bitcoinCheckout();
  const report = (status: 'processing' | 'needs_review') => ({
    id: invoiceId,
    status,
    providerStatus: status === 'processing' ? 'processing' : 'underpaid',
    amountMinor: 1000,
    currency: 'GBP',
    lightning: null,
    failureMessage: null,
    raw: { status },
  });
  const paymentStatus = async () =>
    (await t.db.select().from(payments).where(eq(payments.checkoutId, checkoutId)))[0]!.status;

  await recordPaymentProgress(deps(), checkoutId, report('processing'));
  expect(await paymentStatus()).toBe('processing');
  await recordPaymentProgress(deps(), checkoutId, report('needs_review'));
  expect(await paymentStatus()).toBe('needs_review');
  await recordPaymentProgress(deps(), checkoutId, report('processing'));
  expect(await paymentStatus()).toBe('needs_review');
});

it('expires card checkouts that were never confirmed', async () => {
  const { checkout } = await agentCheckout(t, apiKey, {
    method: 'stripe',
    shared_payment_token: 'spt_never_used',
  });
  await t.db
    .update(checkouts)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(checkouts.id, checkout.checkout_id));
  await settleOpenCheckouts(deps());
  const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, checkout.checkout_id));
  expect(row).toMatchObject({ status: 'EXPIRED', paymentTokenSealed: null });
});

it('purges provider payloads older than 90 days and keeps newer ones', async () => {
  const { checkoutId } = await bitcoinCheckout();
  const fresh = await bitcoinCheckout();
  await t.db
    .update(payments)
    .set({ createdAt: new Date(Date.now() - 91 * 24 * 3600 * 1000) })
    .where(eq(payments.checkoutId, checkoutId));
  await purgeOldPayloads(deps());
  const [old] = await t.db.select().from(payments).where(eq(payments.checkoutId, checkoutId));
  expect(old!.providerPayload).toEqual({});
  expect(old!.payloadPurgedAt).not.toBeNull();
  const [kept] = await t.db.select().from(payments).where(eq(payments.checkoutId, fresh.checkoutId));
  expect(kept!.providerPayload).toHaveProperty('payment_request');
});

it('keeps no Shared Payment Token in plain text', async () => {
  const { checkout } = await agentCheckout(t, apiKey, {
    method: 'stripe',
    shared_payment_token: 'spt_secret_marker_123',
  });
  const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, checkout.checkout_id));
  expect(row!.paymentTokenSealed).toBeTruthy();
  expect(JSON.stringify(row)).not.toContain('spt_secret_marker_123');
});
