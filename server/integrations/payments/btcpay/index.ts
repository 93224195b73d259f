import { z } from 'zod';
import { decimalToMinor, minorToDecimal } from '#common/domain/money';
import { ProviderError, type AdapterContext } from '../../http';
import type { LightningPaymentProvider, ProviderPayment } from '../payment-provider';
import {
  btcpayInvoice,
  btcpayPaymentMethod,
  btcpayRequest,
  storePath,
  type BtcpayInvoice,
  type BtcpayPaymentMethod,
} from './api';
import { btcpayCredentialFields, btcpayCredentials, type BtcpayCredentials } from './credentials';
import { mapBtcpayStatus } from './mapping';
import { isValidBtcpaySignature } from './webhook';

/** Payment method ids across BTCPay versions (2.x first, then the 1.x spellings). */
const LIGHTNING_METHODS = new Set(['BTC-LN', 'BTC-LightningNetwork', 'BTC_LightningLike']);
const ONCHAIN_METHODS = new Set(['BTC-CHAIN', 'BTC', 'BTC-OnChain']);

function findMethod(methods: BtcpayPaymentMethod[], ids: Set<string>) {
  return methods.find((m) => ids.has(m.paymentMethodId ?? m.paymentMethod ?? ''));
}

function toPayment(invoice: BtcpayInvoice, methods: BtcpayPaymentMethod[]): ProviderPayment {
  const lightning = findMethod(methods, LIGHTNING_METHODS);
  const onchain = findMethod(methods, ONCHAIN_METHODS);
  const btcAmount = lightning?.amount ?? onchain?.amount;
  const status = mapBtcpayStatus(invoice.status, invoice.additionalStatus);
  return {
    id: invoice.id,
    status,
    providerStatus:
      invoice.additionalStatus && invoice.additionalStatus !== 'None'
        ? `${invoice.status} (${invoice.additionalStatus})`
        : invoice.status,
    amountMinor: decimalToMinor(invoice.amount),
    currency: invoice.currency.toUpperCase(),
    lightning: {
      paymentRequest: lightning?.destination || null,
      paymentUrl: invoice.checkoutLink ?? null,
      expiresAt: invoice.expirationTime ? new Date(invoice.expirationTime * 1000) : null,
      onchainAddress: onchain?.destination || null,
      amountSats: btcAmount == null ? null : decimalToMinor(btcAmount, 8),
    },
    failureMessage: status === 'needs_review' ? `BTCPay Server reports ${invoice.additionalStatus}` : null,
    raw: { invoice, paymentMethods: methods },
  };
}

const paymentMethods = (ctx: AdapterContext<BtcpayCredentials>, invoiceId: string) =>
  btcpayRequest(
    ctx,
    { path: storePath(ctx, `/invoices/${encodeURIComponent(invoiceId)}/payment-methods`) },
    z.array(btcpayPaymentMethod),
  );

const webhookBody = z.object({
  invoiceId: z.string().min(1),
  type: z.string(),
  deliveryId: z.string().nullish(),
});

export const btcpay: LightningPaymentProvider<BtcpayCredentials> = {
  manifest: {
    id: 'btcpay',
    name: 'BTCPay Server',
    method: 'lightning',
    availability: 'coming_soon',
    credentialFields: btcpayCredentialFields,
    apiBase: (credentials) => String(credentials.serverUrl ?? ''),
    merchantSuppliedHost: true,
    methodLabel: 'Lightning (BTCPay)',
    healthProbe: null,
    inApplicationBundle: false,
    agentApiOnchainAddress: false,
    sandboxControls: { payInvoice: (id) => `invoices/${encodeURIComponent(id)}/pay` },
  },
  credentialsSchema: btcpayCredentials,

  async verifyCredentials(ctx) {
    // Needs the same permission as reading payments, and proves the key reaches this store.
    try {
      await btcpayRequest(
        ctx,
        { path: storePath(ctx, '/invoices'), query: { take: 1 } },
        z.array(z.unknown()),
      );
    } catch (err) {
      if (err instanceof ProviderError && err.kind === 'not_found') {
        throw new ProviderError('btcpay', 'auth', 'BTCPay Server has no store with this ID', {
          status: err.status,
        });
      }
      throw err;
    }
    return { accountLabel: null };
  },

  async createInvoice(ctx, input) {
    // BTCPay notifies through store webhooks, not per invoice, so callbackUrl has no field here.
    const invoice = await btcpayRequest(
      ctx,
      {
        method: 'POST',
        path: storePath(ctx, '/invoices'),
        json: {
          amount: minorToDecimal(input.amountMinor),
          currency: input.currency.toUpperCase(),
          metadata: { orderId: input.orderRef, itemDesc: input.description },
          checkout: {
            expirationMinutes: input.expiresInMinutes,
            // Agents need the BOLT11 now, not after a person opens the checkout page.
            lazyPaymentMethods: false,
            ...(input.successUrl ? { redirectURL: input.successUrl } : {}),
          },
        },
      },
      btcpayInvoice,
    );
    return toPayment(invoice, await paymentMethods(ctx, invoice.id));
  },

  async getPayment(ctx, paymentId) {
    const [invoice, methods] = await Promise.all([
      btcpayRequest(
        ctx,
        { path: storePath(ctx, `/invoices/${encodeURIComponent(paymentId)}`) },
        btcpayInvoice,
      ),
      paymentMethods(ctx, paymentId),
    ]);
    return toPayment(invoice, methods);
  },

  async parseWebhook(ctx, { rawBody, headers }) {
    const secret = ctx.credentials.webhookSecret;
    if (!secret) {
      throw new ProviderError(
        'btcpay',
        'auth',
        'No BTCPay Server webhook secret is configured for this store',
      );
    }
    const header = headers['btcpay-sig'];
    const signature = Array.isArray(header) ? header[0] : header;
    if (!signature || !isValidBtcpaySignature(secret, rawBody, signature)) {
      throw new ProviderError('btcpay', 'auth', 'BTCPay Server webhook signature is not valid');
    }
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      body = undefined;
    }
    const parsed = webhookBody.safeParse(body);
    if (!parsed.success) {
      throw new ProviderError('btcpay', 'invalid_request', 'BTCPay Server webhook is not about an invoice');
    }
    return {
      paymentId: parsed.data.invoiceId,
      eventId: parsed.data.deliveryId ?? null,
      type: parsed.data.type,
    };
  },
};
