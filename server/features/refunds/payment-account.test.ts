import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '#common/api/errors';
import { createRefundOutput } from '#common/api/refunds';
import { merchants, paymentConnections, payments, refunds, type Merchant } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import {
  agentCheckout,
  agentRequest,
  connectStripeThroughOAuth,
  dashboardRequest,
  mintSharedPaymentToken,
  newMerchant,
  simControl,
  type TestMerchant,
} from '../../test/merchant-kit';
import { syncCardDisputes } from './disputes';
import { sendUnsentRefunds } from './jobs';

/**
 * A card payment belongs to the Stripe account that took it (ADR 059): each payment records its acct_…,
 * and its refunds and dispute reads go to that account, connected or since disconnected, never to an
 * account the merchant connected after it. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Shop = TestMerchant & { apiKey: string };

const merchantRow = async (id: string): Promise<Merchant> =>
  (await t.db.select().from(merchants).where(eq(merchants.id, id)))[0]!;
const connectedAccount = async (merchantId: string) =>
  (
    await t.db
      .select({ accountId: paymentConnections.accountId })
      .from(paymentConnections)
      .where(and(eq(paymentConnections.merchantId, merchantId), eq(paymentConnections.provider, 'stripe')))
  )[0]?.accountId;

/** A card sale paid through the Stripe simulator on whichever account the merchant has connected. */
async function paidCardPayment(shop: Shop) {
  const token = await mintSharedPaymentToken(t, 100_000);
  const { checkout } = await agentCheckout(t, shop.apiKey, {
    method: 'stripe',
    shared_payment_token: token,
  });
  const confirm = await agentRequest(t, shop.apiKey, 'POST', '/api/agent/confirm', {
    checkout_id: checkout.checkout_id,
  });
  expect(confirm.json().status, confirm.body).toBe('ACCEPTED');
  const [payment] = await t.db
    .select()
    .from(payments)
    .where(eq(payments.checkoutId, checkout.checkout_id as string));
  return payment!;
}

const refund = (shop: Shop, paymentId: string, body: object = { reason: 'requested_by_customer' }) =>
  dashboardRequest(t, shop.cookie, 'POST', `/api/payments/${paymentId}/refunds`, body);

/** The refunds a Stripe account holds on a PaymentIntent, asked with the platform's key on that account. */
async function stripeRefundsOn(accountId: string, paymentIntent: string) {
  const res = await fetch(
    `${t.simulators!.simulators.stripe.baseUrl}/v1/refunds?payment_intent=${paymentIntent}`,
    {
      headers: {
        authorization: `Bearer ${t.services.engine.runtime.stripePlatform!.secretKey}`,
        'stripe-account': accountId,
      },
    },
  );
  return ((await res.json()) as { data?: { id: string }[] }).data ?? [];
}

const disputeEvent = (merchantId: string, dispute: object) =>
  t.app.inject({
    method: 'POST',
    url: `/webhooks/payments/stripe/${merchantId}`,
    payload: {
      id: 'evt_dispute',
      object: 'event',
      type: 'charge.dispute.created',
      data: { object: dispute },
    },
  });

describe('the Stripe account a card payment was taken by', () => {
  it('is recorded on the payment: the key’s account, then the Connect account that replaced it', async () => {
    const shop = await newMerchant(t, { connect: true, apiKey: true });
    const keyAccount = await connectedAccount(shop.merchantId);
    expect(keyAccount).toMatch(/^acct_/);
    expect((await paidCardPayment(shop)).providerAccountId).toBe(keyAccount);

    expect((await dashboardRequest(t, shop.cookie, 'DELETE', '/api/connections/stripe')).statusCode).toBe(
      204,
    );
    const connectAccount = await connectStripeThroughOAuth(t, shop.cookie);
    expect(connectAccount).not.toBe(keyAccount);
    expect((await paidCardPayment(shop)).providerAccountId).toBe(connectAccount);
  });
});

