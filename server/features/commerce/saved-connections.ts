import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchantIntegrations, paymentConnections } from '../../db/schema/index';
import { paymentProvider, type PaymentProviderId } from '../../integrations/payments/registry';
import { storeApiBase, storePlatform, type StorePlatformId } from '../../integrations/stores/registry';
import type { IntegrationRuntime } from '../../integrations/runtime';
import { openCredentials } from '../../lib/credential-vault';
import type { Keyring } from '../../lib/crypto';

// The merchant's saved connections, opened for use: the engine charges and writes orders with them, and
// the connections feature (which saves and tests them) reads them back through here.

/** Loads a saved store connection's credentials (re-sealing them under the current key if needed). */
export async function loadStoreConnection(
  deps: { db: Db; keyring: Keyring },
  merchantId: string,
  where: { integrationId?: string; platform?: string },
) {
  const [row] = await deps.db
    .select()
    .from(merchantIntegrations)
    .where(
      and(
        eq(merchantIntegrations.merchantId, merchantId),
        where.integrationId
          ? eq(merchantIntegrations.id, where.integrationId)
          : eq(merchantIntegrations.platform, where.platform ?? ''),
      ),
    );
  if (!row) return null;
  const { credentials, resealed } = openCredentials(deps.keyring, row.configEncrypted);
  if (resealed) {
    await deps.db
      .update(merchantIntegrations)
      .set({ configEncrypted: resealed })
      .where(eq(merchantIntegrations.id, row.id));
  }
  return { row, credentials };
}

/** The adapter context for a merchant's store: its API base and, for typed URLs, the guarded fetch. */
export function storeContextFor(
  runtime: IntegrationRuntime,
  platform: StorePlatformId,
  credentials: Record<string, unknown>,
) {
  return runtime.context(credentials, storeApiBase(platform, credentials), {
    merchantSupplied: storePlatform(platform).manifest.merchantSuppliedHost,
  });
}

/**
 * A payment connection's status once the merchant disconnected it: kept (not deleted) so the payments it
 * took can still be refunded, never used for a new charge (merchantCardAccount).
 */
export const PAYMENT_CONNECTION_DISCONNECTED = 'disconnected';

/** Loads a merchant's saved provider credentials (re-sealed under the current key when needed). */

export async function loadPaymentConnection(
  deps: { db: Db; keyring: Keyring },
  merchantId: string,
  provider: PaymentProviderId,
) {
  const [row] = await deps.db
    .select()
    .from(paymentConnections)
    .where(and(eq(paymentConnections.merchantId, merchantId), eq(paymentConnections.provider, provider)));
  if (!row) return null;
  if (!row.credentialsEncrypted) return { row, credentials: null };
  const { credentials, resealed } = openCredentials(deps.keyring, row.credentialsEncrypted);
  if (resealed)
    await deps.db
      .update(paymentConnections)
      .set({ credentialsEncrypted: resealed })
      .where(eq(paymentConnections.id, row.id));
  return { row, credentials };
}

/** The adapter context for a merchant's payment provider account. */
export function paymentContextFor(
  runtime: IntegrationRuntime,
  provider: PaymentProviderId,
  credentials: Record<string, unknown>,
) {
  const { manifest } = paymentProvider(provider);
  return runtime.context(credentials, manifest.apiBase(credentials), {
    merchantSupplied: manifest.merchantSuppliedHost,
  });
}
