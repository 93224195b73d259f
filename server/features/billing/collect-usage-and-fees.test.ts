import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { monthStart } from '#common/domain/trial-and-usage';
import { billingAccounts, billingInvoiceItems, billingOrderCharges, orders } from '../../db/schema/index';
import { systemClock } from '../../lib/clock';
import { jobBatch } from '../../jobs/queue';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { eventually } from '../../test/eventually';
import {
  agentCheckout,
  agentRequest,
  dashboardRequest,
  mintSharedPaymentToken,
  newMerchant,
  type TestMerchant,
} from '../../test/merchant-kit';
import { insertCheckout } from '../../test/checkout-rows';
import { billingJobs, recordOrderCharge } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const billing = () => t.services.billing!;

function job(name: string) {
  const found = billingJobs({ db: t.db, billing: billing(), clock: systemClock }).find(
    (j) => j.name === name,
  );
  return () => found!.handler(undefined as never, jobBatch([]));
}

/** A merchant with its own Stripe key (so its fees accrue for the invoice) and `count` paid orders. */
async function merchantWithOrders(count: number): Promise<{ merchant: TestMerchant; orderIds: string[] }> {
  const merchant = await newMerchant(t, { connect: true, apiKey: true });
  const checkoutIds: string[] = [];
  for (let i = 0; i < count; i++) {
    const token = await mintSharedPaymentToken(t, 100_000);
    const { checkout } = await agentCheckout(t, merchant.apiKey, {
      method: 'stripe',
      shared_payment_token: token,
    });
    const confirm = await agentRequest(t, merchant.apiKey, 'POST', '/api/agent/confirm', {
      checkout_id: checkout.checkout_id,
    });
    expect(confirm.json(), confirm.body).toMatchObject({ status: 'ACCEPTED' });
    checkoutIds.push(checkout.checkout_id as string);
  }
  const placed = await t.db.select().from(orders).where(inArray(orders.checkoutId, checkoutIds));
  const orderIds = placed.map((o) => o.id);
  // The engine event's subscriber writes the ledger lines in the background.
  await eventually(
    () => t.db.select().from(billingOrderCharges).where(inArray(billingOrderCharges.orderId, orderIds)),
    (rows) => rows.length === count,
  );
  return { merchant, orderIds };
}

async function withBillingCustomer(m: TestMerchant): Promise<string> {
  const customer = await billing().stripe.customers.create({ email: `${m.merchantId}@shop.test` });
  await t.db.insert(billingAccounts).values({ merchantId: m.merchantId, stripeCustomerId: customer.id });
  return customer.id;
}

/** Turns the orders' lines into overage lines, as the ledger writes them past the plan's allowance. */
const markOverage = (orderIds: string[]) =>
  t.db
    .update(billingOrderCharges)
    .set({ overageMinor: 250, overageCurrency: 'GBP', overageCollection: 'meter' })
    .where(inArray(billingOrderCharges.orderId, orderIds));

const linesOf = (orderIds: string[]) =>
  t.db.select().from(billingOrderCharges).where(inArray(billingOrderCharges.orderId, orderIds));

describe('reporting overage to the Stripe Billing meter', () => {
  it('sends one meter event per overage line, once however often the job runs', async () => {
    const billed = await merchantWithOrders(2);
    const customer = await withBillingCustomer(billed.merchant);
    const unbilled = await merchantWithOrders(1);
    await markOverage([...billed.orderIds, ...unbilled.orderIds]);
    const send = vi.spyOn(billing().stripe.billing.meterEvents, 'create');
    try {
      await job('billing-report-overage')();
      await job('billing-report-overage')();

      expect(send).toHaveBeenCalledTimes(2);
      expect(
        send.mock.calls.map(([params]) => params).sort((a, b) => a.identifier!.localeCompare(b.identifier!)),
      ).toEqual(
        billed.orderIds.sort().map((orderId) => ({
          event_name: 'agent_order_overage',
          payload: { stripe_customer_id: customer, value: '1' },
          identifier: `overage_${orderId}`,
        })),
      );
      expect((await linesOf(billed.orderIds)).every((l) => l.meterReportedAt !== null)).toBe(true);
      // Without a billing customer there is nobody to report the usage on: the line waits.
      expect((await linesOf(unbilled.orderIds))[0]!.meterReportedAt).toBeNull();
    } finally {
      send.mockRestore();
    }
  });
});

