import { eq, sql } from 'drizzle-orm';
import {
  ACP_AGENT_MESSAGES,
  type AcpAgentSettingsOutput,
  type SignaturePolicy,
  type UpdateAcpAgentSettingsInput,
} from '#common/api/acp-agents';
import type { Db } from '../../db/client';
import { acpAgentSettings, merchants, type AcpAgentSettings, type Merchant } from '../../db/schema/index';
import { maskSecret } from '../../integrations/credentials';
import { open, seal, type Keyring } from '../../lib/crypto';
import { randomBase62 } from '../../lib/ids';
import { checkEndpointUrl } from '../outbound-webhooks';

type SettingsDeps = {
  db: Db;
  keyring: Keyring;
  runtime: { mode: 'sandbox' | 'live' };
  clock: { now(): Date };
};

const DEFAULTS = {
  agentName: 'AI agent',
  webhookUrl: null,
  signingSecretSealed: null,
  signaturePolicy: 'off',
};

/** The merchant's agent settings; a merchant who never saved any has the defaults (events and checks off). */
export async function loadAgentSettings(
  db: Db,
  merchantId: string,
): Promise<Pick<AcpAgentSettings, keyof typeof DEFAULTS>> {
  const [row] = await db.select().from(acpAgentSettings).where(eq(acpAgentSettings.merchantId, merchantId));
  return row ?? DEFAULTS;
}

/** The merchant's `whsec_…` order-event secret (spec merchants.webhook_config.secret), or null. */
export function openWebhookSecret(keyring: Keyring, merchant: Merchant): string | null {
  const sealed = merchant.webhookConfig?.secret;
  return sealed ? open(keyring, sealed) : null;
}

export async function agentSettingsView(
  deps: SettingsDeps,
  merchant: Merchant,
): Promise<AcpAgentSettingsOutput> {
  const settings = await loadAgentSettings(deps.db, merchant.id);
  const webhookSecret = openWebhookSecret(deps.keyring, merchant);
  return {
    agent_name: settings.agentName,
    webhook_url: settings.webhookUrl,
    signature_policy: settings.signaturePolicy as SignaturePolicy,
    signing_secret_set: settings.signingSecretSealed !== null,
    webhook_secret_set: webhookSecret !== null,
    ...(webhookSecret ? { webhook_secret_hint: maskSecret(webhookSecret) } : {}),
  };
}

/** An agent endpoint the merchant typed (https, and in live mode not on a private network). */
const checkWebhookUrl = (mode: 'sandbox' | 'live', raw: string) =>
  checkEndpointUrl(mode, raw, {
    field: 'webhook_url',
    invalid: ACP_AGENT_MESSAGES.webhookUrlInvalid,
    https: ACP_AGENT_MESSAGES.webhookUrlHttps,
    private: ACP_AGENT_MESSAGES.webhookUrlPrivate,
  });

/** Saves only the fields given; `webhook_url: null` turns order events off. */
export async function updateAgentSettings(
  deps: SettingsDeps,
  merchant: Merchant,
  input: UpdateAcpAgentSettingsInput,
): Promise<AcpAgentSettingsOutput> {
  const changes: Partial<typeof acpAgentSettings.$inferInsert> = {};
  if (input.agent_name !== undefined) changes.agentName = input.agent_name;
  if (input.signature_policy !== undefined) changes.signaturePolicy = input.signature_policy;
  if (input.webhook_url !== undefined)
    changes.webhookUrl = input.webhook_url ? checkWebhookUrl(deps.runtime.mode, input.webhook_url) : null;
  await upsertSettings(deps, merchant.id, changes);
  return agentSettingsView(deps, merchant);
}

async function upsertSettings(
  deps: SettingsDeps,
  merchantId: string,
  changes: Partial<typeof acpAgentSettings.$inferInsert>,
) {
  const now = deps.clock.now();
  await deps.db
    .insert(acpAgentSettings)
    .values({ merchantId, ...changes, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: acpAgentSettings.merchantId, set: { ...changes, updatedAt: now } });
}

/** A new secret the agent signs its requests with; returned once, stored sealed, the old one stops at once. */
export async function rotateSigningSecret(deps: SettingsDeps, merchantId: string): Promise<string> {
  const secret = `acpsign_${randomBase62(43)}`;
  await upsertSettings(deps, merchantId, { signingSecretSealed: seal(deps.keyring, secret) });
  return secret;
}

/** Creates or replaces the merchant's `whsec_` secret (order events are signed with it); returned once. */
export async function rotateWebhookSecret(deps: SettingsDeps, merchantId: string): Promise<string> {
  const secret = `whsec_${randomBase62(43)}`;
  // Merged into webhook_config so the URL and event list other settings keep there are left alone.
  const patch = JSON.stringify({ secret: seal(deps.keyring, secret) });
  await deps.db
    .update(merchants)
    .set({
      webhookConfig: sql`${merchants.webhookConfig} || ${patch}::jsonb`,
      updatedAt: deps.clock.now(),
    })
    .where(eq(merchants.id, merchantId));
  return secret;
}
