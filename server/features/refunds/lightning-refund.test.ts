import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusOutput } from '#common/api/order-status';
import { apiErrorSchema } from '#common/api/errors';
import { createRefundOutput, paymentRefundsOutput } from '#common/api/refunds';
import { acpSessions, payments, refunds } from '../../db/schema/index';
import { acpAddress, acpRequest } from '../../test/acp-kit';
import { insertCheckout } from '../../test/checkout-rows';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { dashboardRequest, newMerchant, simControl, type TestMerchant } from '../../test/merchant-kit';
import { settleOpenCheckouts } from '../commerce/jobs';
import {
  LIGHTNING_REFUND_MESSAGES,
  PAYOUT_IN_DOUBT_GRACE_MS,
  settlePendingPayouts,
} from './lightning-refund';

let t: TestApp;
let merchant: TestMerchant & { apiKey: string };
beforeAll(async () => {
  t = await createTestApp();
  merchant = await newMerchant(t, { connect: true, apiKey: true });
});
afterAll(() => t.close());

let ip = 0;
const from = () => `10.77.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

/** An ACP order paid by Lightning through the OpenNode simulator: its payment and order-page token. */
async function paidLightningOrder() {
  const created = await acpRequest(t, merchant.apiKey, '2026-04-17', 'POST', '/acp/checkout_sessions', {
    line_items: [{ id: 'TEST-PRODUCT-001', quantity: 2 }],
    buyer: { email: 'sats@example.com' },
    fulfillment_details: { address: acpAddress },
  });
  expect(created.statusCode, created.body).toBe(201);
  const session = created.json();
  const handler = session.capabilities.payment.handlers.find(
    (h: { id: string }) => h.id === 'bitcoin_lightning',
  );
  await simControl(t, 'opennode', `charges/${handler.config.invoice.id}/pay`);
  await settleOpenCheckouts({ ...t.services, keyring: t.config.keyring, caches: t.services.engine.caches });
  const [row] = await t.db.select().from(acpSessions).where(eq(acpSessions.id, session.id));
  const [payment] = await t.db.select().from(payments).where(eq(payments.checkoutId, row!.checkoutId!));
  expect(payment!.status).toBe('succeeded');
  return { payment: payment!, token: row!.orderPageToken };
}

const refund = (who: TestMerchant, paymentId: string, body: object) =>
  dashboardRequest(t, who.cookie, 'POST', `/api/payments/${paymentId}/refunds`, body);

const orderPage = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/order-status/${token}`, remoteAddress: from() });
  expect(res.statusCode, res.body).toBe(200);
  return orderStatusOutput.parse(res.json());
};

