import { and, eq, ne } from 'drizzle-orm';
import type { BitcoinSettingsInput } from '#common/api/connections';
import type { Clock } from '../../lib/clock';
import { CONNECTION_MESSAGES, STRIPE_OAUTH_ERRORS } from '#common/validation/connections';
import type { Db } from '../../db/client';
import { merchants, paymentConnections, type Merchant } from '../../db/schema/index';
import { credentialHint } from '../../integrations/credentials';
import {
  lightningProvider,
  paymentProvider,
  type PaymentProviderId,
} from '../../integrations/payments/registry';
import { AppError, firstMessagePerField } from '../../lib/app-error';
import type { Keyring } from '../../lib/crypto';
import type { IntegrationRuntime } from '../../integrations/runtime';
import { loadPaymentConnection, PAYMENT_CONNECTION_DISCONNECTED, paymentContextFor } from '../commerce';
import { paymentConnectionError } from './provider-failure';
import { sealCredentials } from '../../lib/credential-vault';
import type { Logger } from '../../lib/logger';
import {
  deleteStripeWebhookEndpoint,
  subscribeStripeWebhooks,
  type StripeWebhookSubscription,
} from './stripe-webhook-endpoint';

/** A stripe_account_id of 'pending_setup': card payments on, no account connected yet. */
export const PENDING_SETUP = 'pending_setup';

type Deps = { db: Db; runtime: IntegrationRuntime; keyring: Keyring; clock: Clock };
/** Connecting or disconnecting Stripe also subscribes or retires the account's webhook endpoint (ADR 058). */
type StripeDeps = Deps & { logger: Logger };

/**
 * The message for refused credentials: the provider's own missing-credentials message when its manifest
 * has one, otherwise the first field's.
 */
export function credentialsMessage(provider: PaymentProviderId, fieldErrors: Record<string, string>) {
  return (
    paymentProvider(provider).manifest.missingCredentialsMessage ??
    Object.values(fieldErrors)[0] ??
    'Invalid credentials'
  );
}

/** Validates with the provider's own schema; every field error is kept beside the one message. */
function parsePaymentCredentials(provider: PaymentProviderId, raw: Record<string, string>) {
  const adapter = paymentProvider(provider);
  const trimmed = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v.trim()]));
  const parsed = adapter.credentialsSchema.safeParse(trimmed);
  if (!parsed.success) {
    const fieldErrors = firstMessagePerField(parsed.error.issues);
    throw new AppError('invalid_request', credentialsMessage(provider, fieldErrors), { fieldErrors });
  }
  return parsed.data as Record<string, unknown>;
}

/** Proves payment credentials with the provider's cheapest authenticated call, saving nothing. */
export async function testPaymentCredentials(
  runtime: IntegrationRuntime,
  provider: PaymentProviderId,
  raw: Record<string, string>,
) {
  const credentials = parsePaymentCredentials(provider, raw);
  try {
    const { accountLabel, accountId } = await paymentProvider(provider).verifyCredentials(
      paymentContextFor(runtime, provider, credentials),
    );
    return { credentials, accountLabel, accountId: accountId ?? null };
  } catch (err) {
    throw paymentConnectionError(err);
  }
}

function keyHint(provider: PaymentProviderId, credentials: Record<string, unknown>) {
  return credentialHint(paymentProvider(provider).manifest.credentialFields, credentials);
}

/**
 * Saves a merchant's connection to a payment provider. The caller moves the merchant's updatedAt in the
 * same transaction: the engine's cache of decrypted connections is keyed by it (OfferCaches), so every
 * instance stops using the replaced connection at the merchant's next request.
 */
async function upsertPaymentConnection(
  db: Db | Parameters<Parameters<Db['transaction']>[0]>[0],
  keyring: Keyring,
  values: {
    merchantId: string;
    provider: PaymentProviderId;
    credentials: Record<string, unknown> | null;
    accountId: string | null;
    accountLabel: string | null;
    now: Date;
    /** Stripe: the endpoint subscribed on the account (ADR 058); null replaces any earlier one. */
    webhook?: StripeWebhookSubscription | null;
  },
) {
  const webhook =
    values.webhook === undefined
      ? {}
      : {
          webhookEndpointId: values.webhook?.endpointId ?? null,
          webhookSecretEncrypted: values.webhook?.secretSealed ?? null,
        };
  const display = {
    keyHint: values.credentials ? keyHint(values.provider, values.credentials) : null,
    accountLabel: values.accountLabel,
  };
  const credentialsEncrypted = values.credentials ? sealCredentials(keyring, values.credentials) : null;
  await db
    .insert(paymentConnections)
    .values({
      merchantId: values.merchantId,
      provider: values.provider,
      credentialsEncrypted,
      accountId: values.accountId,
      display,
      status: 'connected',
      lastVerifiedAt: values.now,
      ...webhook,
    })
    .onConflictDoUpdate({
      target: [paymentConnections.merchantId, paymentConnections.provider],
      set: {
        credentialsEncrypted,
        accountId: values.accountId,
        display,
        status: 'connected',
        lastVerifiedAt: values.now,
        updatedAt: values.now,
        ...webhook,
      },
    });
}

