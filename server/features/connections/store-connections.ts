import { eq } from 'drizzle-orm';
import { CONNECTION_MESSAGES } from '#common/validation/connections';
import type { Clock } from '../../lib/clock';
import { STORE_URL_FIELDS, storeCredentialsSchema } from '#common/validation/store-credentials';
import type { Db } from '../../db/client';
import { merchantIntegrations, merchants, type Merchant } from '../../db/schema/index';
import { credentialHint } from '../../integrations/credentials';
import { storeApiBase, storePlatform, type StorePlatformId } from '../../integrations/stores/registry';
import { AppError, firstMessagePerField } from '../../lib/app-error';
import type { Keyring } from '../../lib/crypto';
import { assertPublicUrlShape, UnsafeUrlError } from '../../lib/url-safety';
import type { IntegrationRuntime } from '../../integrations/runtime';
import { loadStoreConnection, storeContextFor, type OfferCaches } from '../commerce';
import { storeConnectionError } from './provider-failure';
import { sealCredentials } from '../../lib/credential-vault';

/**
 * Store setup, the rules the form also applies (common/validation/store-credentials.ts): every
 * field required (one message per platform), trailing slashes stripped, and store URLs on https://
 * (sandbox hosts included). In live mode a merchant-typed address must also be public. Returns the
 * platform's own validated credentials.
 */
export function parseStoreCredentials(
  runtime: IntegrationRuntime,
  platform: StorePlatformId,
  raw: Record<string, string>,
) {
  const adapter = storePlatform(platform);
  const fieldNames = adapter.manifest.credentialFields.map((field) => field.name);
  const common = storeCredentialsSchema(adapter.manifest.name, fieldNames).safeParse(raw);
  if (!common.success) {
    const fieldErrors = firstMessagePerField(common.error.issues);
    // A missing field is what to fix first: the address rules only matter once everything is filled in.
    const missing = CONNECTION_MESSAGES.fillAllCredentials(adapter.manifest.name);
    const message = Object.values(fieldErrors).includes(missing) ? missing : Object.values(fieldErrors)[0]!;
    throw new AppError('invalid_request', message, { fieldErrors });
  }
  const trimmed = common.data;
  for (const key of STORE_URL_FIELDS) {
    if (trimmed[key] === undefined) continue;
    try {
      if (runtime.mode === 'live') assertPublicUrlShape(trimmed[key]);
      else new URL(trimmed[key]);
    } catch (err) {
      const message =
        err instanceof UnsafeUrlError && err.message !== 'Invalid URL'
          ? `Connection failed: ${err.message}`
          : CONNECTION_MESSAGES.invalidUrl;
      throw new AppError('invalid_request', message, { fieldErrors: { [key]: message } });
    }
  }
  const parsed = adapter.credentialsSchema.safeParse(trimmed);
  if (!parsed.success) {
    const fieldErrors = firstMessagePerField(parsed.error.issues);
    throw new AppError(
      'invalid_request',
      Object.values(fieldErrors)[0] ?? CONNECTION_MESSAGES.fillAllCredentials(adapter.manifest.name),
      { fieldErrors },
    );
  }
  return parsed.data as Record<string, unknown>;
}

function assertConnectable(platform: StorePlatformId) {
  if (storePlatform(platform).manifest.availability !== 'live') {
    throw new AppError(
      'invalid_request',
      CONNECTION_MESSAGES.comingSoon(storePlatform(platform).manifest.name),
    );
  }
}

/** Runs the platform's connection test (one authenticated read of its API) without saving anything. */
export async function testStoreCredentials(
  runtime: IntegrationRuntime,
  platform: StorePlatformId,
  raw: Record<string, string>,
) {
  const credentials = parseStoreCredentials(runtime, platform, raw);
  try {
    const { storeName } = await storePlatform(platform).testConnection(
      storeContextFor(runtime, platform, credentials),
    );
    return { credentials, storeName };
  } catch (err) {
    throw storeConnectionError(platform, err);
  }
}

