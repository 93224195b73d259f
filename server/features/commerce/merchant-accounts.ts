import type { Merchant, Payment } from '../../db/schema/index';
import type { AdapterContext } from '../../integrations/http';
import type {
  CardPaymentProvider,
  LightningPaymentProvider,
} from '../../integrations/payments/payment-provider';
import {
  cardProvider,
  lightningProvider,
  type PaymentProviderId,
} from '../../integrations/payments/registry';
import type { StorePlatform } from '../../integrations/stores/store-platform';
import { storePlatform, type StorePlatformId } from '../../integrations/stores/registry';
import type { EngineDeps } from '../../services/engine';
import { CommerceError } from './commerce-error';
import {
  loadPaymentConnection,
  loadStoreConnection,
  PAYMENT_CONNECTION_DISCONNECTED,
  paymentContextFor,
  storeContextFor,
} from './saved-connections';

/** What reading a merchant's accounts needs: the engine's dependencies short of its queue and fee rule. */
export type CommerceDeps = Pick<
  EngineDeps,
  'db' | 'runtime' | 'keyring' | 'clock' | 'logger' | 'caches' | 'instance'
>;

export interface MerchantStore {
  integrationId: string;
  platform: StorePlatformId;
  adapter: StorePlatform<unknown>;
  ctx: AdapterContext<unknown>;
}

/**
 * The merchant's connected store, ready to call: the selling store (its primary integration), or with
 * `platform` the merchant's store on that platform (an order is read back from the store it was written
 * to, whichever store sells now). Its decrypted connection is cached (caches.storeConnections); agents
 * asking for offers at once share one load of it. With `deadline`, every call made through it ends when
 * the deadline fires (see HttpContext).
 */
export async function merchantStore(
  deps: CommerceDeps,
  merchant: Merchant,
  opts: { deadline?: AbortSignal; platform?: string } = {},
): Promise<MerchantStore> {
  const where = opts.platform
    ? { platform: opts.platform }
    : merchant.primaryIntegrationId
      ? { integrationId: merchant.primaryIntegrationId }
      : null;
  const connection = await deps.caches.storeConnections.getOrLoad(
    `${merchant.id}:${where?.integrationId ?? where?.platform ?? null}`,
    async () => {
      const saved = where ? await loadStoreConnection(deps, merchant.id, where) : null;
      if (!saved) throw new CommerceError('not_configured', 'This merchant has not connected a store yet.');
      return { integrationId: saved.row.id, platform: saved.row.platform, credentials: saved.credentials };
    },
  );
  const platform = connection.platform as StorePlatformId;
  const ctx = storeContextFor(deps.runtime, platform, connection.credentials);
  return {
    integrationId: connection.integrationId,
    platform,
    adapter: storePlatform(platform),
    ctx: opts.deadline ? { ...ctx, http: { ...ctx.http, deadline: opts.deadline } } : ctx,
  };
}

/**
 * The merchant's saved connection to `provider`, decrypted, through caches.paymentConnections: keyed by
 * the merchant row's updatedAt, which every save of a connection moves, so a merchant read fresh never
 * gets a replaced connection (OfferCaches).
 */
async function savedPaymentConnection(deps: CommerceDeps, merchant: Merchant, provider: PaymentProviderId) {
  return deps.caches.paymentConnections.getOrLoad(
    `${merchant.id}:${provider}:${merchant.updatedAt.getTime()}`,
    async () => {
      const saved = await loadPaymentConnection(deps, merchant.id, provider);
      return (
        saved && { accountId: saved.row.accountId, credentials: saved.credentials, status: saved.row.status }
      );
    },
  );
}

export interface CardAccount {
  provider: CardPaymentProvider<unknown>;
  ctx: AdapterContext<unknown>;
  /** Charged through Stripe Connect with the platform's key, so the platform's fee can be taken there. */
  viaConnect: boolean;
  /** The Stripe account (acct_…) charges go to: recorded on each payment it takes (ADR 059). */
  accountId: string | null;
}

/**
 * Why a past card payment cannot be refunded or read through AgentCart any more: the Stripe account that
 * took it (recorded on the payment, ADR 059) is not the merchant's connected one. The connection keeps one
 * account's keys, so the old account cannot be reached, and the new one must never be asked: it holds
 * none of the payment's money. Null when the payment's account is the connected one, or is not known.
 */
export function paymentAccountMismatch(
  payment: Pick<Payment, 'providerAccountId'>,
  connectedAccountId: string | null,
): string | null {
  if (!payment.providerAccountId || payment.providerAccountId === connectedAccountId) return null;
  return `This payment was taken by the Stripe account ${payment.providerAccountId}, which is no longer connected. Refund it in that account's Stripe dashboard.`;
}

