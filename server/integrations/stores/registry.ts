import { bigcommerce } from './bigcommerce/index';
import { custom } from './custom/index';
import { magento } from './magento/index';
import { shopify } from './shopify/index';
import type { StorePlatform, StorePlatformId } from './store-platform';
import { woocommerce } from './woocommerce/index';

/** Every store platform, one line each. Adding a platform is one folder plus one line here. */
export const storePlatforms = {
  woocommerce,
  shopify,
  bigcommerce,
  magento,
  custom,
} satisfies Record<StorePlatformId, StorePlatform<unknown>>;

export function isStorePlatformId(id: string): id is StorePlatformId {
  return Object.hasOwn(storePlatforms, id);
}

/** A platform's adapter, typed for callers that validate credentials with its own schema first. */
export function storePlatform(id: StorePlatformId): StorePlatform<unknown> {
  return storePlatforms[id];
}
