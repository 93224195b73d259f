import { z } from 'zod';
import { minorToDecimal, roundedDecimalToMinor } from '#common/domain/money';
import { ProviderError } from '../../http';
import type { LightningPaymentProvider, ProviderPayment, ProviderPayout } from '../payment-provider';
import {
  opennodeCharge,
  opennodeListedWithdrawal,
  opennodeRequest,
  opennodeWithdrawal,
  type OpennodeCharge,
  type OpennodeWithdrawal,
} from './api';
import {
  MISSING_API_KEY,
  opennodeCredentialFields,
  opennodeCredentials,
  type OpennodeCredentials,
} from './credentials';
import { mapOpennodeStatus } from './mapping';
import { isValidHashedOrder } from './webhook';

function toPayment(
  charge: OpennodeCharge,
  requested?: { amountMinor: number; currency: string },
): ProviderPayment {
  const currency = (charge.currency ?? requested?.currency ?? 'BTC').toUpperCase();
  const fiat = charge.source_fiat_value ?? charge.fiat_value;
  // OpenNode works out the fiat value from the satoshis, so it can carry more decimals than pence.
  const amountMinor =
    requested?.amountMinor ??
    (currency === 'BTC' || fiat == null ? charge.amount : roundedDecimalToMinor(fiat));
  return {
    id: charge.id,
    status: mapOpennodeStatus(charge.status),
    providerStatus: charge.status,
    amountMinor,
    currency,
    lightning: {
      paymentRequest: charge.lightning_invoice?.payreq ?? null,
      paymentUrl: charge.hosted_checkout_url ?? null,
      expiresAt: charge.lightning_invoice ? new Date(charge.lightning_invoice.expires_at * 1000) : null,
      onchainAddress: charge.address ?? null,
      amountSats: charge.amount,
    },
    failureMessage: charge.status === 'underpaid' ? `Underpaid by ${charge.missing_amt ?? '?'} sats` : null,
    raw: charge,
  };
}

function toPayout(withdrawal: OpennodeWithdrawal): ProviderPayout {
  const status =
    withdrawal.status === 'confirmed' ? 'succeeded' : withdrawal.status === 'failed' ? 'failed' : 'pending';
  return {
    id: withdrawal.id,
    status,
    amountSats: withdrawal.amount,
    feeSats: withdrawal.fee ?? null,
    failureReason: status === 'failed' ? (withdrawal.error ?? 'The Lightning payment failed') : null,
  };
}

const webhookBody = z.object({
  id: z.string().min(1),
  hashed_order: z.string().min(1),
  status: z.string().optional(),
});

export const opennode: LightningPaymentProvider<OpennodeCredentials> = {
  manifest: {
    id: 'opennode',
    name: 'OpenNode',
    method: 'lightning',
    availability: 'live',
    credentialFields: opennodeCredentialFields,
    apiBase: () => 'https://api.opennode.com',
    merchantSuppliedHost: false,
    methodLabel: 'Lightning (OpenNode)',
    missingCredentialsMessage: MISSING_API_KEY,
    healthProbe: { path: '/v1/account/balance' },
    inApplicationBundle: true,
    agentApiOnchainAddress: false,
    sandboxControls: { payInvoice: (id) => `charges/${encodeURIComponent(id)}/pay` },
  },
  credentialsSchema: opennodeCredentials,

  async verifyCredentials(ctx) {
    await opennodeRequest(
      ctx,
      { path: '/v1/account/balance' },
      z.object({ balance: z.record(z.string(), z.unknown()) }),
    );
    return { accountLabel: null };
  },

  async createInvoice(ctx, input) {
    const charge = await opennodeRequest(
      ctx,
      {
        method: 'POST',
        path: '/v1/charges',
        json: {
          amount: minorToDecimal(input.amountMinor),
          currency: input.currency.toUpperCase(),
          description: input.description,
          order_id: input.orderRef,
          ttl: input.expiresInMinutes,
          ...(input.callbackUrl ? { callback_url: input.callbackUrl } : {}),
          ...(input.successUrl ? { success_url: input.successUrl } : {}),
        },
      },
      opennodeCharge,
    );
    return toPayment(charge, { amountMinor: input.amountMinor, currency: input.currency.toUpperCase() });
  },

  async getPayment(ctx, paymentId) {
    const charge = await opennodeRequest(
      ctx,
      { path: `/v1/charge/${encodeURIComponent(paymentId)}` },
      opennodeCharge,
    );
    return toPayment(charge);
  },

  // Withdrawals API, type ln (the asynchronous v2): the answer is pending until the payment settles.
  async payInvoice(ctx, input) {
    const withdrawal = await opennodeRequest(
      ctx,
      {
        method: 'POST',
        path: '/v2/withdrawals',
        json: {
          type: 'ln',
          address: input.paymentRequest,
          amount: input.amountSats,
          custom_id: input.reference,
          ...(input.callbackUrl ? { callback_url: input.callbackUrl } : {}),
        },
      },
      opennodeWithdrawal,
    );
    return toPayout(withdrawal);
  },

  async getPayout(ctx, payoutId) {
    const withdrawal = await opennodeRequest(
      ctx,
      { path: `/v1/withdrawal/${encodeURIComponent(payoutId)}` },
      opennodeWithdrawal,
    );
    return toPayout(withdrawal);
  },

  // OpenNode has no lookup by our reference: its withdrawals are listed (SDK listWithdrawals, no paging or
  // filter documented [?]) and ours is the one carrying our custom_id or paying the buyer's invoice, which
  // one refund alone gives (a Lightning invoice is paid at most once).
  async findPayout(ctx, match) {
    const listed = await opennodeRequest(ctx, { path: '/v1/withdrawals' }, z.array(opennodeListedWithdrawal));
    const invoice = match.paymentRequest.toLowerCase();
    const ours = listed.find(
      (w) =>
        w.custom_id === match.reference ||
        w.reference?.toLowerCase() === invoice ||
        w.address?.toLowerCase() === invoice,
    );
    return ours ? opennode.getPayout!(ctx, ours.id) : null;
  },

  async parseWebhook(ctx, { rawBody }) {
    const parsed = webhookBody.safeParse(Object.fromEntries(new URLSearchParams(rawBody)));
    if (
      !parsed.success ||
      !isValidHashedOrder(ctx.credentials.apiKey, parsed.data.id, parsed.data.hashed_order)
    ) {
      throw new ProviderError('opennode', 'auth', 'OpenNode notification signature is not valid');
    }
    return { paymentId: parsed.data.id, eventId: null, type: parsed.data.status ?? 'charge.updated' };
  },
};