const giveInvoice = (token: string, invoice: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/order-status/${token}/refund-invoice`,
    payload: { invoice },
    remoteAddress: from(),
  });

/** A buyer's invoice from the OpenNode simulator (as the buyer's wallet makes one). */
const buyerInvoice = async (amountSats: number, expiresInSeconds = 3600) =>
  (await simControl(t, 'opennode', 'invoices', {
    amount_sats: amountSats,
    expires_in_seconds: expiresInSeconds,
  })) as { payreq: string };

/** The OpenNode simulator's withdrawals of the sandbox account. */
async function withdrawals() {
  const { simulators, credentials } = t.simulators!;
  const res = await fetch(`${simulators.opennode.baseUrl}/v1/withdrawals`, {
    headers: { authorization: credentials.opennode.apiKey as string },
  });
  return ((await res.json()) as { data: { id: string; reference: string; amount: number; status: string }[] })
    .data;
}

const messageOf = (body: string) => apiErrorSchema.parse(JSON.parse(body)).error.message;

describe('a Lightning refund', () => {
  it('waits for the buyer, whose invoice for its sats at the original rate is paid once', async () => {
    const { payment, token } = await paidLightningOrder();
    const paidSats = payment.providerPayload.amount_sats as number;
    const half = Math.floor(payment.amountMinor / 2);
    const made = await refund(merchant, payment.id, { reason: 'requested_by_customer', amount: half });
    expect(made.statusCode, made.body).toBe(201);
    const { refund: pending } = createRefundOutput.parse(made.json());
    const owed = Math.round((paidSats * half) / payment.amountMinor);
    expect(pending).toMatchObject({
      rail: 'lightning',
      status: 'pending',
      awaiting_invoice: true,
      amount_sats: owed,
      settled_outside: false,
    });
    const listed = paymentRefundsOutput.parse(
      (await dashboardRequest(t, merchant.cookie, 'GET', `/api/payments/${payment.id}/refunds`)).json(),
    );
    expect(listed).toMatchObject({ rail: 'lightning', lightning_payout: 'buyer_invoice' });

    const before = await orderPage(token);
    expect(before.lightningRefunds).toEqual([
      { amount: half, amountSats: owed, status: 'awaiting_invoice', createdAt: expect.any(String) },
    ]);
    expect(before.btcPriceMinor).toBe(Math.round((payment.amountMinor * 1e8) / paidSats));

    // Refused, each with what to do instead; nothing is paid and the refund still waits.
    const refusals: [string, string][] = [
      ['not an invoice', LIGHTNING_REFUND_MESSAGES.notAnInvoice],
      [(await buyerInvoice(owed + 1)).payreq, LIGHTNING_REFUND_MESSAGES.otherAmount(owed + 1, owed)],
      [(await buyerInvoice(0)).payreq, LIGHTNING_REFUND_MESSAGES.noAmount(owed)],
      [(await buyerInvoice(owed, -60)).payreq, LIGHTNING_REFUND_MESSAGES.expired(owed)],
    ];
    for (const [invoice, message] of refusals) {
      const res = await giveInvoice(token, invoice);
      expect(res.statusCode, res.body).toBe(422);
      expect(messageOf(res.body)).toBe(message);
    }
    expect((await orderPage(token)).lightningRefunds[0]!.status).toBe('awaiting_invoice');

    const { payreq } = await buyerInvoice(owed);
    const paid = await giveInvoice(token, payreq);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(orderStatusOutput.parse(paid.json()).lightningRefunds[0]!.status).toBe('paid');
    const [row] = await t.db.select().from(refunds).where(eq(refunds.id, pending.id));
    expect(row).toMatchObject({ status: 'succeeded', paymentRequest: payreq, amountSats: owed });
    expect(row!.providerRefundId).toBeTruthy();
    expect((await withdrawals()).filter((w) => w.reference === payreq)).toEqual([
      expect.objectContaining({ amount: owed, status: 'confirmed' }),
    ]);

    // A second refund cannot be paid to the same invoice; and with none waiting, the page says so.
    const second = await refund(merchant, payment.id, { reason: 'other', amount: 1 });
    expect(second.statusCode, second.body).toBe(201);
    const again = await giveInvoice(token, payreq);
    expect(again.statusCode).toBe(422);
    expect(messageOf(again.body)).toBe(
      LIGHTNING_REFUND_MESSAGES.otherAmount(
        owed,
        createRefundOutput.parse(second.json()).refund.amount_sats!,
      ),
    );
  });

  it('pays out once when the buyer submits twice at the same time', async () => {
    const { payment, token } = await paidLightningOrder();
    const made = await refund(merchant, payment.id, { reason: 'requested_by_customer' });
    const owed = createRefundOutput.parse(made.json()).refund.amount_sats!;
    // A full refund owes exactly the sats that were paid.
    expect(owed).toBe(payment.providerPayload.amount_sats);
    const [a, b] = [await buyerInvoice(owed), await buyerInvoice(owed)];
    const answers = await Promise.all([
      giveInvoice(token, a.payreq),
      giveInvoice(token, b.payreq),
      giveInvoice(token, a.payreq),
    ]);
    const codes = answers.map((r) => r.statusCode).sort();
    expect(
      codes.filter((c) => c === 200),
      JSON.stringify(answers.map((r) => r.body)),
    ).toHaveLength(1);
    for (const r of answers.filter((x) => x.statusCode !== 200)) {
      expect([409, 422]).toContain(r.statusCode);
    }
    const paidOut = (await withdrawals()).filter((w) => w.reference === a.payreq || w.reference === b.payreq);
    expect(paidOut).toHaveLength(1);
    const rows = await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('succeeded');
    // Paid: nothing waits any more.
    const late = await giveInvoice(token, (await buyerInvoice(owed)).payreq);
    expect(late.statusCode).toBe(409);
    expect(messageOf(late.body)).toBe(LIGHTNING_REFUND_MESSAGES.none);
  });

  it('fails with the reason when the payout fails, releasing the amount', async () => {
    const { payment, token } = await paidLightningOrder();
    const made = await refund(merchant, payment.id, { reason: 'other' });
    const owed = createRefundOutput.parse(made.json()).refund.amount_sats!;
    await simControl(t, 'opennode', 'withdrawals/next', { outcome: 'failed' });
    const res = await giveInvoice(token, (await buyerInvoice(owed)).payreq);
    expect(res.statusCode, res.body).toBe(200);
    expect(orderStatusOutput.parse(res.json()).lightningRefunds[0]!.status).toBe('failed');
    const after = paymentRefundsOutput.parse(
      (await dashboardRequest(t, merchant.cookie, 'GET', `/api/payments/${payment.id}/refunds`)).json(),
    );
    expect(after.refunds[0]).toMatchObject({ status: 'failed', failure_reason: expect.any(String) });
    expect(after.refundable.remaining).toBe(payment.amountMinor);
  });

  it("is never another merchant's to make, and an unknown token is a 404", async () => {
    const { payment } = await paidLightningOrder();
    const intruder = await newMerchant(t);
    expect((await refund(intruder, payment.id, { reason: 'other' })).statusCode).toBe(404);
    const res = await giveInvoice('f'.repeat(64), (await buyerInvoice(10)).payreq);
    expect(res.statusCode).toBe(404);
  });
});

describe('a Lightning refund payout whose answer was lost (ADR 058)', () => {
  /** The refund in doubt as the job would find it once its grace has passed. */
  const pastGrace = (refundId: string) =>
    t.db
      .update(refunds)
      .set({ updatedAt: new Date(Date.now() - PAYOUT_IN_DOUBT_GRACE_MS - 1_000) })
      .where(eq(refunds.id, refundId));
  const paidTo = async (payreq: string) => (await withdrawals()).filter((w) => w.reference === payreq);

  async function refundInDoubt(fault: () => Promise<unknown>) {
    const { payment, token } = await paidLightningOrder();
    const made = await refund(merchant, payment.id, { reason: 'requested_by_customer' });
    const owed = createRefundOutput.parse(made.json()).refund.amount_sats!;
    const { payreq } = await buyerInvoice(owed);
    await fault();
    const res = await giveInvoice(token, payreq);
    await simControl(t, 'opennode', 'up');
    expect(res.statusCode, res.body).toBe(502);
    expect(messageOf(res.body)).toBe(LIGHTNING_REFUND_MESSAGES.unavailable);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(row).toMatchObject({ status: 'pending', paymentRequest: payreq, providerRefundId: null });
    // Claimed: the buyer giving it again is told it is on its way, nothing is sent.
    const again = await giveInvoice(token, (await buyerInvoice(owed)).payreq);
    expect([again.statusCode, messageOf(again.body)]).toEqual([409, LIGHTNING_REFUND_MESSAGES.busy]);
    return { refundId: row!.id, payreq };
  }

  it('is found at the provider and recorded, never paid a second time', async () => {
    // OpenNode made the withdrawal, and its answer never arrived whole.
    const { refundId, payreq } = await refundInDoubt(() =>
      simControl(t, 'opennode', 'malformed', { count: 1 }),
    );
    const [withdrawal] = await paidTo(payreq);
    expect(withdrawal).toBeDefined();

    // Within the grace nothing is asked: the request could still be on its way.
    await settlePendingPayouts(t.services.engine);
    expect(
      (await t.db.select().from(refunds).where(eq(refunds.id, refundId)))[0]!.providerRefundId,
    ).toBeNull();

    await pastGrace(refundId);
    await settlePendingPayouts(t.services.engine);
    const [settled] = await t.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(settled).toMatchObject({ status: 'succeeded', providerRefundId: withdrawal!.id });
    expect(await paidTo(payreq)).toHaveLength(1);
    // A later round has nothing left to do.
    await pastGrace(refundId);
    await settlePendingPayouts(t.services.engine);
    expect(await paidTo(payreq)).toHaveLength(1);
  });

  it('is sent again, once, when the provider never had it', async () => {
    const { refundId, payreq } = await refundInDoubt(() => simControl(t, 'opennode', 'down'));
    expect(await paidTo(payreq)).toHaveLength(0);
    await pastGrace(refundId);
    await Promise.all([settlePendingPayouts(t.services.engine), settlePendingPayouts(t.services.engine)]);
    const [settled] = await t.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(settled!.status).toBe('succeeded');
    expect(await paidTo(payreq)).toHaveLength(1);
  });
});

describe('a Lightning refund on a provider with no payout API (CoinCorner)', () => {
  it('is refused unless the merchant says it refunded outside AgentCart, then recorded as such', async () => {
    const { checkoutId } = await insertCheckout(t, merchant.merchantId, {
      createdAt: new Date(),
      payment: { method: 'btc_coincorner', status: 'succeeded', payload: { amount_sats: 4000 } },
      order: { status: 'ACCEPTED' },
    });
    const [payment] = await t.db.select().from(payments).where(eq(payments.checkoutId, checkoutId));
    const listed = paymentRefundsOutput.parse(
      (await dashboardRequest(t, merchant.cookie, 'GET', `/api/payments/${payment!.id}/refunds`)).json(),
    );
    expect(listed.lightning_payout).toBe('outside_agentcart');
    const refused = await refund(merchant, payment!.id, { reason: 'other' });
    expect(refused.statusCode).toBe(422);
    expect(messageOf(refused.body)).toBe(
      'CoinCorner cannot send refunds through AgentCart. Refund the buyer outside AgentCart, then record it here.',
    );
    const recorded = await refund(merchant, payment!.id, { reason: 'other', refunded_outside: true });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(createRefundOutput.parse(recorded.json()).refund).toMatchObject({
      status: 'succeeded',
      settled_outside: true,
      awaiting_invoice: false,
      amount_sats: null,
      provider_refund_id: null,
    });
  });
});