/** The merchant typed their store's address: show it; otherwise name the store as its platform does. */
function displayFor(
  platform: StorePlatformId,
  credentials: Record<string, unknown>,
  storeName: string | null,
) {
  const { manifest } = storePlatform(platform);
  const apiBase = storeApiBase(platform, credentials);
  const url = manifest.merchantSuppliedHost ? apiBase : null;
  const host = manifest.displayHost?.(credentials) ?? new URL(apiBase).hostname;
  const keyHint = credentialHint(manifest.credentialFields, credentials);
  return { storeUrl: url, host, storeName, keyHint };
}

/**
 * Tests, then saves the connection encrypted and records it on the merchant (platform,
 * store_url, primary_integration_id, psp_config.store_url, onboarding_state). A failed test saves nothing.
 */
export async function saveStoreConnection(
  deps: { db: Db; runtime: IntegrationRuntime; keyring: Keyring; clock: Clock; caches: OfferCaches },
  merchant: Merchant,
  platform: StorePlatformId,
  raw: Record<string, string>,
) {
  assertConnectable(platform);
  const { credentials, storeName } = await testStoreCredentials(deps.runtime, platform, raw);
  const display = displayFor(platform, credentials, storeName);
  const now = deps.clock.now();
  return deps.db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(merchantIntegrations)
        .values({
          merchantId: merchant.id,
          platform,
          configEncrypted: sealCredentials(deps.keyring, credentials),
          display,
          status: 'connected',
          lastTestedAt: now,
          lastError: null,
        })
        .onConflictDoUpdate({
          target: [merchantIntegrations.merchantId, merchantIntegrations.platform],
          set: {
            configEncrypted: sealCredentials(deps.keyring, credentials),
            display,
            status: 'connected',
            lastTestedAt: now,
            lastError: null,
            updatedAt: now,
          },
        })
        .returning({ id: merchantIntegrations.id });
      await tx
        .update(merchants)
        .set({
          platform,
          storeUrl: display.storeUrl ?? display.host,
          primaryIntegrationId: row!.id,
          pspConfig: { ...merchant.pspConfig, store_url: display.storeUrl ?? display.host },
          onboardingState: { ...merchant.onboardingState, platform, platform_configured: true },
          updatedAt: now,
        })
        .where(eq(merchants.id, merchant.id));
      return { integrationId: row!.id, storeName };
    })
    .then((saved) => {
      forgetStore(deps.caches, merchant.id, saved.integrationId);
      return saved;
    });
}

/** Spec test-platform-connection: re-tests a saved connection and records the outcome. */
export async function checkStoreConnection(
  deps: { db: Db; runtime: IntegrationRuntime; keyring: Keyring; clock: Clock; caches: OfferCaches },
  merchantId: string,
  integrationId: string,
) {
  const saved = await loadStoreConnection(deps, merchantId, { integrationId });
  if (!saved) throw new AppError('not_found', 'No such store connection');
  const platform = saved.row.platform as StorePlatformId;
  const now = deps.clock.now();
  try {
    await storePlatform(platform).testConnection(storeContextFor(deps.runtime, platform, saved.credentials));
    await deps.db
      .update(merchantIntegrations)
      .set({ status: 'connected', lastTestedAt: now, lastError: null })
      .where(eq(merchantIntegrations.id, integrationId));
    return { success: true as const };
  } catch (err) {
    const message = storeConnectionError(platform, err).message;
    await deps.db
      .update(merchantIntegrations)
      .set({ status: 'failed', lastTestedAt: now, lastError: message })
      .where(eq(merchantIntegrations.id, integrationId));
    return { success: false as const, error: message };
  }
}

/** After a store connection changes, this instance stops using what it cached about the old one. */
export function forgetStore(caches: OfferCaches, merchantId: string, integrationId: string | null) {
  caches.storeConnections.invalidate(`${merchantId}:`);
  if (integrationId) caches.catalogue.invalidate(`${integrationId}:`);
}
