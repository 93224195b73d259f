import type { StoreProduct } from '../../integrations/stores/store-platform';
import { TtlCache } from '../../lib/ttl-cache';

/**
 * Short-lived caches for the offer path (agents ask for offers far more often than stores change):
 * products by `<integrationId>:<sku>` for 30 s, decrypted store connections by merchant for 60 s.
 * A confirm always re-prices against the store itself before money moves.
 */
export interface OfferCaches {
  catalogue: TtlCache<StoreProduct | null>;
  storeConnections: TtlCache<{
    integrationId: string;
    platform: string;
    credentials: Record<string, unknown>;
  }>;
}

export function createOfferCaches(): OfferCaches {
  return {
    catalogue: new TtlCache({ ttlMs: 30_000 }),
    storeConnections: new TtlCache({ ttlMs: 60_000 }),
  };
}
