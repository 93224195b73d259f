import { z } from 'zod';
import { decimalToMinor, minorToDecimal } from '#common/domain/money';
import { ProviderError, type AdapterContext } from '../../http';
import type { LightningPaymentProvider, ProviderPayment } from '../payment-provider';
import {
  strikeInvoice,
  strikeInvoicePage,
  strikeQuote,
  strikeRequest,
  type StrikeInvoice,
  type StrikeQuote,
} from './api';
import { strikeCredentialFields, strikeCredentials, type StrikeCredentials } from './credentials';
import { mapStrikeStatus } from './mapping';
import { isValidStrikeSignature } from './webhook';

function toPayment(invoice: StrikeInvoice, quote?: StrikeQuote, deadline?: Date): ProviderPayment {
  const quoteExpiry = quote ? Date.parse(quote.expiration) : NaN;
  const expiries = [quoteExpiry, deadline?.getTime() ?? NaN].filter((t) => !Number.isNaN(t));
  const sats = quote?.sourceAmount?.currency === 'BTC' ? decimalToMinor(quote.sourceAmount.amount, 8) : null;
  return {
    id: invoice.invoiceId,
    status: mapStrikeStatus(invoice.state),
    providerStatus: invoice.state,
    amountMinor: decimalToMinor(invoice.amount.amount),
    currency: invoice.amount.currency.toUpperCase(),
    // Only a fresh quote carries a BOLT11; reading an invoice back does not.
    lightning: quote
      ? {
          paymentRequest: quote.lnInvoice,
          paymentUrl: null,
          expiresAt: expiries.length ? new Date(Math.min(...expiries)) : null,
          onchainAddress: quote.onchainAddress ?? null,
          amountSats: sats,
        }
      : null,
    failureMessage: null,
    raw: quote ? { invoice, quote } : { invoice },
  };
}

/** OData string literals double their single quotes. */
const odataString = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * Strike refuses a second invoice with the same correlationId. When a create is retried because the
 * first answer was lost, the invoice the first attempt made is the one to use, if it asks for the same
 * amount.
 */
async function findRetriedInvoice(
  ctx: AdapterContext<StrikeCredentials>,
  correlationId: string,
  amount: { amount: string; currency: string },
): Promise<StrikeInvoice | undefined> {
  const page = await strikeRequest(
    ctx,
    { path: '/v1/invoices', query: { $filter: `correlationId eq ${odataString(correlationId)}`, $top: 1 } },
    strikeInvoicePage,
  );
  return page.items.find(
    (i) =>
      i.correlationId === correlationId &&
      decimalToMinor(i.amount.amount) === decimalToMinor(amount.amount) &&
      i.amount.currency.toUpperCase() === amount.currency,
  );
}

const webhookBody = z.object({
  id: z.string().nullish(),
  eventType: z.string(),
  data: z.object({ entityId: z.string().min(1) }),
});

export const strike: LightningPaymentProvider<StrikeCredentials> = {
  manifest: {
    id: 'strike',
    name: 'Strike',
    method: 'lightning',
    availability: 'coming_soon',
    credentialFields: strikeCredentialFields,
    apiBase: () => 'https://api.strike.me',
    merchantSuppliedHost: false,
    methodLabel: 'Lightning (Strike)',
    healthProbe: null,
    inApplicationBundle: false,
    agentApiOnchainAddress: false,
    sandboxControls: { payInvoice: (id) => `invoices/${encodeURIComponent(id)}/pay` },
  },
  credentialsSchema: strikeCredentials,

  async verifyCredentials(ctx) {
    // Needs the same scope as reading payments back.
    await strikeRequest(ctx, { path: '/v1/invoices', query: { $top: 1 } }, strikeInvoicePage);
    return { accountLabel: null };
  },

  async createInvoice(ctx, input) {
    const amount = { amount: minorToDecimal(input.amountMinor), currency: input.currency.toUpperCase() };
    let invoice: StrikeInvoice;
    try {
      invoice = await strikeRequest(
        ctx,
        {
          method: 'POST',
          path: '/v1/invoices',
          json: { correlationId: input.orderRef, description: input.description, amount },
        },
        strikeInvoice,
      );
    } catch (err) {
      if (!(err instanceof ProviderError && err.kind === 'invalid_request')) throw err;
      const retried = await findRetriedInvoice(ctx, input.orderRef, amount);
      if (!retried) throw err;
      invoice = retried;
    }
    if (invoice.state !== 'UNPAID') return toPayment(invoice);
    const quote = await strikeRequest(
      ctx,
      { method: 'POST', path: `/v1/invoices/${encodeURIComponent(invoice.invoiceId)}/quote`, json: {} },
      strikeQuote,
    );
    // Strike sets the quote's lifetime; the agent must still pay before the checkout ends.
    const deadline = new Date(ctx.clock.now().getTime() + input.expiresInMinutes * 60_000);
    return toPayment(invoice, quote, deadline);
  },

  async getPayment(ctx, paymentId) {
    const invoice = await strikeRequest(
      ctx,
      { path: `/v1/invoices/${encodeURIComponent(paymentId)}` },
      strikeInvoice,
    );
    return toPayment(invoice);
  },

  async parseWebhook(ctx, { rawBody, headers }) {
    const secret = ctx.credentials.webhookSecret;
    if (!secret) throw new ProviderError('strike', 'auth', 'No Strike webhook secret is configured');
    const header = headers['x-webhook-signature'];
    const signature = Array.isArray(header) ? header[0] : header;
    if (!signature || !isValidStrikeSignature(secret, rawBody, signature)) {
      throw new ProviderError('strike', 'auth', 'Strike webhook signature is not valid');
    }
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      body = undefined;
    }
    const parsed = webhookBody.safeParse(body);
    if (!parsed.success || !parsed.data.eventType.startsWith('invoice.')) {
      throw new ProviderError('strike', 'invalid_request', 'Strike webhook is not about an invoice');
    }
    return {
      paymentId: parsed.data.data.entityId,
      eventId: parsed.data.id ?? null,
      type: parsed.data.eventType,
    };
  },
};
