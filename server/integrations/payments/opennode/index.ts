import { z } from 'zod';
import { minorToDecimal, roundedDecimalToMinor } from '#common/domain/money';
import { ProviderError } from '../../http';
import type { LightningPaymentProvider, ProviderPayment } from '../payment-provider';
import { opennodeCharge, opennodeRequest, type OpennodeCharge } from './api';
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
