import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import {
  MERCHANT_WEBHOOK_MESSAGES,
  webhookEventId,
  type MerchantWebhookSettingsOutput,
  type SavedMerchantWebhookSettingsOutput,
  type UpdateMerchantWebhookSettingsInput,
} from '#common/api/merchant-webhooks';
import { merchantWebhookSettings, type MerchantWebhookSettings } from '../../db/schema/index';
import { maskSecret } from '../../integrations/credentials';
import { WEBHOOK_RECEIVER_SANDBOX_DOMAIN } from '../../integrations/sandbox-network';
import { open, seal } from '../../lib/crypto';
import type { EngineDeps } from '../commerce';
import { checkEndpointUrl } from '../outbound-webhooks';
import { shareSecretWithSandboxReceiver } from './sandbox-receiver';

type Settings = Pick<MerchantWebhookSettings, 'url' | 'events' | 'secretSealed'>;
const DEFAULTS: Settings = { url: null, events: [], secretSealed: null };

/** The merchant's webhook settings; one who never saved any has no endpoint (nothing is sent). */
export async function loadWebhookSettings(
  deps: Pick<EngineDeps, 'db'>,
  merchantId: string,
): Promise<Settings> {
  const [row] = await deps.db
    .select()
    .from(merchantWebhookSettings)
    .where(eq(merchantWebhookSettings.merchantId, merchantId));
  return row ?? DEFAULTS;
}

/** Several merchants' webhook settings in one read; `of` gives each one's, as `loadWebhookSettings` would. */
export async function loadWebhookSettingsOf(
  deps: Pick<EngineDeps, 'db'>,
  merchantIds: readonly string[],
): Promise<{ of(merchantId: string): Settings }> {
  const rows =
    merchantIds.length === 0
      ? []
      : await deps.db
          .select()
          .from(merchantWebhookSettings)
          .where(inArray(merchantWebhookSettings.merchantId, [...new Set(merchantIds)]));
  const byMerchant = new Map(rows.map((row) => [row.merchantId, row]));
  return { of: (merchantId) => byMerchant.get(merchantId) ?? DEFAULTS };
}

export const openSigningSecret = (deps: Pick<EngineDeps, 'keyring'>, settings: Settings) =>
  settings.secretSealed ? open(deps.keyring, settings.secretSealed) : null;

/** Sandbox only: the merchant's own receiver on the sandbox webhook receiver (for "Fill sandbox receiver"). */
const sandboxReceiverUrl = (deps: Pick<EngineDeps, 'runtime'>, merchantId: string) =>
  deps.runtime.mode === 'sandbox'
    ? `https://${merchantId}.${WEBHOOK_RECEIVER_SANDBOX_DOMAIN}/webhooks`
    : null;

export async function webhookSettingsView(
  deps: Pick<EngineDeps, 'db' | 'keyring' | 'runtime' | 'clock' | 'logger'>,
  merchantId: string,
): Promise<MerchantWebhookSettingsOutput> {
  const settings = await loadWebhookSettings(deps, merchantId);
  const secret = openSigningSecret(deps, settings);
  return {
    url: settings.url,
    // Only event ids this version knows (a stored list outlives a rename).
    events: settings.events.flatMap((id) => {
      const parsed = webhookEventId.safeParse(id);
      return parsed.success ? [parsed.data] : [];
    }),
    secret_set: secret !== null,
    secret_hint: secret ? maskSecret(secret) : null,
    sandbox_receiver_url: sandboxReceiverUrl(deps, merchantId),
  };
}

/** A merchant webhook endpoint as typed: https (http in sandbox), and in live mode not on a private network. */
export const checkMerchantWebhookUrl = (mode: 'sandbox' | 'live', raw: string) =>
  checkEndpointUrl(mode, raw, {
    field: 'url',
    invalid: MERCHANT_WEBHOOK_MESSAGES.urlInvalid,
    https: MERCHANT_WEBHOOK_MESSAGES.urlHttps,
    private: MERCHANT_WEBHOOK_MESSAGES.urlPrivate,
  });

/**
 * A Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes (the HMAC key is those bytes,
 * so any Standard Webhooks verifier can use the secret as it is).
 */
const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

async function upsertSettings(
  deps: Pick<EngineDeps, 'db' | 'runtime' | 'clock' | 'logger'>,
  merchantId: string,
  changes: Partial<Settings>,
) {
  const now = deps.clock.now();
  await deps.db
    .insert(merchantWebhookSettings)
    .values({ merchantId, ...changes, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: merchantWebhookSettings.merchantId, set: { ...changes, updatedAt: now } });
}

/**
 * Saves the endpoint and its events. The first save also creates the signing secret, returned once
 * (`secret`) so the form can show it with its copy control.
 */
export async function saveWebhookSettings(
  deps: EngineDeps,
  merchantId: string,
  input: UpdateMerchantWebhookSettingsInput,
): Promise<SavedMerchantWebhookSettingsOutput> {
  const url = checkMerchantWebhookUrl(deps.runtime.mode, input.url);
  const current = await loadWebhookSettings(deps, merchantId);
  const existing = openSigningSecret(deps, current);
  const created = existing ? null : newSigningSecret();
  await upsertSettings(deps, merchantId, {
    url,
    events: [...new Set(input.events)],
    ...(created ? { secretSealed: seal(deps.keyring, created) } : {}),
  });
  await shareSecretWithSandboxReceiver(deps, url, (created ?? existing)!);
  const view = await webhookSettingsView(deps, merchantId);
  return created ? { ...view, secret: created } : view;
}

/** A new signing secret, returned once; deliveries from now on (and redeliveries) are signed with it. */
export async function rotateSigningSecret(deps: EngineDeps, merchantId: string): Promise<string> {
  const secret = newSigningSecret();
  await upsertSettings(deps, merchantId, { secretSealed: seal(deps.keyring, secret) });
  const { url } = await loadWebhookSettings(deps, merchantId);
  if (url) await shareSecretWithSandboxReceiver(deps, url, secret);
  return secret;
}