/** The first day of last month (a finished month), as the ledger writes months. */
const lastMonth = () =>
  monthStart(new Date(monthStart(new Date()).getTime() - 24 * 60 * 60 * 1000))
    .toISOString()
    .slice(0, 10);

const moveToMonth = (orderIds: string[], month: string) =>
  t.db.update(billingOrderCharges).set({ month }).where(inArray(billingOrderCharges.orderId, orderIds));

const itemsOf = (merchantId: string) =>
  t.db.select().from(billingInvoiceItems).where(eq(billingInvoiceItems.merchantId, merchantId));

const customerOf = async (merchantId: string) =>
  (await t.db.select().from(billingAccounts).where(eq(billingAccounts.merchantId, merchantId)))[0]
    ?.stripeCustomerId ?? null;

describe('invoicing accrued fees monthly', () => {
  it('creates one invoice item per merchant-month with the sum of the accrued fees, once', async () => {
    const billed = await merchantWithOrders(2);
    const customer = await withBillingCustomer(billed.merchant);
    const month = lastMonth();
    await moveToMonth(billed.orderIds, month);
    const lines = await linesOf(billed.orderIds);
    expect(lines.every((l) => l.feeCollection === 'invoice')).toBe(true);
    const owed = lines.reduce((sum, l) => sum + l.feeMinor, 0);
    expect(owed).toBeGreaterThan(0);

    await job('billing-invoice-accrued-fees')();
    await job('billing-invoice-accrued-fees')();

    const items = await billing().stripe.invoiceItems.list({ customer });
    expect(items.data).toHaveLength(1);
    expect(items.data[0]).toMatchObject({
      amount: owed,
      currency: lines[0]!.currency.toLowerCase(),
      description: `Transaction fees for ${month.slice(0, 7)}`,
    });
    expect(await itemsOf(billed.merchant.merchantId)).toEqual([
      expect.objectContaining({
        merchantId: billed.merchant.merchantId,
        month,
        kind: 'fees',
        amountMinor: owed,
        stripeInvoiceItemId: items.data[0]!.id,
      }),
    ]);
    expect((await linesOf(billed.orderIds)).every((l) => l.invoicedAt !== null)).toBe(true);
  });

  it('creates the Stripe Billing customer of a merchant that never subscribed, so its fees are billed', async () => {
    const unsubscribed = await merchantWithOrders(1);
    await moveToMonth(unsubscribed.orderIds, lastMonth());
    expect(await customerOf(unsubscribed.merchant.merchantId)).toBeNull();

    await job('billing-invoice-accrued-fees')();

    const customer = await customerOf(unsubscribed.merchant.merchantId);
    expect(customer).toMatch(/^cus_/);
    const [line] = await linesOf(unsubscribed.orderIds);
    expect((await billing().stripe.invoiceItems.list({ customer: customer! })).data).toEqual([
      expect.objectContaining({ amount: line!.feeMinor, currency: 'gbp' }),
    ]);
    expect(line!.invoicedAt).not.toBeNull();
  });

  it('invoices the fees in the customer’s currency and keeps the others accrued, held for their currency', async () => {
    const { merchant, orderIds } = await merchantWithOrders(3);
    const customer = await withBillingCustomer(merchant);
    // One order paid in dollars: Stripe bills the customer in pounds only, and nothing converts.
    const [dollarOrder, ...poundOrders] = orderIds;
    await t.db
      .update(billingOrderCharges)
      .set({ currency: 'USD' })
      .where(eq(billingOrderCharges.orderId, dollarOrder!));
    const month = lastMonth();
    await moveToMonth(orderIds, month);
    await billing().stripe.invoiceItems.create({ customer, amount: 100, currency: 'gbp' });

    await job('billing-invoice-accrued-fees')();
    await job('billing-invoice-accrued-fees')();

    const pounds = await linesOf(poundOrders);
    const owedInPounds = pounds.reduce((sum, l) => sum + l.feeMinor, 0);
    const sent = await billing().stripe.invoiceItems.list({ customer });
    expect(sent.data.map((i) => [i.currency, i.amount]).sort()).toEqual(
      [
        ['gbp', 100],
        ['gbp', owedInPounds],
      ].sort(),
    );
    expect(await itemsOf(merchant.merchantId)).toEqual([
      expect.objectContaining({ kind: 'fees', currency: 'GBP', amountMinor: owedInPounds }),
    ]);
    expect(pounds.every((l) => l.invoicedAt !== null && l.feeHeldReason === null)).toBe(true);
    const [held] = await linesOf([dollarOrder!]);
    expect(held).toMatchObject({ currency: 'USD', invoicedAt: null, feeHeldReason: 'currency' });
    expect(held!.feeMinor).toBeGreaterThan(0);
  });

  it('leaves the month in progress for its own run', async () => {
    const billed = await merchantWithOrders(1);
    const customer = await withBillingCustomer(billed.merchant);
    await job('billing-invoice-accrued-fees')();
    expect((await billing().stripe.invoiceItems.list({ customer })).data).toEqual([]);
    expect(await itemsOf(billed.merchant.merchantId)).toEqual([]);
  });
});

