import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CONNECTION_MESSAGES } from '#common/validation/connections';
import type { Db } from '../../db/client';
import {
  merchantIntegrations,
  merchants,
  type Merchant,
  type MerchantIntegration,
} from '../../db/schema/index';
import { storePlatform, type StorePlatformId } from '../../integrations/stores/registry';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { OfferCaches } from '../commerce';
import { forgetRecentKeys } from '../developers';
import { notify, type NotifyDeps } from '../notifications';
import { recordSettingsChange } from '../security-events';

/**
 * The selling store (ADR 042): the one of a merchant's stores that agents' offers, checkouts and orders
 * use, `merchants.primary_integration_id`. It is set when the first store is connected and changes only
 * when the merchant chooses: saving another store asks, and POST …/stores/:id/selling switches.
 */

type StoreRow = Pick<MerchantIntegration, 'id' | 'platform' | 'display'>;

/** A store as the merchant knows it: its platform's name. One store per platform, so that is enough. */
export const storeLabel = (store: Pick<StoreRow, 'platform'>) =>
  storePlatform(store.platform as StorePlatformId).manifest.name;

/**
 * The merchant columns that follow the selling store: the agent path reads primary_integration_id, the
 * dashboard and onboarding the platform and address.
 */
export function sellingStoreFields(merchant: Merchant, store: StoreRow) {
  const address = store.display.storeUrl ?? store.display.host ?? null;
  return {
    platform: store.platform,
    storeUrl: address,
    primaryIntegrationId: store.id,
    pspConfig: { ...merchant.pspConfig, store_url: address },
    onboardingState: { ...merchant.onboardingState, platform: store.platform, platform_configured: true },
  };
}

/** One of the merchant's own stores by id, or null (another merchant's id included). */
export async function findStore(db: Db, merchantId: string, integrationId: string): Promise<StoreRow | null> {
  const [store] = await db
    .select({
      id: merchantIntegrations.id,
      platform: merchantIntegrations.platform,
      display: merchantIntegrations.display,
    })
    .from(merchantIntegrations)
    .where(and(eq(merchantIntegrations.merchantId, merchantId), eq(merchantIntegrations.id, integrationId)));
  return store ?? null;
}

export interface SellingStoreChange {
  from: StoreRow | null;
  to: StoreRow;
}

/**
 * Makes one of the merchant's stores the selling one. Choosing the store already selling changes
 * nothing (null). The caller announces a change (announceSellingStoreChange).
 */
export async function chooseSellingStore(
  deps: { db: Db; clock: Clock; caches: OfferCaches },
  merchant: Merchant,
  integrationId: string,
): Promise<SellingStoreChange | null> {
  // Another merchant's id is answered as an unknown one.
  const to = await findStore(deps.db, merchant.id, integrationId);
  if (!to) throw new AppError('not_found', CONNECTION_MESSAGES.noSuchStore);
  if (merchant.primaryIntegrationId === to.id) return null;
  const from = merchant.primaryIntegrationId
    ? await findStore(deps.db, merchant.id, merchant.primaryIntegrationId)
    : null;
  await deps.db
    .update(merchants)
    .set({ ...sellingStoreFields(merchant, to), updatedAt: deps.clock.now() })
    .where(eq(merchants.id, merchant.id));
  forgetStore(deps, merchant.id, merchant.primaryIntegrationId);
  return { from, to };
}

/**
 * A switch of selling store is a security event (`connections.selling_store_changed`: whoever holds a
 * session can redirect every agent order) and a `store_switched` notification.
 */
export async function announceSellingStoreChange(
  deps: { db: Db; notify: NotifyDeps },
  request: FastifyRequest,
  merchantId: string,
  change: SellingStoreChange,
) {
  await recordSettingsChange(deps.db, request, {
    merchantId,
    area: 'connections',
    action: 'selling_store_changed',
    changes: { from: change.from?.platform ?? null, to: change.to.platform },
  });
  const to = storeLabel(change.to);
  await notify(deps.notify, {
    merchantId,
    event: 'store_switched',
    title: 'Selling store changed',
    body: change.from
      ? `Agents now sell from ${to} instead of ${storeLabel(change.from)}: offers, checkouts and orders use its catalogue.`
      : `Agents now sell from ${to}.`,
    link: '/settings?tab=platform',
  });
}

/**
 * After a store connection changes, this instance stops using what it cached about the old one: the
 * decrypted connection, the catalogue, and the merchant row offers read by API key (it names the
 * selling store). Other instances follow within their caches' short lives (ADR 006).
 */
export function forgetStore(
  deps: { db: Db; caches: OfferCaches },
  merchantId: string,
  integrationId: string | null,
) {
  deps.caches.storeConnections.invalidate(`${merchantId}:`);
  if (integrationId) deps.caches.catalogue.invalidate(`${integrationId}:`);
  forgetRecentKeys(deps.db, merchantId);
}

/**
 * Disconnects the merchant's store on `platform`. The selling store goes only when it is the last one
 * (agents then have no store, as before any was connected); with others left, the merchant first chooses
 * which of them agents sell from, so a disconnect never silently moves agent orders to another catalogue.
 */
export async function disconnectStore(
  deps: { db: Db; clock: Clock; caches: OfferCaches },
  merchant: Merchant,
  platform: StorePlatformId,
): Promise<void> {
  const stores = await deps.db
    .select({ id: merchantIntegrations.id, platform: merchantIntegrations.platform })
    .from(merchantIntegrations)
    .where(eq(merchantIntegrations.merchantId, merchant.id));
  const store = stores.find((s) => s.platform === platform);
  if (!store) return;
  const selling = store.id === merchant.primaryIntegrationId;
  if (selling && stores.length > 1) {
    throw new AppError('conflict', CONNECTION_MESSAGES.disconnectSellingStore(storeLabel(store)));
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .delete(merchantIntegrations)
      .where(and(eq(merchantIntegrations.merchantId, merchant.id), eq(merchantIntegrations.id, store.id)));
    if (selling) {
      await tx
        .update(merchants)
        .set({
          platform: null,
          storeUrl: null,
          primaryIntegrationId: null,
          onboardingState: { ...merchant.onboardingState, platform_configured: false },
          updatedAt: deps.clock.now(),
        })
        .where(eq(merchants.id, merchant.id));
    }
  });
  forgetStore(deps, merchant.id, store.id);
}
