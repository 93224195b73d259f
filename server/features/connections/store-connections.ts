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
import { findStore, forgetStore, sellingStoreFields, type SellingStoreChange } from './selling-store';

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
 * Tests, then saves the connection encrypted. It becomes the selling store (ADR 042) when the merchant
 * has none yet, when it already is (new credentials for it), or when `selling` asks for it; otherwise the
 * merchant keeps selling from the store it had. A failed test saves nothing. `switched` is set when the
 * selling store moved from another store to this one: the caller announces it.
 */
export async function saveStoreConnection(
  deps: { db: Db; runtime: IntegrationRuntime; keyring: Keyring; clock: Clock; caches: OfferCaches },
  merchant: Merchant,
  platform: StorePlatformId,
  raw: Record<string, string>,
  opts: { selling?: boolean } = {},
): Promise<{
  integrationId: string;
  storeName: string | null;
  selling: boolean;
  switched: SellingStoreChange | null;
}> {
  assertConnectable(platform);
  const { credentials, storeName } = await testStoreCredentials(deps.runtime, platform, raw);
  const display = displayFor(platform, credentials, storeName);
  const now = deps.clock.now();
  const saved = await deps.db.transaction(async (tx) => {
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
    const store = { id: row!.id, platform, display };
    const previous = merchant.primaryIntegrationId;
    if (previous && previous !== store.id && !opts.selling) return { store, selling: false, switched: null };
    await tx
      .update(merchants)
      .set({ ...sellingStoreFields(merchant, store), updatedAt: now })
      .where(eq(merchants.id, merchant.id));
    if (!previous || previous === store.id) return { store, selling: true, switched: null };
    return {
      store,
      selling: true,
      switched: { from: await findStore(tx, merchant.id, previous), to: store },
    };
  });
  forgetStore(deps, merchant.id, saved.store.id);
  if (saved.switched) forgetStore(deps, merchant.id, merchant.primaryIntegrationId);
  return { integrationId: saved.store.id, storeName, selling: saved.selling, switched: saved.switched };
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
