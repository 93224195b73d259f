import type { OfferCaches } from '../../services/engine';
import { TtlCache } from '../../lib/ttl-cache';

export type { OfferCaches };

/** The offer path's caches, one set per process (compose.ts). */
export function createOfferCaches(): OfferCaches {
  return {
    catalogue: new TtlCache({ ttlMs: 30_000 }),
    storeConnections: new TtlCache({ ttlMs: 60_000 }),
    paymentConnections: new TtlCache({ ttlMs: 60_000 }),
  };
}