/**
 * The merchant's Stripe account for charging a Shared Payment Token: its own secret key, or, for an
 * account connected through Stripe Connect, the platform's key acting on that account (Stripe-Account).
 * An account the merchant disconnected takes no new charge, but with `pastPayment` it still answers for
 * the payments it took (refunds, their sync, settling a charge already made): disconnecting never
 * strands money. With `payment` (implying `pastPayment`) it answers only for that payment's own account:
 * a payment taken by an account since replaced is refused (not_configured, paymentAccountMismatch).
 */
export async function merchantCardAccount(
  deps: CommerceDeps,
  merchant: Merchant,
  opts: { pastPayment?: boolean; payment?: Pick<Payment, 'providerAccountId'> } = {},
): Promise<CardAccount> {
  const saved = await savedPaymentConnection(deps, merchant, 'stripe');
  const pastPayment = opts.pastPayment || !!opts.payment;
  if (saved?.status === PAYMENT_CONNECTION_DISCONNECTED && !pastPayment)
    throw new CommerceError('not_configured', 'This merchant does not accept card payments yet.');
  const mismatch = opts.payment && paymentAccountMismatch(opts.payment, saved?.accountId ?? null);
  if (mismatch)
    throw new CommerceError('not_configured', mismatch, {
      stripe_account_id: opts.payment!.providerAccountId,
    });
  let credentials: Record<string, unknown> | null = saved?.credentials ?? null;
  const viaConnect = !credentials && !!saved?.accountId && !!deps.runtime.stripePlatform;
  if (viaConnect) {
    credentials = { secretKey: deps.runtime.stripePlatform!.secretKey, accountId: saved!.accountId };
  }
  if (!credentials)
    throw new CommerceError('not_configured', 'This merchant does not accept card payments yet.');
  return {
    provider: cardProvider('stripe')!,
    ctx: paymentContextFor(deps.runtime, 'stripe', credentials),
    viaConnect,
    accountId: saved?.accountId ?? null,
  };
}

export interface LightningAccount {
  providerId: PaymentProviderId;
  provider: LightningPaymentProvider<unknown>;
  ctx: AdapterContext<unknown>;
  expiryMinutes: number;
}

/** The merchant's Bitcoin Lightning provider, when Bitcoin is enabled and connected. */
export async function merchantLightningAccount(
  deps: CommerceDeps,
  merchant: Merchant,
): Promise<LightningAccount> {
  const providerId = merchant.btcProvider as PaymentProviderId | null;
  const provider = providerId ? lightningProvider(providerId) : null;
  const saved = providerId && provider ? await savedPaymentConnection(deps, merchant, providerId) : null;
  if (!merchant.btcEnabled || !providerId || !provider || !saved?.credentials) {
    throw new CommerceError('not_configured', 'This merchant does not accept Bitcoin payments yet.');
  }
  return {
    providerId,
    provider,
    ctx: paymentContextFor(deps.runtime, providerId, saved.credentials),
    expiryMinutes: merchant.btcConfig.expiryMins ?? 15,
  };
}

export interface PayoutAccount {
  provider: LightningPaymentProvider<unknown> &
    Required<Pick<LightningPaymentProvider<unknown>, 'payInvoice' | 'getPayout' | 'findPayout'>>;
  ctx: AdapterContext<unknown>;
}

/** Whether a Lightning provider can pay an invoice out of the merchant's account (a buyer's refund). */
export function canPayOut(providerId: string): boolean {
  const provider = lightningProvider(providerId as PaymentProviderId);
  return !!provider?.payInvoice && !!provider.getPayout && !!provider.findPayout;
}

/** A Lightning provider's name as merchants know it (CoinCorner), or its id when unknown. */
export const lightningProviderName = (providerId: string): string =>
  lightningProvider(providerId as PaymentProviderId)?.manifest.name ?? providerId;

/**
 * The merchant's account at the Lightning provider a payment was taken with, for paying a buyer's
 * refund invoice (ADR 053): that provider holds the sats, whichever provider the merchant uses today.
 */
export async function merchantPayoutAccount(
  deps: CommerceDeps,
  merchant: Merchant,
  providerId: string,
): Promise<PayoutAccount> {
  const provider = lightningProvider(providerId as PaymentProviderId);
  if (!provider?.payInvoice || !provider.getPayout || !provider.findPayout)
    throw new CommerceError('not_configured', 'This Lightning provider cannot pay refunds.');
  const saved = await savedPaymentConnection(deps, merchant, providerId as PaymentProviderId);
  if (!saved?.credentials)
    throw new CommerceError(
      'not_configured',
      'The Lightning account this payment was taken with is not connected.',
    );
  return {
    provider: provider as PayoutAccount['provider'],
    ctx: paymentContextFor(deps.runtime, providerId as PaymentProviderId, saved.credentials),
  };
}
