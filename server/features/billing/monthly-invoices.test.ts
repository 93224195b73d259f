import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthStart } from '#common/domain/trial-and-usage';
import { billingAccounts, billingInvoices, billingOrderCharges } from '../../db/schema/index';
import { stripeSignatureHeader } from '../../integrations/payments/stripe/webhook';
import { systemClock } from '../../lib/clock';
import { jobBatch } from '../../jobs/queue';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { insertCheckout } from '../../test/checkout-rows';
import { dashboardRequest, newMerchant, type TestMerchant } from '../../test/merchant-kit';
import { BILLING_WEBHOOK_PATH, billingJobs, recordOrderCharge, subscribeBillingWebhook } from './index';
import { INVOICE_DAYS_UNTIL_DUE } from './invoice-unsubscribed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await subscribeBillingWebhook(t.services.billing!, `${baseUrl}${BILLING_WEBHOOK_PATH}`);
});
afterAll(() => t.close());

const billing = () => t.services.billing!;
const CARD = { exp: '12 / 34', cvc: '123' };

const runMonthly = () =>
  billingJobs({ db: t.db, billing: billing(), clock: systemClock })
    .find((j) => j.name === 'billing-invoice-accrued-fees')!
    .handler(undefined as never, jobBatch([]));

/** The first day of last month (a finished month), as the ledger writes months. */
const lastMonth = () =>
  monthStart(new Date(monthStart(new Date()).getTime() - 24 * 60 * 60 * 1000))
    .toISOString()
    .slice(0, 10);

function submit(url: string, fields: Record<string, string>) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/** `count` paid orders of the merchant recorded in the ledger, all moved into last month. */
async function ordersLastMonth(m: TestMerchant, count: number): Promise<string[]> {
  const placed: string[] = [];
  for (let i = 0; i < count; i++) {
    const { orderId } = await insertCheckout(t, m.merchantId, {
      createdAt: new Date(),
      order: { status: 'ACCEPTED' },
    });
    await recordOrderCharge(t.db, orderId!);
    placed.push(orderId!);
  }
  await t.db
    .update(billingOrderCharges)
    .set({ month: lastMonth() })
    .where(inArray(billingOrderCharges.orderId, placed));
  return placed;
}

const customerOf = async (m: TestMerchant) =>
  (await t.db.select().from(billingAccounts).where(eq(billingAccounts.merchantId, m.merchantId)))[0]
    ?.stripeCustomerId ?? null;

const invoiceRowsOf = (m: TestMerchant) =>
  t.db.select().from(billingInvoices).where(eq(billingInvoices.merchantId, m.merchantId));

/** A signed delivery of `event` to the billing webhook, as Stripe makes it. */
function deliver(event: object) {
  const body = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: BILLING_WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripeSignatureHeader(billing().webhookSecret, body, Math.floor(Date.now() / 1000)),
    },
    payload: body,
  });
}

