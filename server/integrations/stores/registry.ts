import { z } from 'zod';
import { bigcommerce } from './bigcommerce/index';
import { custom } from './custom/index';
import { magento } from './magento/index';
import { shopify } from './shopify/index';
import type { StorePlatform } from './store-platform';
import { woocommerce } from './woocommerce/index';

/**
 * Every store platform, one line each: adding a platform is its folder plus one line here. The key is
 * the platform's manifest id; ids, labels, API endpoints and the sandbox's simulators all derive from it.
 */
export const storePlatforms = {
  woocommerce,
  shopify,
  bigcommerce,
  magento,
  custom,
} satisfies Record<string, StorePlatform<unknown>>;

export type StorePlatformId = keyof typeof storePlatforms;

export const STORE_PLATFORM_IDS = Object.keys(storePlatforms) as StorePlatformId[];

/** A platform id at the HTTP boundary: one of the registered platforms. */
export const storePlatformIdSchema = z.enum(STORE_PLATFORM_IDS as [StorePlatformId, ...StorePlatformId[]]);

export function isStorePlatformId(id: string): id is StorePlatformId {
  return Object.hasOwn(storePlatforms, id);
}

/** A platform's adapter, typed for callers that validate credentials with its own schema first. */
export function storePlatform(id: StorePlatformId): StorePlatform<unknown> {
  return storePlatforms[id];
}

/** The base URL the platform's adapter talks to, from the merchant's validated credentials. */
export function storeApiBase(id: StorePlatformId, credentials: Record<string, unknown>): string {
  return storePlatforms[id].manifest.apiBase(credentials);
}
