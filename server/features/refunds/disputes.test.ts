import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPaymentsOutput } from '#common/api/payments';
import { acpSessions, payments } from '../../db/schema/index';
import { acpAddress, acpRequest, eventsAt, merchantWithAgent } from '../../test/acp-kit';
import { acpSpecAvailable, officialWebhookValidator } from '../../test/acp-official-schemas';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { eventually } from '../../test/eventually';
import { dashboardRequest, mintSharedPaymentToken, simControl } from '../../test/merchant-kit';

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
  t.app.inject({
    method: 'POST',
    url: `/webhooks/payments/stripe/${merchantId}`,
    payload: { id: 'evt_test', object: 'event', type, data: { object } },
  });

describe('a card dispute', () => {
  it('marks the payment disputed once, notifies the merchant and tells the agent', async () => {
    const m = await merchantWithAgent(t);
    const payment = await paidCardSession(m);
    await eventsAt(t, m.host, 1);

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

    const events = await eventsAt(t, m.host, 2);
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
    expect(await eventsAt(t, m.host, 2)).toHaveLength(2);
  });
});
