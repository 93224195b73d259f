import type { Db } from '../db/client';
import type { IntegrationRuntime } from '../integrations/runtime';
import type { StoreProduct } from '../integrations/stores/store-platform';
import type { AppInstance } from '../jobs/instances';
import type { JobQueue } from '../jobs/queue';
import type { Clock } from '../lib/clock';
import type { Keyring } from '../lib/crypto';
import type { Logger } from '../lib/logger';
import type { TtlCache } from '../lib/ttl-cache';

/**
 * Short-lived caches for the agent path (agents ask far more often than merchants change settings):
 * products by `<integrationId>:<sku>` for 30 s, decrypted store connections by merchant for 60 s.
 * A confirm always re-prices against the store itself before money moves. Decrypted payment connections
 * by `<merchantId>:<provider>:<merchant updatedAt>`: every save of a payment connection moves its
 * merchant's updatedAt in the same transaction, and the merchant row an agent request carries is read
 * fresh (docs/decisions/006), so no instance charges with a connection replaced anywhere.
 */
export interface OfferCaches {
  catalogue: TtlCache<StoreProduct | null>;
  storeConnections: TtlCache<{
    integrationId: string;
    platform: string;
    credentials: Record<string, unknown>;
  }>;
  paymentConnections: TtlCache<{
    accountId: string | null;
    credentials: Record<string, unknown> | null;
    /** 'connected', or 'disconnected' (PAYMENT_CONNECTION_DISCONNECTED): kept for past payments only. */
    status: string;
  } | null>;
}

/** What the engine (features/commerce) runs on; compose.ts assembles it once for every feature. */
export interface EngineDeps {
  db: Db;
  runtime: IntegrationRuntime;
  keyring: Keyring;
  clock: Clock;
  logger: Logger;
  caches: OfferCaches;
  /** This process, as the leases it takes record it. */
  instance: AppInstance;
  jobs: JobQueue;
  /**
   * The platform's fee on an order of `amountMinor` by the merchant's plan, in the same minor units, and
   * that plan's id. The engine fixes it on the checkout when the card charge is first attempted and takes
   * it at the charge on a Stripe Connect account. Billing (which provides it) records every order's fee
   * and accrues for its monthly invoice whatever was not taken at the charge, so without it (engine calls
   * made outside the app's composition) a fee is deferred, never lost.
   */
  platformFee?(merchantId: string, amountMinor: number): Promise<{ feeMinor: number; plan: string }>;
}