describe('a card payment whose Stripe account was replaced', () => {
  it('is refused a refund in the documented shape, naming its account, and nothing is held or sent', async () => {
    const shop = await newMerchant(t, { connect: true, apiKey: true });
    const old = await paidCardPayment(shop);
    await dashboardRequest(t, shop.cookie, 'DELETE', '/api/connections/stripe');
    const replacement = await connectStripeThroughOAuth(t, shop.cookie);

    const res = await refund(shop, old.id);
    expect(res.statusCode, res.body).toBe(422);
    const { error } = apiErrorSchema.parse(res.json());
    expect(error.code).toBe('unprocessable');
    expect(error.message).toBe(
      `This payment was taken by the Stripe account ${old.providerAccountId}, which is no longer connected. Refund it in that account's Stripe dashboard.`,
    );
    expect(await t.db.select().from(refunds).where(eq(refunds.paymentId, old.id))).toEqual([]);
    expect(await stripeRefundsOn(old.providerAccountId!, old.providerInvoiceId!)).toEqual([]);

    // The new account's own payments refund as ever, on the new account.
    const fresh = await paidCardPayment(shop);
    const ok = await refund(shop, fresh.id);
    expect(ok.statusCode, ok.body).toBe(201);
    const made = createRefundOutput.parse(ok.json()).refund;
    expect(made.status).toBe('succeeded');
    expect(await stripeRefundsOn(replacement, fresh.providerInvoiceId!)).toEqual([
      expect.objectContaining({ id: made.provider_refund_id }),
    ]);
  });

  it('fails a refund reserved before the switch when the job sends it, releasing its amount', async () => {
    const shop = await newMerchant(t, { connect: true, apiKey: true });
    const old = await paidCardPayment(shop);
    // Reserved while Stripe was unreachable: pending, nothing sent yet.
    await simControl(t, 'stripe', 'down');
    let pending;
    try {
      pending = await refund(shop, old.id);
    } finally {
      await simControl(t, 'stripe', 'up');
    }
    expect(pending.statusCode, pending.body).toBe(201);
    expect(createRefundOutput.parse(pending.json()).refund.status).toBe('pending');

    await dashboardRequest(t, shop.cookie, 'DELETE', '/api/connections/stripe');
    await connectStripeThroughOAuth(t, shop.cookie);
    // Unsent for longer than a request could still be sending it.
    await t.db
      .update(refunds)
      .set({ updatedAt: new Date(Date.now() - 120_000) })
      .where(eq(refunds.paymentId, old.id));
    await sendUnsentRefunds(t.services.engine);

    const [sent] = await t.db.select().from(refunds).where(eq(refunds.paymentId, old.id));
    expect(sent).toMatchObject({
      status: 'failed',
      failureReason: expect.stringContaining(`Stripe account ${old.providerAccountId}`),
    });
    expect(await stripeRefundsOn(old.providerAccountId!, old.providerInvoiceId!)).toEqual([]);
  });

  it('has its disputes read from its own account only: refused once another account is connected', async () => {
    const shop = await newMerchant(t, { connect: true, apiKey: true });
    const old = await paidCardPayment(shop);
    await dashboardRequest(t, shop.cookie, 'DELETE', '/api/connections/stripe');
    await connectStripeThroughOAuth(t, shop.cookie);
    await expect(
      syncCardDisputes(t.services.engine, await merchantRow(shop.merchantId), old),
    ).rejects.toMatchObject({
      code: 'not_configured',
      message: expect.stringContaining(old.providerAccountId!),
    });
  });
});

describe('a card payment whose Stripe account was disconnected and not replaced', () => {
  it('still has its dispute recorded and its refund made on that account', async () => {
    const shop = await newMerchant(t, { connect: true, apiKey: true });
    const payment = await paidCardPayment(shop);
    expect((await dashboardRequest(t, shop.cookie, 'DELETE', '/api/connections/stripe')).statusCode).toBe(
      204,
    );

    const dispute = await simControl(t, 'stripe', 'disputes', {
      payment_intent: payment.providerInvoiceId,
      reason: 'fraudulent',
    });
    expect((await disputeEvent(shop.merchantId, dispute)).statusCode).toBe(200);
    const [marked] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(marked).toMatchObject({ disputeId: dispute.id, disputeReason: 'fraudulent' });

    const res = await refund(shop, payment.id, { reason: 'other', amount: 100 });
    expect(res.statusCode, res.body).toBe(201);
    expect(createRefundOutput.parse(res.json()).refund.status).toBe('succeeded');
  });
});
