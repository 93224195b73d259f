import { z } from 'zod';
import { btcpay } from './btcpay/index';
import { coincorner } from './coincorner/index';
import { opennode } from './opennode/index';
import type { CardPaymentProvider, LightningPaymentProvider, PaymentProvider } from './payment-provider';
import { strike } from './strike/index';
import { stripe } from './stripe/index';

/**
 * Every payment provider, one line each: adding a provider is its folder plus one line here. The key is
 * the provider's manifest id; ids, labels, API endpoints and the sandbox's simulators all derive from it.
 */
export const paymentProviders = {
  stripe,
  opennode,
  coincorner,
  btcpay,
  strike,
} satisfies Record<string, PaymentProvider>;

export type PaymentProviderId = keyof typeof paymentProviders;

export const PAYMENT_PROVIDER_IDS = Object.keys(paymentProviders) as PaymentProviderId[];

export function isPaymentProviderId(id: string): id is PaymentProviderId {
  return Object.hasOwn(paymentProviders, id);
}

export function lightningProvider(id: PaymentProviderId): LightningPaymentProvider<unknown> | null {
  const provider: PaymentProvider = paymentProviders[id];
  return provider.manifest.method === 'lightning' ? (provider as LightningPaymentProvider<unknown>) : null;
}

/** Whether agents see an invoice's on-chain fallback address with this provider (its manifest says). */
export function showsOnchainAddress(id: string): boolean {
  return isPaymentProviderId(id) && !!lightningProvider(id)?.manifest.agentApiOnchainAddress;
}

export function cardProvider(id: PaymentProviderId): CardPaymentProvider<unknown> | null {
  const provider: PaymentProvider = paymentProviders[id];
  return provider.manifest.method === 'card' ? (provider as CardPaymentProvider<unknown>) : null;
}

/** A provider's adapter, typed for callers that validate credentials with its own schema first. */
export function paymentProvider(id: PaymentProviderId): PaymentProvider {
  return paymentProviders[id];
}

/** The providers the health checks probe, in registry order: the live ones whose manifest has a probe. */
export function probedPaymentProviders(): PaymentProvider[] {
  return Object.values<PaymentProvider>(paymentProviders).filter(
    ({ manifest }) => manifest.availability === 'live' && manifest.healthProbe !== null,
  );
}

/**
 * The payment method names of the payments history (`stripe_spt` for the card provider's Shared Payment
 * Tokens, `btc_<id>` for each Lightning provider), as stored on payments rows.
 */
export function paymentMethodName(id: PaymentProviderId): string {
  return paymentProviders[id].manifest.method === 'card' ? `${id}_spt` : `btc_${id}`;
}

/** A payments-history method filter at the HTTP boundary: one of the registered providers' methods. */
export const paymentMethodNameSchema = z.enum(
  PAYMENT_PROVIDER_IDS.map(paymentMethodName) as [string, ...string[]],
);

/** A Bitcoin provider id at the HTTP boundary: one of the registered Lightning providers. */
export const lightningProviderIdSchema = z.enum(
  PAYMENT_PROVIDER_IDS.filter((id) => lightningProvider(id)) as [PaymentProviderId, ...PaymentProviderId[]],
);
