import { asc, eq } from 'drizzle-orm';
import type { ConnectionsOutput } from '#common/api/connections';
import type { Db } from '../../db/client';
import { merchantIntegrations, merchants, paymentConnections } from '../../db/schema/index';
import {
  PAYMENT_PROVIDER_IDS,
  paymentMethodName,
  paymentProvider,
  probedPaymentProviders,
} from '../../integrations/payments/registry';
import { isStorePlatformId, storePlatform, storePlatforms } from '../../integrations/stores/registry';

/**
 * Every payment provider as the settings forms and dashboard need it: its form, its missing-credentials
 * message, whether the health checks probe it, and its payments-history method with its label.
 */
export function paymentProviderForms(): ConnectionsOutput['paymentProviders'] {
  const probed = new Set(probedPaymentProviders().map(({ manifest }) => manifest.id));
  return PAYMENT_PROVIDER_IDS.map((id) => {
    const { manifest } = paymentProvider(id);
    return {
      id: manifest.id,
      name: manifest.name,
      method: manifest.method,
      availability: manifest.availability,
      credentialFields: manifest.credentialFields,
      missingCredentialsMessage: manifest.missingCredentialsMessage ?? null,
      healthChecked: probed.has(id),
      paymentMethod: { name: paymentMethodName(id), label: manifest.methodLabel },
    };
  });
}

/** "Open store": the store's own address, or in sandbox its simulator's page. */
function openUrlOf(platform: string, storeUrl: string | null, sandbox: boolean): string | null {
  if (!sandbox) return storeUrl;
  const manifest = isStorePlatformId(platform) ? storePlatform(platform).manifest : null;
  return manifest?.sandboxStorePage?.(storeUrl) ?? null;
}

/**
 * The merchant's connections as display hints, plus the forms every platform and provider needs. Stores
 * come oldest first with the selling one marked: the dashboard, Settings › Platform and store setup all
 * show this one list.
 */
export async function listConnections(
  db: Db,
  merchantId: string,
  opts: { sandbox: boolean },
): Promise<ConnectionsOutput> {
  const [stores, payments] = await Promise.all([
    db
      .select({ store: merchantIntegrations, sellingId: merchants.primaryIntegrationId })
      .from(merchantIntegrations)
      .innerJoin(merchants, eq(merchants.id, merchantIntegrations.merchantId))
      .where(eq(merchantIntegrations.merchantId, merchantId))
      .orderBy(asc(merchantIntegrations.createdAt), asc(merchantIntegrations.id)),
    db.select().from(paymentConnections).where(eq(paymentConnections.merchantId, merchantId)),
  ]);
  return {
    stores: stores.map(({ store: s, sellingId }) => ({
      id: s.id,
      platform: s.platform,
      status: s.status,
      display: s.display,
      lastTestedAt: s.lastTestedAt?.toISOString() ?? null,
      lastError: s.lastError,
      updatedAt: s.updatedAt.toISOString(),
      selling: s.id === sellingId,
      openUrl: openUrlOf(s.platform, s.display.storeUrl ?? null, opts.sandbox),
    })),
    payments: payments.map((p) => ({
      provider: p.provider,
      status: p.status,
      accountId: p.accountId,
      display: p.display,
      updatedAt: p.updatedAt.toISOString(),
    })),
    platforms: Object.values(storePlatforms).map(({ manifest }) => ({
      id: manifest.id,
      name: manifest.name,
      summary: manifest.summary,
      availability: manifest.availability,
      credentialFields: manifest.credentialFields,
    })),
    paymentProviders: paymentProviderForms(),
  };
}