async function summaryOf(m: TestMerchant) {
  const res = await dashboardRequest(t, m.cookie, 'GET', '/api/billing/summary');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('the monthly invoice of a merchant without a subscription', () => {
  it('bills a trial merchant’s fees and overage on one sent invoice, once, paid on its hosted page', async () => {
    const trial = await newMerchant(t);
    const placed = await ordersLastMonth(trial, 26);
    // One order paid in dollars: its fee is held, since the customer is billed in pounds.
    await t.db
      .update(billingOrderCharges)
      .set({ currency: 'USD' })
      .where(eq(billingOrderCharges.orderId, placed[0]!));
    const lines = await t.db
      .select()
      .from(billingOrderCharges)
      .where(inArray(billingOrderCharges.orderId, placed));
    const fees = lines.filter((l) => l.currency === 'GBP').reduce((sum, l) => sum + l.feeMinor, 0);
    const held = lines.find((l) => l.currency === 'USD')!.feeMinor;
    expect(fees).toBeGreaterThan(0);
    expect(lines.filter((l) => l.overageMinor > 0)).toHaveLength(1);

    await runMonthly();
    await runMonthly();

    const customer = (await customerOf(trial))!;
    const invoices = await billing().stripe.invoices.list({ customer });
    expect(invoices.data).toHaveLength(1);
    const invoice = invoices.data[0]!;
    expect(invoice).toMatchObject({
      status: 'open',
      collection_method: 'send_invoice',
      billing_reason: 'manual',
      currency: 'gbp',
      amount_due: fees + 250,
      parent: null,
      metadata: { merchant_id: trial.merchantId, month: lastMonth() },
    });
    expect(invoice.due_date! - invoice.status_transitions.finalized_at!).toBeLessThanOrEqual(
      INVOICE_DAYS_UNTIL_DUE * 24 * 60 * 60,
    );
    expect(invoice.lines.data.map((l) => l.amount).sort((a, b) => a - b)).toEqual(
      [250, fees].sort((a, b) => a - b),
    );
    expect(await invoiceRowsOf(trial)).toEqual([
      expect.objectContaining({
        month: lastMonth(),
        stripeInvoiceId: invoice.id,
        status: 'open',
        amountDueMinor: fees + 250,
        hostedInvoiceUrl: invoice.hosted_invoice_url,
        sentAt: expect.any(Date),
      }),
    ]);
    expect(await summaryOf(trial)).toMatchObject({
      fee_invoices: [
        {
          id: invoice.id,
          month: lastMonth().slice(0, 7),
          status: 'open',
          currency: 'GBP',
          fees,
          overage: 250,
          amount_due: fees + 250,
          hosted_invoice_url: invoice.hosted_invoice_url,
        },
      ],
      held_fees: [{ currency: 'USD', amount: held, reason: 'currency' }],
    });

    const paid = await submit(`${invoice.hosted_invoice_url}/pay`, {
      cardnumber: '4242 4242 4242 4242',
      ...CARD,
    });
    expect(paid.status).toBe(303);
    await expect.poll(async () => (await invoiceRowsOf(trial))[0]?.status).toBe('paid');
    expect((await invoiceRowsOf(trial))[0]!.amountPaidMinor).toBe(fees + 250);
    expect((await summaryOf(trial)).fee_invoices[0]).toMatchObject({ status: 'paid' });

    // A late invoice.finalized (delivered after invoice.paid) re-reads the invoice: it stays paid.
    const late = await deliver({
      id: 'evt_late_finalized',
      type: 'invoice.finalized',
      data: { object: { ...invoice, status: 'open' } },
    });
    expect(late.json()).toEqual({ received: true, applied: true });
    expect((await invoiceRowsOf(trial))[0]!.status).toBe('paid');
  });

  it('sends no separate invoice to a subscribed merchant: its items wait for the subscription’s', async () => {
    const m = await newMerchant(t);
    const checkout = await dashboardRequest(t, m.cookie, 'POST', '/api/billing/create-checkout', {
      stripePriceId: 'growth',
      currency: 'GBP',
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    await submit(checkout.json().url, {
      email: 'owner@shop.test',
      cardnumber: '4242 4242 4242 4242',
      ...CARD,
    });
    await expect.poll(async () => (await summaryOf(m)).subscription.subscribed).toBe(true);
    await ordersLastMonth(m, 2);

    await runMonthly();

    const customer = (await customerOf(m))!;
    const pending = await billing().stripe.invoiceItems.list({ customer, pending: true });
    expect(pending.data.map((i) => i.description)).toEqual([
      `Transaction fees for ${lastMonth().slice(0, 7)}`,
    ]);
    const invoices = await billing().stripe.invoices.list({ customer });
    expect(invoices.data.map((i: Stripe.Invoice) => i.billing_reason)).toEqual(['subscription_create']);
    expect(await invoiceRowsOf(m)).toEqual([]);
    expect((await summaryOf(m)).fee_invoices).toEqual([]);
  });
});