/**
 * Whether switching Bitcoin on with this provider gives the application bundle its Bitcoin badge (the
 * merchant's `btc_opennode_enabled`, which the bundle reads): the provider's manifest says.
 */
export function bitcoinInApplicationBundle(provider: PaymentProviderId, enabled: boolean): boolean {
  return enabled && (lightningProvider(provider)?.manifest.inApplicationBundle ?? false);
}

/**
 * Settings › Payments › Bitcoin: turns Bitcoin on or off for one provider. New credentials are tested
 * before anything is saved; without new credentials the saved ones must exist when enabling.
 */
export async function saveBitcoinSettings(deps: Deps, merchant: Merchant, input: BitcoinSettingsInput) {
  const provider = input.provider as PaymentProviderId;
  const lightning = lightningProvider(provider);
  if (!lightning) throw new AppError('invalid_request', 'Not a Bitcoin provider');
  if (input.enabled && lightning.manifest.availability !== 'live') {
    throw new AppError(
      'invalid_request',
      `${lightning.manifest.name} is coming soon and cannot be enabled yet.`,
    );
  }
  let tested: Awaited<ReturnType<typeof testPaymentCredentials>> | null = null;
  if (input.credentials) tested = await testPaymentCredentials(deps.runtime, provider, input.credentials);
  else if (input.enabled && !(await loadPaymentConnection(deps, merchant.id, provider))) {
    throw new AppError('invalid_request', credentialsMessage(provider, {}));
  }
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (tested) {
      await upsertPaymentConnection(tx, deps.keyring, {
        merchantId: merchant.id,
        provider,
        credentials: tested.credentials,
        accountId: null,
        accountLabel: tested.accountLabel,
        now,
      });
    }
    await tx
      .update(merchants)
      .set({
        btcEnabled: input.enabled,
        btcProvider: provider,
        btcOpennodeEnabled: bitcoinInApplicationBundle(provider, input.enabled),
        btcConfig: { ...merchant.btcConfig, expiryMins: input.expiryMins },
        updatedAt: now,
      })
      .where(eq(merchants.id, merchant.id));
  });
}

/**
 * Spec verify-stripe-connection: checks a merchant's own secret key against Stripe, then stores it
 * encrypted and records the account as connected (stripe_account_id, onboarding stripe_connected). The
 * account is subscribed to the merchant's refund and dispute route, and the endpoint's signing secret is
 * stored sealed beside the key (ADR 058); an endpoint the connection had before is deleted afterwards,
 * and the new one when saving fails, so an account keeps exactly one.
 */
export async function verifyAndSaveStripeKey(
  deps: StripeDeps & { publicUrl: string },
  merchant: Merchant,
  secretKey: string,
) {
  const { credentials, accountLabel, accountId } = await testPaymentCredentials(deps.runtime, 'stripe', {
    secretKey,
  });
  if (!accountId)
    throw new AppError(
      'unprocessable',
      `${CONNECTION_MESSAGES.stripeVerificationFailed}: Stripe did not name the account`,
    );
  const account = accountId;
  const previous = await loadPaymentConnection(deps, merchant.id, 'stripe');
  const webhook = await subscribeStripeWebhooks(deps, merchant.id, credentials);
  const now = deps.clock.now();
  try {
    await deps.db.transaction(async (tx) => {
      if (await heldByAnotherMerchant(tx, merchant.id, account, { connectOnly: true }))
        throw new StripeAccountInUseError();
      await upsertPaymentConnection(tx, deps.keyring, {
        merchantId: merchant.id,
        provider: 'stripe',
        credentials,
        accountId: account,
        accountLabel,
        now,
        webhook,
      });
      await tx
        .update(merchants)
        .set({
          stripeAccountId: account,
          onboardingState: { ...merchant.onboardingState, stripe_connected: true },
          updatedAt: now,
        })
        .where(eq(merchants.id, merchant.id));
    });
  } catch (err) {
    if (webhook) await deleteStripeWebhookEndpoint(deps, webhook.endpointId, credentials);
    throw err;
  }
  if (previous?.row.webhookEndpointId && previous.row.webhookEndpointId !== webhook?.endpointId)
    await deleteStripeWebhookEndpoint(deps, previous.row.webhookEndpointId, previous.credentials);
  return { message: `Stripe account ${accountLabel ?? account} connected.`, accountId: account };
}

/**
 * Another merchant's connected card provider with this account id, if any: its webhooks and storefront
 * sales name the account and find the merchant by it, so one account belongs to one merchant.
 * `connectOnly` counts only accounts connected through Stripe Connect (a secret key names the account it
 * belongs to: the sandbox's one key is every sandbox merchant's, as a shared test key would be).
 */