describe('overage of a merchant without a subscription', () => {
  it('is recorded for the 26th order of a trial, shown on the banner, and invoiced on a new customer', async () => {
    const trial = await newMerchant(t);
    const placed: string[] = [];
    for (let i = 0; i < 26; i++) {
      const { orderId } = await insertCheckout(t, trial.merchantId, {
        createdAt: new Date(),
        order: { status: 'ACCEPTED' },
      });
      await recordOrderCharge(t.db, orderId!);
      placed.push(orderId!);
    }
    const lines = await linesOf(placed);
    const over = lines.filter((l) => l.overageMinor > 0);
    expect(over).toEqual([
      expect.objectContaining({
        orderNumberInMonth: 26,
        planId: 'starter',
        overageMinor: 250,
        overageCurrency: 'GBP',
        overageCollection: 'invoice',
      }),
    ]);
    const summary = await dashboardRequest(t, trial.cookie, 'GET', '/api/billing/summary');
    expect(summary.json()).toMatchObject({
      trial: { state: 'trialing' },
      usage: { count: 26, limit: 25, level: 'at_limit', overage_orders: 1, overage_amount: 250 },
    });

    // Nothing meters it: no subscription carries the metered price.
    const send = vi.spyOn(billing().stripe.billing.meterEvents, 'create');
    try {
      await job('billing-report-overage')();
      expect(send.mock.calls.filter(([p]) => p.identifier === `overage_${over[0]!.orderId}`)).toEqual([]);
    } finally {
      send.mockRestore();
    }

    const month = lastMonth();
    await moveToMonth(placed, month);
    await job('billing-invoice-accrued-fees')();
    const customer = await customerOf(trial.merchantId);
    expect(customer).toMatch(/^cus_/);
    const fees = lines.reduce((sum, l) => sum + l.feeMinor, 0);
    const sent = await billing().stripe.invoiceItems.list({ customer: customer! });
    expect(sent.data.map((i) => [i.description, i.amount, i.currency]).sort()).toEqual(
      [
        [`Agent orders beyond the monthly allowance, ${month.slice(0, 7)}`, 250, 'gbp'],
        [`Transaction fees for ${month.slice(0, 7)}`, fees, 'gbp'],
      ].sort(),
    );
    const [billed] = await linesOf([over[0]!.orderId]);
    expect(billed!.overageInvoicedAt).not.toBeNull();
  });
});
