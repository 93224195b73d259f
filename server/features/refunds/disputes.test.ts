import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPaymentsOutput } from '#common/api/payments';
import { acpSessions, payments } from '../../db/schema/index';
import {
  acpAddress,
  acpRequest,
  eventsAt,
  eventsUntilConfirmed,
  merchantWithAgent,
} from '../../test/acp-kit';
import { acpSpecAvailable, officialWebhookValidator } from '../../test/acp-official-schemas';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { eventually } from '../../test/eventually';
import { dashboardRequest, mintSharedPaymentToken, simControl } from '../../test/merchant-kit';
import { deliverStripeEvent } from '../../test/stripe-events';

/**
 * Card disputes (ADR 053): Stripe's charge.dispute.created marks the payment disputed once, read back
 * from Stripe with the merchant's key; the merchant is notified and the agent gets an order update with
 * an adjustment of type dispute, valid against the official ACP 2026-04-17 webhook schema.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function paidCardSession(m: Awaited<ReturnType<typeof merchantWithAgent>>) {
  const created = await acpRequest(t, m.apiKey, '2026-04-17', 'POST', '/acp/checkout_sessions', {
    line_items: [{ id: 'TEST-PRODUCT-001' }],
    buyer: { email: 'dispute@example.com' },
    fulfillment_details: { address: acpAddress },
  });
  const session = created.json();
  const total = session.totals.find((x: { type: string }) => x.type === 'total').amount as number;
  const token = await mintSharedPaymentToken(t, total);
  const completed = await acpRequest(
    t,
    m.apiKey,
    '2026-04-17',
    'POST',
    `/acp/checkout_sessions/${session.id}/complete`,
    {
      payment_data: {
        handler_id: 'card_spt',
        instrument: { type: 'card', credential: { type: 'spt', token } },
      },
    },
  );
  expect(completed.statusCode, completed.body).toBe(200);
  const [row] = await t.db.select().from(acpSessions).where(eq(acpSessions.id, session.id));
  const [payment] = await t.db.select().from(payments).where(eq(payments.checkoutId, row!.checkoutId!));
  return payment!;
}

const stripeEvent = (merchantId: string, type: string, object: object) =>
  deliverStripeEvent(t, merchantId, { type, data: { object } });

type OrderUpdate = {
  type: string;
  data: {
    adjustments: { type: string; status: string; reason?: string; amount?: number; currency?: string }[];
  };
};

const notificationsOf = (cookie: string, event: string, count: number) =>
  eventually(
    async () =>
      (
        (await dashboardRequest(t, cookie, 'GET', '/api/notifications')).json().notifications as {
          event: string;
          title: string;
          body: string;
        }[]
      ).filter((row) => row.event === event),
    (rows) => rows.length >= count,
  );

describe('a card dispute', () => {
  it('marks the payment disputed once, notifies the merchant and tells the agent', async () => {
    const m = await merchantWithAgent(t);
    const payment = await paidCardSession(m);
    const confirmed = await eventsUntilConfirmed(t, m.host);

    // An event about a payment with no dispute at Stripe changes nothing: the body is never believed.
    const forged = await stripeEvent(m.merchantId, 'charge.dispute.created', {
      id: 'dp_forged',
      object: 'dispute',
      payment_intent: payment.providerInvoiceId,
    });
    expect(forged.statusCode).toBe(200);
    const [untouched] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(untouched!.disputeId).toBeNull();

    const dispute = await simControl(t, 'stripe', 'disputes', {
      payment_intent: payment.providerInvoiceId,
      reason: 'product_not_received',
    });
    expect(dispute.id).toMatch(/^dp_/);
    for (let i = 0; i < 2; i++) {
      const res = await stripeEvent(m.merchantId, 'charge.dispute.created', dispute);
      expect(res.statusCode, res.body).toBe(200);
    }
    const [marked] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(marked).toMatchObject({ disputeId: dispute.id, disputeReason: 'product_not_received' });

    const listed = listPaymentsOutput.parse(
      (await dashboardRequest(t, m.cookie, 'GET', '/api/payments?limit=10')).json(),
    );
    expect(listed.payments.find((p) => p.id === payment.id)).toMatchObject({ disputed: true });

    const notices = await eventually(
      async () =>
        (await dashboardRequest(t, m.cookie, 'GET', '/api/notifications')).json().notifications as {
          event: string;
          title: string;
        }[],
      (rows) => rows.some((row) => row.event === 'payment_disputed'),
    );
    expect(notices.filter((row) => row.event === 'payment_disputed')).toHaveLength(1);

    const events = await eventsAt(t, m.host, confirmed + 1);
    const update = events.at(-1)!.body as {
      type: string;
      data: { adjustments: { type: string; status: string; reason?: string }[] };
    };
    expect(update.type).toBe('order_update');
    expect(update.data.adjustments).toEqual([
      expect.objectContaining({ type: 'dispute', status: 'pending', reason: 'product_not_received' }),
    ]);
    if (acpSpecAvailable)
      expect(officialWebhookValidator('2026-04-17')(update)).toEqual({ valid: true, errors: [] });
    // Told once: the repeated event sent nothing more.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await eventsAt(t, m.host, confirmed + 1)).toHaveLength(confirmed + 1);
  });

  it('follows the dispute to its outcome: lost is told, credited to the buyer and leaves net revenue', async () => {
    const m = await merchantWithAgent(t);
    const payment = await paidCardSession(m);
    const confirmed = await eventsUntilConfirmed(t, m.host);
    const dispute = await simControl(t, 'stripe', 'disputes', {
      payment_intent: payment.providerInvoiceId,
      reason: 'fraudulent',
    });
    expect((await stripeEvent(m.merchantId, 'charge.dispute.created', dispute)).statusCode).toBe(200);
    await eventsAt(t, m.host, confirmed + 1);

    // Evidence under review: recorded, but neither the merchant nor the agent is told of a step.
    const reviewed = await simControl(t, 'stripe', `disputes/${dispute.id}/review`);
    expect((await stripeEvent(m.merchantId, 'charge.dispute.updated', reviewed)).statusCode).toBe(200);
    const [underReview] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(underReview).toMatchObject({ disputeStatus: 'under_review', disputeClosedAt: null });

    // A closing event sent before the bank decided is not believed: Stripe still says under review.
    const early = await stripeEvent(m.merchantId, 'charge.dispute.closed', { ...reviewed, status: 'won' });
    expect(early.statusCode).toBe(200);
    const [stillOpen] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(stillOpen!.disputeStatus).toBe('under_review');

    const lost = await simControl(t, 'stripe', `disputes/${dispute.id}/resolve`, { outcome: 'lost' });
    for (let i = 0; i < 2; i++)
      expect((await stripeEvent(m.merchantId, 'charge.dispute.closed', lost)).statusCode).toBe(200);
    const [closed] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(closed).toMatchObject({ disputeStatus: 'lost', disputeAmountMinor: payment.amountMinor });
    expect(closed!.disputeClosedAt).toBeInstanceOf(Date);

    const told = await notificationsOf(m.cookie, 'payment_disputed', 2);
    expect(told.map((row) => row.title).sort()).toEqual(['Dispute lost', 'Payment disputed']);

    const events = await eventsAt(t, m.host, confirmed + 2);
    const update = events.at(-1)!.body as OrderUpdate;
    expect(update.data.adjustments).toEqual([
      expect.objectContaining({
        type: 'dispute',
        status: 'completed',
        amount: payment.amountMinor,
        currency: payment.currency.toLowerCase(),
        reason: 'fraudulent',
      }),
    ]);
    if (acpSpecAvailable)
      expect(officialWebhookValidator('2026-04-17')(update)).toEqual({ valid: true, errors: [] });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await eventsAt(t, m.host, confirmed + 2)).toHaveLength(confirmed + 2);

    const report = async () =>
      (await dashboardRequest(t, m.cookie, 'GET', '/api/analytics?days=7&include_test=true')).json().totals;
    const totals = await report();
    expect(totals.disputes_lost).toBe(payment.amountMinor);
    expect(totals.net_revenue).toBe(totals.revenue - totals.refunded - payment.amountMinor);
  });

  it('tells of a dispute won, with nothing credited to the buyer', async () => {
    const m = await merchantWithAgent(t);
    const payment = await paidCardSession(m);
    const confirmed = await eventsUntilConfirmed(t, m.host);
    const dispute = await simControl(t, 'stripe', 'disputes', { payment_intent: payment.providerInvoiceId });
    // Only the closing event arrives (the others were missed): the dispute is recorded already decided.
    const won = await simControl(t, 'stripe', `disputes/${dispute.id}/resolve`, { outcome: 'won' });
    expect((await stripeEvent(m.merchantId, 'charge.dispute.closed', won)).statusCode).toBe(200);
    const [closed] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(closed).toMatchObject({ disputeId: dispute.id, disputeStatus: 'won' });

    const told = await notificationsOf(m.cookie, 'payment_disputed', 1);
    expect(told.map((row) => row.title)).toEqual(['Dispute won']);
    const update = (await eventsAt(t, m.host, confirmed + 1)).at(-1)!.body as OrderUpdate;
    expect(update.data.adjustments).toEqual([expect.objectContaining({ type: 'dispute', status: 'failed' })]);
    expect(update.data.adjustments[0]).not.toHaveProperty('amount');
    if (acpSpecAvailable)
      expect(officialWebhookValidator('2026-04-17')(update)).toEqual({ valid: true, errors: [] });
    const totals = (
      await dashboardRequest(t, m.cookie, 'GET', '/api/analytics?days=7&include_test=true')
    ).json().totals;
    expect(totals.disputes_lost).toBe(0);
  });
});
