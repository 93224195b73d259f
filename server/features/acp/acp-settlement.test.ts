import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../db/schema/index';
import {
  acpAddress,
  acpBuyer,
  acpRequest,
  eventsAt,
  expectAcpShape,
  merchantWithAgent,
} from '../../test/acp-kit';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { dashboardRequest, mintSharedPaymentToken, newMerchant, simControl } from '../../test/merchant-kit';
import { statementsDuring } from '../../test/sql-statements';
import { settleOpenCheckouts } from '../commerce/jobs';

/** With the job worker running: order events travel through the real queue to the agent simulator. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const url = (id: string, suffix = '') => `/acp/checkout_sessions/${id}${suffix}`;
const totalOf = (session: { totals: { type: string; amount: number }[] }) =>
  session.totals.find((x) => x.type === 'total')!.amount;

describe('ACP orders reach the agent', () => {
  it('sends a signed order_create to the agent when a card session completes', async () => {
    const m = await merchantWithAgent(t);
    const created = await acpRequest(t, m.apiKey, '2025-09-29', 'POST', '/acp/checkout_sessions', {
      items: [{ id: 'TEST-PRODUCT-001', quantity: 1 }],
      fulfillment_address: acpAddress,
      buyer: acpBuyer,
    });
    const session = created.json();
    const token = await mintSharedPaymentToken(t, totalOf(session));
    const done = await acpRequest(t, m.apiKey, '2025-09-29', 'POST', url(session.id, '/complete'), {
      payment_data: { token, provider: 'stripe' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const [event] = await eventsAt(t, m.host, 1);
    expect(event).toMatchObject({ signature_valid: true });
    expect(event!.body).toMatchObject({
      type: 'order_create',
      data: {
        type: 'order',
        checkout_session_id: session.id,
        permalink_url: done.json().order.permalink_url,
      },
    });
    // The delivery is logged as delivered once the agent's answer is back, a moment after it received it.
    await expect
      .poll(
        async () =>
          (await dashboardRequest(t, m.cookie, 'GET', '/api/acp/webhook-deliveries')).json().deliveries[0],
      )
      .toMatchObject({ session_id: session.id, status: 'delivered', attempts: 1 });
  });

  it('loads the merchant card account once for a card completion', async () => {
    const m = await newMerchant(t, { connect: true, apiKey: true });
    const created = await acpRequest(t, m.apiKey, '2025-09-29', 'POST', '/acp/checkout_sessions', {
      items: [{ id: 'TEST-PRODUCT-001', quantity: 1 }],
      fulfillment_address: acpAddress,
      buyer: acpBuyer,
    });
    const session = created.json();
    const token = await mintSharedPaymentToken(t, totalOf(session));
    const statements = await statementsDuring(t, async () => {
      const done = await acpRequest(t, m.apiKey, '2025-09-29', 'POST', url(session.id, '/complete'), {
        payment_data: { token, provider: 'stripe' },
      });
      expect(done.statusCode, done.body).toBe(200);
    });
    const cardAccountReads = statements.filter(
      (s) => /from "payment_connections"/.test(s.text) && s.values.includes(m.merchantId),
    );
    // The token check, the checkout and the charge share one load.
    expect(cardAccountReads).toHaveLength(1);
  });

  it('completes a Lightning session paid in the background, without the agent asking', async () => {
    const m = await merchantWithAgent(t);
    const created = await acpRequest(t, m.apiKey, '2026-04-17', 'POST', '/acp/checkout_sessions', {
      line_items: [{ id: 'TEST-PRODUCT-001' }],
      buyer: { email: 'bg@example.com' },
      fulfillment_details: { address: acpAddress },
    });
    const session = created.json();
    const handler = session.capabilities.payment.handlers.find(
      (h: { id: string }) => h.id === 'bitcoin_lightning',
    );
    await simControl(t, 'opennode', `charges/${handler.config.invoice.id}/pay`);
    await settleOpenCheckouts({ ...t.services, keyring: t.config.keyring, caches: t.services.engine.caches });

    const read = await acpRequest(t, m.apiKey, '2026-04-17', 'GET', url(session.id));
    expect(read.json().status).toBe('completed');
    expectAcpShape('2026-04-17', 'CheckoutSessionWithOrder', read.json());
    const events = await eventsAt(t, m.host, 1);
    expect(events[0]).toMatchObject({ signature_valid: true, body: { type: 'order_create' } });
  });

  it('replaces an expired Lightning invoice and says so', async () => {
    const m = await newMerchant(t, { connect: true, apiKey: true });
    const created = await acpRequest(t, m.apiKey, '2026-04-17', 'POST', '/acp/checkout_sessions', {
      line_items: [{ id: 'TEST-PRODUCT-001' }],
      buyer: { email: 'late@example.com' },
      fulfillment_details: { address: acpAddress },
    });
    const invoiceOf = (s: {
      capabilities: { payment: { handlers: { id: string; config: { invoice: { id: string } } }[] } };
    }) => s.capabilities.payment.handlers.find((h) => h.id === 'bitcoin_lightning')!.config.invoice;
    const first = invoiceOf(created.json());
    await simControl(t, 'opennode', `charges/${first.id}/expire`);
    const late = await acpRequest(t, m.apiKey, '2026-04-17', 'POST', url(created.json().id, '/complete'), {
      payment_data: {
        handler_id: 'bitcoin_lightning',
        instrument: { type: 'lightning_invoice', credential: { type: 'invoice_id', token: first.id } },
      },
    });
    expect(late.statusCode, late.body).toBe(402);
    expect(late.json().code).toBe('payment_expired');
    const read = await acpRequest(t, m.apiKey, '2026-04-17', 'GET', url(created.json().id));
    expect(read.json().status).toBe('ready_for_payment');
    expect(invoiceOf(read.json()).id).not.toBe(first.id);
  });
});

describe('one payment per session', () => {
  const lightningSession = async (apiKey: string) => {
    const created = await acpRequest(t, apiKey, '2026-04-17', 'POST', '/acp/checkout_sessions', {
      line_items: [{ id: 'TEST-PRODUCT-001' }],
      buyer: { email: 'once@example.com' },
      fulfillment_details: { address: acpAddress },
    });
    const session = created.json();
    const handler = session.capabilities.payment.handlers.find(
      (h: { id: string }) => h.id === 'bitcoin_lightning',
    );
    return { session, invoiceId: handler.config.invoice.id as string };
  };
  const payByCard = async (
    apiKey: string,
    session: { id: string; totals: { type: string; amount: number }[] },
  ) => {
    const token = await mintSharedPaymentToken(t, totalOf(session));
    const res = await acpRequest(t, apiKey, '2026-04-17', 'POST', url(session.id, '/complete'), {
      payment_data: {
        handler_id: 'card_spt',
        instrument: { type: 'card', credential: { type: 'spt', token } },
      },
    });
    return { res, token };
  };
  const ordersOf = (merchantId: string) =>
    t.db.select().from(orders).where(eq(orders.merchantId, merchantId));

  it('withdraws the open invoice when the card pays, so paying it later never makes a second order', async () => {
    const m = await newMerchant(t, { connect: true, apiKey: true });
    const { session, invoiceId } = await lightningSession(m.apiKey);
    const { res } = await payByCard(m.apiKey, session);
    expect(res.statusCode, res.body).toBe(200);

    await simControl(t, 'opennode', `charges/${invoiceId}/pay`);
    await settleOpenCheckouts({ ...t.services, keyring: t.config.keyring, caches: t.services.engine.caches });
    expect(await ordersOf(m.merchantId)).toHaveLength(1);
    const [late] = await t.db.select().from(payments).where(eq(payments.providerInvoiceId, invoiceId));
    expect(late!.status).toBe('needs_review');
  });

  it('completes with the Lightning payment instead of charging the card when the invoice was already paid', async () => {
    const m = await newMerchant(t, { connect: true, apiKey: true });
    const { session, invoiceId } = await lightningSession(m.apiKey);
    await simControl(t, 'opennode', `charges/${invoiceId}/pay`);
    const { res, token } = await payByCard(m.apiKey, session);
    expect(res.statusCode, res.body).toBe(200);
    const { simulators, credentials } = t.simulators!;
    const granted = await fetch(`${simulators.stripe.baseUrl}/v1/shared_payment/granted_tokens/${token}`, {
      headers: { authorization: `Bearer ${credentials.stripe.secretKey}` },
    });
    expect((await granted.json()).usage_details.amount_captured.value).toBe(0);
    expect(await ordersOf(m.merchantId)).toHaveLength(1);
  });

  it('withdraws a replaced invoice and lets the same Idempotency-Key see the payment arrive', async () => {
    const m = await newMerchant(t, { connect: true, apiKey: true });
    const { session, invoiceId: first } = await lightningSession(m.apiKey);
    const updated = await acpRequest(t, m.apiKey, '2026-04-17', 'POST', url(session.id), {
      line_items: [{ id: 'TEST-PRODUCT-001', quantity: 2 }],
    });
    const current = updated
      .json()
      .capabilities.payment.handlers.find((h: { id: string }) => h.id === 'bitcoin_lightning').config
      .invoice.id;
    expect(current).not.toBe(first);
    const [withdrawn] = await t.db.select().from(payments).where(eq(payments.providerInvoiceId, first));
    expect(withdrawn!.status).toBe('expired');

    const complete = () =>
      acpRequest(
        t,
        m.apiKey,
        '2026-04-17',
        'POST',
        url(session.id, '/complete'),
        {
          payment_data: {
            handler_id: 'bitcoin_lightning',
            instrument: { type: 'lightning_invoice', credential: { type: 'invoice_id', token: current } },
          },
        },
        { 'idempotency-key': `complete-${session.id}` },
      );
    expect((await complete()).statusCode).toBe(409);
    await simControl(t, 'opennode', `charges/${current}/pay`);
    const done = await complete();
    expect(done.statusCode, done.body).toBe(200);
    expect(done.headers['idempotent-replayed']).toBeUndefined();
    expect((await complete()).headers['idempotent-replayed']).toBe('true');
  });
});
