import type { FastifyReply } from 'fastify';
import { cardFields, readCardForm } from './simulator-card-form';
import type { Catalog } from './simulator-catalog';
import type { Invoice, Invoices } from './simulator-invoices';
import { escapeHtml, formatAmount, simulatorPage } from './simulator-pages';
import type { Payments } from './simulator-payments';
import type { StripeSimContext } from './simulator-state';

type InvoiceRequest = { Params: { id: string } };

/**
 * The hosted invoice page (`hosted_invoice_url`, `/i/:id`): any invoice's lines and status, reached by its
 * unguessable id alone, as on Stripe. An open invoice sent for payment (`collection_method`
 * send_invoice) also takes a card there: Stripe's test cards, with 3-D Secure for 4000 0025 0000 3155.
 * Paying runs the invoice's usual payment, so `invoice.paid` (or `invoice.payment_failed`) follows.
 */
export function registerHostedInvoice(
  ctx: StripeSimContext,
  deps: { catalog: Catalog; invoices: Invoices; payments: Payments },
) {
  const { app, state } = ctx;
  const { catalog, invoices, payments } = deps;

  const payable = (invoice: Invoice) =>
    invoice.status === 'open' && invoice.collection_method === 'send_invoice' && invoice.amount_remaining > 0;

  function page(reply: FastifyReply, invoice: Invoice, notice: { error?: string } = {}, status = 200) {
    const rows = invoice.lines.data
      .map(
        (l) =>
          `<tr><td>${escapeHtml(l.description ?? '')}</td><td class="amount">${formatAmount(l.amount, l.currency)}</td></tr>`,
      )
      .join('');
    const due = invoice.due_date ? ` · due ${invoices.formatDate(invoice.due_date)}` : '';
    const payment = payable(invoice)
      ? `<section aria-label="Pay this invoice"><h2>Pay ${formatAmount(invoice.amount_remaining, invoice.currency)}</h2>
<form method="post" action="/i/${escapeHtml(invoice.id)}/pay">${cardFields(notice.error ?? null)}
<div class="actions"><button class="primary" type="submit">Pay invoice</button></div></form></section>`
      : invoice.status === 'paid'
        ? '<p role="status">This invoice has been paid.</p>'
        : '';
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .send(
        simulatorPage(
          `Invoice ${invoice.number ?? invoice.id}`,
          `<p>${escapeHtml(invoice.account_name ?? '')} · ${invoices.formatDate(invoice.created)} · ${escapeHtml(invoice.status)}${due}</p>
<table><tbody>${rows}<tr><th>Total</th><th class="amount">${formatAmount(invoice.total, invoice.currency)}</th></tr><tr><td>Amount paid</td><td class="amount">${formatAmount(invoice.amount_paid, invoice.currency)}</td></tr></tbody></table>
${payment}`,
        ),
      );
  }

  const invoiceFor = (id: string, reply: FastifyReply) => {
    const invoice = invoices.findInvoice(id);
    // A draft has no hosted page yet (Stripe gives it one on finalization).
    if (!invoice || invoice.status === 'draft') {
      void reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send(simulatorPage('Invoice not found', '<p>This invoice does not exist.</p>'));
      return null;
    }
    return invoice;
  };

  /** The account that owns the invoice (its customer's account). */
  const ownerOf = (invoice: Invoice) => invoices.ownerOf(invoice.id)!;

  app.get<InvoiceRequest>('/i/:id', async (request, reply) => {
    const invoice = invoiceFor(request.params.id, reply);
    return invoice ? page(reply, invoice) : reply;
  });

  app.post<InvoiceRequest>('/i/:id/pay', async (request, reply) => {
    const invoice = invoiceFor(request.params.id, reply);
    if (!invoice) return reply;
    if (!payable(invoice)) return page(reply, invoice, {}, 409);
    const read = readCardForm((request.body ?? {}) as Record<string, unknown>, new Date(state.now()));
    if ('error' in read) return page(reply, invoice, { error: read.error }, 400);
    const owner = ownerOf(invoice);
    const customer = catalog.findCustomer(invoice.customer, owner)!;
    const method = payments.saveMethod(owner, read.card, customer.id);
    invoices.attemptPayment(owner, invoice, {
      paymentMethod: method.id,
      offSession: false,
      returnUrl: `${state.baseUrl()}/i/${invoice.id}/return`,
    });
    return afterAttempt(reply, invoice);
  });

  // Back from 3-D Secure: paid, or the card can be tried again.
  app.get<InvoiceRequest>('/i/:id/return', async (request, reply) => {
    const invoice = invoiceFor(request.params.id, reply);
    if (!invoice) return reply;
    if (invoice.status === 'open') invoices.settle(ownerOf(invoice), invoice);
    return afterAttempt(reply, invoice);
  });

  function afterAttempt(reply: FastifyReply, invoice: Invoice) {
    if (invoice.status === 'paid') return reply.redirect(`/i/${invoice.id}`, 303);
    const intentId = invoices.paymentIntentOf(invoice);
    const intent = intentId ? payments.intentOf(intentId)?.object : undefined;
    const redirect = (intent?.next_action as { redirect_to_url?: { url: string } } | null)?.redirect_to_url
      ?.url;
    if (intent?.status === 'requires_action' && redirect) return reply.redirect(redirect, 303);
    return page(
      reply,
      invoice,
      { error: intent?.last_payment_error?.message ?? 'Your card was declined.' },
      402,
    );
  }
}
