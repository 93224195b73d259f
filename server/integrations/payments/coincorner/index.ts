import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { decimalToMinor, minorToDecimal } from '#common/domain/money';
import { ProviderError, type AdapterContext } from '../../http';
import type { LightningPaymentProvider, ProviderPayment } from '../payment-provider';
import {
  coincornerCheck,
  coincornerCheckoutUrl,
  coincornerOrder,
  coincornerRequest,
  type CoincornerCheck,
  type CoincornerOrder,
} from './api';
import {
  MISSING_API_CREDENTIALS,
  coincornerCredentialFields,
  coincornerCredentials,
  type CoincornerCredentials,
} from './credentials';
import { mapCoincornerStatus } from './mapping';
import { isMerchantApiKey } from './webhook';

/** An order id no merchant uses: asking for it proves the signature is accepted without side effects. */
const CREDENTIAL_PROBE_ORDER_ID = 'agentcart-credential-check';

/** CoinCorner settles only to GBP or EUR; anything else (USD) is shown to the buyer but settles in GBP. */
const settleCurrencyFor = (currency: string) => (currency === 'EUR' ? 'EUR' : 'GBP');

function parseDate(value: string | null | undefined): Date | null {
  const time = value ? Date.parse(value) : NaN;
  return Number.isNaN(time) ? null : new Date(time);
}

function toPayment(
  id: string,
  check: CoincornerCheck,
  order: CoincornerOrder,
  extra: { paymentUrl?: string; deadline?: Date } = {},
): ProviderPayment {
  const code = check.OrderStatus ?? 'N/A';
  const providerExpiry = parseDate(order.ExpiryDate);
  // CoinCorner's order lifetime is its own; the agent must still pay before the checkout ends.
  const expiresAt =
    providerExpiry && extra.deadline
      ? new Date(Math.min(providerExpiry.getTime(), extra.deadline.getTime()))
      : (providerExpiry ?? extra.deadline ?? null);
  return {
    id,
    status: mapCoincornerStatus(code),
    providerStatus: check.OrderStatusText ?? String(code),
    amountMinor: decimalToMinor(order.InvoiceAmount),
    currency: order.InvoiceCurrency.toUpperCase(),
    lightning: {
      paymentRequest: order.LightningInvoice || null,
      paymentUrl: extra.paymentUrl ?? null,
      expiresAt,
      onchainAddress: order.PaymentAddress || null,
      amountSats: order.CryptoAmount == null ? null : decimalToMinor(order.CryptoAmount, 8),
    },
    failureMessage: null,
    raw: { check, order },
  };
}

const getOrder = (ctx: AdapterContext<CoincornerCredentials>, id: string) =>
  coincornerRequest(ctx, 'GetOrder', { OrderId: id }, coincornerOrder, { unrecognisedError: 'not_found' });

const notification = z.object({
  OrderId: z.union([z.string().min(1), z.number()]).transform(String),
  APIKey: z.string().min(1),
});

export const coincorner: LightningPaymentProvider<CoincornerCredentials> = {
  manifest: {
    id: 'coincorner',
    name: 'CoinCorner',
    method: 'lightning',
    availability: 'live',
    credentialFields: coincornerCredentialFields,
    apiBase: () => 'https://checkout.coincorner.com',
    merchantSuppliedHost: false,
    methodLabel: 'Lightning (CoinCorner)',
    missingCredentialsMessage: MISSING_API_CREDENTIALS,
    healthProbe: null,
    inApplicationBundle: false,
    agentApiOnchainAddress: true,
    sandboxControls: { payInvoice: (id) => `orders/${encodeURIComponent(id)}/pay` },
  },
  credentialsSchema: coincornerCredentials,

  async verifyCredentials(ctx) {
    try {
      await coincornerRequest(ctx, 'CheckOrder', { OrderId: CREDENTIAL_PROBE_ORDER_ID }, coincornerCheck, {
        unrecognisedError: 'not_found',
      });
    } catch (err) {
      // "No such order" is an answer to a signed request: the credentials were accepted.
      if (!(err instanceof ProviderError && err.kind === 'not_found')) throw err;
    }
    return { accountLabel: null };
  },

  async createInvoice(ctx, input) {
    // Our payment id is the OrderId we send: CheckOrder, GetOrder and notifications all name orders by
    // it. The suffix keeps a retried create (after a timeout) from colliding with the first attempt.
    const id = `${input.orderRef}-${randomBytes(4).toString('hex')}`;
    const currency = input.currency.toUpperCase();
    const paymentUrl = await coincornerRequest(
      ctx,
      'CreateOrder',
      {
        OrderId: id,
        InvoiceAmount: minorToDecimal(input.amountMinor),
        InvoiceCurrency: currency,
        SettleCurrency: settleCurrencyFor(currency),
        ItemDescription: input.description,
        ...(input.callbackUrl ? { NotificationURL: input.callbackUrl } : {}),
        ...(input.successUrl ? { SuccessRedirectURL: input.successUrl } : {}),
      },
      coincornerCheckoutUrl,
    );
    const order = await getOrder(ctx, id);
    const deadline = new Date(ctx.clock.now().getTime() + input.expiresInMinutes * 60_000);
    return toPayment(id, { OrderStatus: 0, OrderStatusText: 'Awaiting Payment' }, order, {
      paymentUrl,
      deadline,
    });
  },

  async getPayment(ctx, paymentId) {
    // Sequential on purpose: each call carries a nonce that must arrive after the previous one.
    const check = await coincornerRequest(ctx, 'CheckOrder', { OrderId: paymentId }, coincornerCheck, {
      unrecognisedError: 'not_found',
    });
    const order = await getOrder(ctx, paymentId);
    return toPayment(paymentId, check, order);
  },

  async parseWebhook(ctx, { rawBody }) {
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      body = undefined;
    }
    const parsed = notification.safeParse(body);
    if (!parsed.success || !isMerchantApiKey(ctx.credentials.apiKey, parsed.data.APIKey)) {
      throw new ProviderError('coincorner', 'auth', 'CoinCorner notification is not for this merchant');
    }
    return { paymentId: parsed.data.OrderId, eventId: null, type: 'order.updated' };
  },
};
