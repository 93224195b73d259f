import { btcpay } from './btcpay/index';
import { coincorner } from './coincorner/index';
import { opennode } from './opennode/index';
import type {
  CardPaymentProvider,
  LightningPaymentProvider,
  PaymentProvider,
  PaymentProviderId,
} from './payment-provider';
import { strike } from './strike/index';
import { stripe } from './stripe/index';

/** Every payment provider, one line each. Adding a provider is one folder plus one line here. */
export const paymentProviders = {
  stripe,
  opennode,
  coincorner,
  btcpay,
  strike,
} satisfies Record<PaymentProviderId, PaymentProvider>;

export function isPaymentProviderId(id: string): id is PaymentProviderId {
  return Object.hasOwn(paymentProviders, id);
}

export function lightningProvider(id: PaymentProviderId): LightningPaymentProvider<unknown> | null {
  const provider: PaymentProvider = paymentProviders[id];
  return provider.manifest.method === 'lightning' ? (provider as LightningPaymentProvider<unknown>) : null;
}

export function cardProvider(id: PaymentProviderId): CardPaymentProvider<unknown> | null {
  const provider: PaymentProvider = paymentProviders[id];
  return provider.manifest.method === 'card' ? (provider as CardPaymentProvider<unknown>) : null;
}

/** A provider's adapter, typed for callers that validate credentials with its own schema first. */
export function paymentProvider(id: PaymentProviderId): PaymentProvider {
  return paymentProviders[id];
}