async function heldByAnotherMerchant(
  db: Db | Parameters<Parameters<Db['transaction']>[0]>[0],
  merchantId: string,
  accountId: string,
  opts: { connectOnly: boolean },
) {
  const [held] = await db
    .select({ id: paymentConnections.id, keyed: paymentConnections.credentialsEncrypted })
    .from(paymentConnections)
    .where(
      and(
        eq(paymentConnections.provider, 'stripe'),
        eq(paymentConnections.accountId, accountId),
        eq(paymentConnections.status, 'connected'),
        ne(paymentConnections.merchantId, merchantId),
      ),
    );
  return Boolean(held && !(opts.connectOnly && held.keyed));
}

/** Thrown when the Stripe account is already another merchant's (STRIPE_OAUTH_ERRORS.account_in_use). */
export class StripeAccountInUseError extends AppError {
  constructor() {
    super('conflict', STRIPE_OAUTH_ERRORS.account_in_use);
  }
}

/**
 * Records a Stripe Connect account (OAuth or Express) as the merchant's card provider; refused with
 * StripeAccountInUseError when another merchant has it connected.
 */
export async function saveConnectedStripeAccount(deps: StripeDeps, merchant: Merchant, accountId: string) {
  const now = deps.clock.now();
  const previous = await loadPaymentConnection(deps, merchant.id, 'stripe');
  await deps.db.transaction(async (tx) => {
    if (await heldByAnotherMerchant(tx, merchant.id, accountId, { connectOnly: false }))
      throw new StripeAccountInUseError();
    await upsertPaymentConnection(tx, deps.keyring, {
      merchantId: merchant.id,
      provider: 'stripe',
      credentials: null,
      accountId,
      accountLabel: accountId,
      now,
      // Events of a Connect account reach the platform's Connect endpoints, not an account endpoint.
      webhook: null,
    });
    await tx
      .update(merchants)
      .set({
        stripeAccountId: accountId,
        onboardingState: { ...merchant.onboardingState, stripe_connected: true },
        updatedAt: now,
      })
      .where(eq(merchants.id, merchant.id));
  });
  if (previous?.row.webhookEndpointId)
    await deleteStripeWebhookEndpoint(deps, previous.row.webhookEndpointId, previous.credentials);
}

/**
 * Settings › Payments › Disconnect: the merchant's Stripe account stops being its card provider. Card
 * payments stay on but need an account again (pending_setup, so readiness asks for a card provider);
 * the connection is kept, marked disconnected, so the payments it took can still be refunded and their
 * refunds synced. Platform access is not revoked at Stripe (/oauth/deauthorize) for the same reason: a
 * refund of a past order is made through it. The webhook endpoint a key subscribed is deleted (ADR 058). Answers the account id that was disconnected, or null when
 * none was connected.
 */
export async function disconnectStripeAccount(deps: StripeDeps, merchant: Merchant): Promise<string | null> {
  const now = deps.clock.now();
  const disconnected = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(paymentConnections)
      .set({ status: PAYMENT_CONNECTION_DISCONNECTED, updatedAt: now })
      .where(
        and(
          eq(paymentConnections.merchantId, merchant.id),
          eq(paymentConnections.provider, 'stripe'),
          eq(paymentConnections.status, 'connected'),
        ),
      )
      .returning({ accountId: paymentConnections.accountId });
    const [current] = await tx
      .select({ stripeAccountId: merchants.stripeAccountId, onboardingState: merchants.onboardingState })
      .from(merchants)
      .where(eq(merchants.id, merchant.id));
    const accountId =
      current?.stripeAccountId && current.stripeAccountId !== PENDING_SETUP ? current.stripeAccountId : null;
    if (!row && !accountId) return null;
    await tx
      .update(merchants)
      .set({
        stripeAccountId: accountId ? PENDING_SETUP : (current?.stripeAccountId ?? null),
        onboardingState: { ...current?.onboardingState, stripe_connected: false },
        updatedAt: now,
      })
      .where(eq(merchants.id, merchant.id));
    return row?.accountId ?? accountId;
  });
  await retireStripeWebhooks(deps, merchant.id);
  return disconnected;
}

/**
 * The endpoint a disconnected key subscribed is deleted at Stripe (ADR 058): nothing of the account is
 * wanted any more (a refund made through AgentCart is recorded from Stripe's answer). Forgotten once
 * deleted; kept, secret and all, when Stripe could not be asked.
 */
async function retireStripeWebhooks(deps: StripeDeps, merchantId: string) {
  const saved = await loadPaymentConnection(deps, merchantId, 'stripe');
  const endpointId = saved?.row.webhookEndpointId;
  if (!saved || !endpointId || saved.row.status === 'connected') return;
  if (!(await deleteStripeWebhookEndpoint(deps, endpointId, saved.credentials))) return;
  await deps.db
    .update(paymentConnections)
    .set({ webhookEndpointId: null, webhookSecretEncrypted: null })
    .where(
      and(eq(paymentConnections.id, saved.row.id), eq(paymentConnections.webhookEndpointId, endpointId)),
    );
}
