import type { Db } from '../db/client';
import type { IntegrationRuntime } from '../integrations/runtime';
import type { JobQueue } from '../jobs/queue';
import type { Keyring } from '../lib/crypto';

/** What the engine (features/commerce) runs on; compose.ts assembles it once for every feature. */
export interface EngineDeps {
  db: Db;
  runtime: IntegrationRuntime;
  keyring: Keyring;
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
