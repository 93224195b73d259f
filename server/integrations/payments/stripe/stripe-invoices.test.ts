import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { sdkError, simulatorFixture } from './stripe-test-kit';
import { STRIPE_SANDBOX_PLATFORM_SECRET_KEY } from '#sandbox/payments/stripe/simulator';

const CARD = { exp: '12 / 34', cvc: '123' };

/** Submits a hosted page's form as a browser would, without following the redirect. */
async function submit(url: string, fields: Record<string, string>) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

describe('stripe simulator: one-off invoices through the official SDK', () => {
  const fx = simulatorFixture();
  const platform = () => fx.sdk(STRIPE_SANDBOX_PLATFORM_SECRET_KEY);

  /** A customer with two pending invoice items in pounds. */
  async function customerWithItems() {
    const customer = await platform().customers.create({ email: 'merchant@shop.test' });
    await platform().invoiceItems.create({ customer: customer.id, amount: 1234, currency: 'gbp' });
    await platform().invoiceItems.create({ customer: customer.id, amount: 250, currency: 'gbp' });
    return customer;
  }

  /** What a business creates to bill a customer's pending items by email: a draft with those items. */
  const sendInvoice = (customer: string, extra: Partial<Stripe.InvoiceCreateParams> = {}) =>
    platform().invoices.create({
      customer,
      pending_invoice_items_behavior: 'include',
      collection_method: 'send_invoice',
      days_until_due: 14,
      auto_advance: true,
      ...extra,
    });

  it('creates a draft with the pending items, finalizes it to open with a hosted page, and sends it', async () => {
    const hook = await platform().webhookEndpoints.create({
      url: 'https://app.example/webhooks/billing',
      enabled_events: ['*'],
    });
    const customer = await customerWithItems();
    const draft = await sendInvoice(customer.id, { metadata: { month: '2026-10-01' } });
    expect(draft).toMatchObject({
      object: 'invoice',
      status: 'draft',
      customer: customer.id,
      currency: 'gbp',
      collection_method: 'send_invoice',
      auto_advance: true,
      billing_reason: 'manual',
      parent: null,
      number: null,
      hosted_invoice_url: null,
      total: 1484,
      amount_due: 1484,
      metadata: { month: '2026-10-01' },
    });
    expect(draft.due_date! - draft.created).toBe(14 * 24 * 60 * 60);
    expect(draft.lines.data.map((l) => l.amount).sort()).toEqual([1234, 250]);
    expect((await platform().invoiceItems.list({ customer: customer.id, pending: true })).data).toEqual([]);

    const open = await platform().invoices.finalizeInvoice(draft.id);
    expect(open).toMatchObject({ status: 'open', amount_remaining: 1484 });
    expect(open.number).toMatch(/-0001$/);
    expect(open.hosted_invoice_url).toBe(`${fx.baseUrl}/i/${draft.id}`);
    expect(await platform().invoices.sendInvoice(draft.id)).toMatchObject({ status: 'open' });

    const types = fx.deliveries
      .filter((d) => d.url === hook.url)
      .map((d) => Stripe.webhooks.constructEvent(d.body, d.headers['stripe-signature']!, hook.secret!))
      .filter((e) => (e.data.object as { id?: string }).id === draft.id)
      .map((e) => e.type);
    expect(types).toEqual(['invoice.created', 'invoice.finalized', 'invoice.sent']);
  });

  it('is paid on its hosted page with 4242, declines 4000 0000 0000 0002, and takes 3-D Secure', async () => {
    const customer = await customerWithItems();
    const invoice = await platform().invoices.finalizeInvoice((await sendInvoice(customer.id)).id);
    const pageUrl = invoice.hosted_invoice_url!;
    const page = await (await fetch(pageUrl)).text();
    expect(page).toContain('Pay £14.84');

    const declined = await submit(`${pageUrl}/pay`, { cardnumber: '4000 0000 0000 0002', ...CARD });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect((await platform().invoices.retrieve(invoice.id)).status).toBe('open');

    const challenged = await submit(`${pageUrl}/pay`, { cardnumber: '4000 0025 0000 3155', ...CARD });
    const challenge = challenged.headers.get('location')!;
    expect(challenge).toMatch(/\/3ds\/pi_/);
    const back = await submit(challenge, { outcome: 'complete', return_url: `${pageUrl}/return` });
    const returned = await fetch(back.headers.get('location')!, { redirect: 'manual' });
    expect(returned.status).toBe(303);
    const paid = await platform().invoices.retrieve(invoice.id);
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 1484, amount_remaining: 0 });
    expect(paid.status_transitions.paid_at).not.toBeNull();
    expect(await (await fetch(pageUrl)).text()).toContain('This invoice has been paid.');

    // A paid invoice takes no second payment.
    const again = await submit(`${pageUrl}/pay`, { cardnumber: '4242 4242 4242 4242', ...CARD });
    expect(again.status).toBe(409);
  });

  it('refuses to finalize a non-draft invoice, and to send one collected automatically', async () => {
    const customer = await customerWithItems();
    const invoice = await platform().invoices.finalizeInvoice((await sendInvoice(customer.id)).id);
    expect(await sdkError(platform().invoices.finalizeInvoice(invoice.id))).toMatchObject({
      statusCode: 400,
      code: 'invoice_not_editable',
    });
    const automatic = await platform().invoices.create({ customer: customer.id });
    expect(await sdkError(platform().invoices.sendInvoice(automatic.id))).toMatchObject({ statusCode: 400 });
    expect(
      await sdkError(
        platform().invoices.create({ customer: customer.id, collection_method: 'send_invoice' }),
      ),
    ).toMatchObject({ statusCode: 400, param: 'days_until_due' });
    expect(await sdkError(platform().invoices.finalizeInvoice('in_missing'))).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('creates an empty draft when nothing is pending, and pays a zero invoice on finalization', async () => {
    const customer = await platform().customers.create({ email: 'nothing@shop.test' });
    const empty = await sendInvoice(customer.id);
    expect(empty).toMatchObject({ status: 'draft', total: 0 });
    expect(empty.lines.data).toEqual([]);
    expect(await platform().invoices.finalizeInvoice(empty.id)).toMatchObject({ status: 'paid' });
  });

  it('leaves pending items alone with the default behaviour, and voids or writes off open invoices', async () => {
    const customer = await customerWithItems();
    const excluded = await platform().invoices.create({
      customer: customer.id,
      collection_method: 'send_invoice',
      days_until_due: 7,
    });
    expect(excluded.total).toBe(0);
    expect((await platform().invoiceItems.list({ customer: customer.id, pending: true })).data).toHaveLength(
      2,
    );

    const open = await platform().invoices.finalizeInvoice((await sendInvoice(customer.id)).id);
    const uncollectible = await platform().invoices.markUncollectible(open.id);
    expect(uncollectible.status).toBe('uncollectible');
    const voided = await platform().invoices.voidInvoice(open.id);
    expect(voided).toMatchObject({ status: 'void' });
    expect(voided.status_transitions.voided_at).not.toBeNull();
    expect(await sdkError(platform().invoices.voidInvoice(open.id))).toMatchObject({ statusCode: 400 });
  });
});
