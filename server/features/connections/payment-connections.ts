import { eq } from 'drizzle-orm';
import type { BitcoinSettingsInput } from '#common/api/connections';
import type { Clock } from '../../lib/clock';
import { CONNECTION_MESSAGES } from '#common/validation/connections';
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
import { loadPaymentConnection, paymentContextFor } from '../commerce';
import { paymentConnectionError } from './provider-failure';
import { sealCredentials } from '../../lib/credential-vault';

type Deps = { db: Db; runtime: IntegrationRuntime; keyring: Keyring; clock: Clock };

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
  },
) {
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
 * encrypted and records the account as connected (stripe_account_id, onboarding stripe_connected).
 */
export async function verifyAndSaveStripeKey(deps: Deps, merchant: Merchant, secretKey: string) {
  const { credentials, accountLabel, accountId } = await testPaymentCredentials(deps.runtime, 'stripe', {
    secretKey,
  });
  if (!accountId)
    throw new AppError(
      'unprocessable',
      `${CONNECTION_MESSAGES.stripeVerificationFailed}: Stripe did not name the account`,
    );
  const account = accountId;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await upsertPaymentConnection(tx, deps.keyring, {
      merchantId: merchant.id,
      provider: 'stripe',
      credentials,
      accountId: account,
      accountLabel,
      now,
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
  return { message: `Stripe account ${accountLabel ?? account} connected.`, accountId: account };
}

/** Records a Stripe Connect account (OAuth or Express) as the merchant's card provider. */
export async function saveConnectedStripeAccount(deps: Deps, merchant: Merchant, accountId: string) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await upsertPaymentConnection(tx, deps.keyring, {
      merchantId: merchant.id,
      provider: 'stripe',
      credentials: null,
      accountId,
      accountLabel: accountId,
      now,
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
}
