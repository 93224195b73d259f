import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPlan, transactionFeeMinor, type PlanId } from '#common/domain/plans';
import {
  billingAccounts,
  billingOrderCharges,
  billingUsageMonths,
  merchants,
  orders,
  payments,
} from '../../db/schema/index';
import { stripe } from '../../integrations/payments/stripe/index';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { eventually } from '../../test/eventually';
import {
  agentCheckout,
  agentRequest,
  mintSharedPaymentToken,
  newMerchant,
  simControl,
} from '../../test/merchant-kit';
import { recordOrderCharge } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function cardOrder(key: string): Promise<string> {
  const token = await mintSharedPaymentToken(t, 100_000);
  const { checkout } = await agentCheckout(t, key, { method: 'stripe', shared_payment_token: token });
  const confirm = await agentRequest(t, key, 'POST', '/api/agent/confirm', {
    checkout_id: checkout.checkout_id,
  });
  expect(confirm.json(), confirm.body).toMatchObject({ status: 'ACCEPTED' });
  return checkout.checkout_id as string;
}

async function lightningOrder(key: string): Promise<string> {
  const { checkout } = await agentCheckout(t, key, { method: 'btc' }, [
    { sku: 'TEST-PRODUCT-001', quantity: 3 },
  ]);
  const [payment] = await t.db.select().from(payments).where(eq(payments.checkoutId, checkout.checkout_id));
  await simControl(t, 'opennode', `charges/${payment!.providerInvoiceId}/pay`);
  const confirm = await agentRequest(t, key, 'POST', '/api/agent/confirm', {
    checkout_id: checkout.checkout_id,
  });
  expect(confirm.json(), confirm.body).toMatchObject({ status: 'ACCEPTED' });
  return checkout.checkout_id as string;
}

/** Waits for the engine event's subscriber to have written a ledger line for each order. */
const ledgerFor = (orderIds: string[]) =>
  eventually(
    () => t.db.select().from(billingOrderCharges).where(inArray(billingOrderCharges.orderId, orderIds)),
    (rows) => rows.length === orderIds.length,
  );

describe('the platform fee ledger', () => {
  it('balances: fees Stripe Connect took plus fees accrued equal the fees the plans owe', async () => {
    // Growth on Connect: its card fees are taken at the charge. Starter with its own Stripe key and
    // Lightning: its fees accrue for the monthly invoice.
    const connected = await newMerchant(t, { connect: true, stripeConnect: true, apiKey: true });
    await t.db
      .insert(billingAccounts)
      .values({ merchantId: connected.merchantId, subscriptionStatus: 'active', subscriptionPlan: 'growth' });
    const direct = await newMerchant(t, { connect: true, apiKey: true });
    const plans: Record<string, PlanId> = {
      [connected.merchantId]: 'growth',
      [direct.merchantId]: 'starter',
    };

    const checkoutIds = [
      await cardOrder(connected.apiKey),
      await cardOrder(connected.apiKey),
      await cardOrder(direct.apiKey),
      await lightningOrder(direct.apiKey),
    ];
    const placed = await t.db.select().from(orders).where(inArray(orders.checkoutId, checkoutIds));
    const ledger = await ledgerFor(placed.map((o) => o.id));

    // What Stripe took, read back from the connected account's PaymentIntents, not from our ledger.
    let takenByStripe = 0;
    const connectedPayments = await t.db
      .select()
      .from(payments)
      .where(inArray(payments.checkoutId, checkoutIds.slice(0, 2)));
    const [{ accountId }] = (await t.db
      .select({ accountId: merchants.stripeAccountId })
      .from(merchants)
      .where(eq(merchants.id, connected.merchantId))) as [{ accountId: string }];
    const ctx = t.runtime.context(
      { secretKey: t.runtime.stripePlatform!.secretKey, accountId },
      'https://api.stripe.com',
    );
    for (const payment of connectedPayments) {
      const intent = (await stripe.getPayment(ctx as never, payment.providerInvoiceId!)).raw as {
        application_fee_amount: number | null;
      };
      takenByStripe += intent.application_fee_amount ?? 0;
    }
    // The merchant's own key charges on its own account, where Stripe refuses an application fee: none is sent.
    const [ownKeyPayment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.checkoutId, checkoutIds[2]!));
    expect(ownKeyPayment!.providerPayload.raw).toMatchObject({ application_fee_amount: null });
    const owed = placed.reduce(
      (total, order) => total + transactionFeeMinor(order.totalMinor, findPlan(plans[order.merchantId]!)),
      0,
    );
    const charged = ledger
      .filter((l) => l.feeCollection === 'application_fee')
      .reduce((s, l) => s + l.feeMinor, 0);
    const accrued = ledger.filter((l) => l.feeCollection === 'invoice').reduce((s, l) => s + l.feeMinor, 0);

    expect({ takenByStripe, charged, accrued, owed }).toEqual({
      takenByStripe: charged,
      charged: 2 * transactionFeeMinor(placed[0]!.totalMinor, findPlan('growth')),
      accrued: owed - charged,
      owed,
    });
    expect(charged).toBeGreaterThan(0);
    expect(accrued).toBeGreaterThan(0);
    expect(charged + accrued).toBe(owed);
    console.info('fee ledger figures', { takenByStripe, charged, accrued, owed });
  });

  it('records an order once however often its event is delivered, counting it once in the month', async () => {
    const { merchantId, apiKey } = await newMerchant(t, { connect: true, apiKey: true });
    const first = await cardOrder(apiKey);
    const second = await cardOrder(apiKey);
    const [a, b] = await Promise.all(
      [first, second].map(async (checkoutId) => {
        const [order] = await t.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
        return order!.id;
      }),
    );
    // Deliveries of both orders side by side (the event's subscriber delivers them once more meanwhile).
    const results = await Promise.all([a, b, a, b, a, b].map((id) => recordOrderCharge(t.db, id!)));
    const placeOf = (id: string) =>
      new Set(results.filter((r) => r!.orderId === id).map((r) => r!.orderNumberInMonth));
    expect([...placeOf(a!), ...placeOf(b!)].sort()).toEqual([1, 2]);
    await ledgerFor([a!, b!]);
    const rows = await t.db
      .select()
      .from(billingOrderCharges)
      .where(eq(billingOrderCharges.merchantId, merchantId));
    expect(rows).toHaveLength(2);
    // Every repeated delivery gave its place back: the month counts two orders.
    const months = await t.db
      .select()
      .from(billingUsageMonths)
      .where(eq(billingUsageMonths.merchantId, merchantId));
    expect(months.map((m) => m.orderCount)).toEqual([2]);
  });
});
