import { randomUUID } from 'node:crypto';
import type { AppConfig, RecoveryTiming } from '../config';
import type { AdapterContext } from './http';
import { createSandboxFetch, type SandboxRoute } from './sandbox-network';
import { systemClock, type Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { createPublicOnlyFetch } from '../lib/url-safety';
import { sandboxAccessHeaders } from '../lib/sandbox-access';
import type { StoreProduct } from './stores/store-platform';
import { TtlCache } from '../lib/ttl-cache';

/**
 * How the app reaches the outside world, decided once at start: in sandbox mode every provider host is
 * routed to its simulator; in live mode provider hosts are reached directly and merchant-typed URLs go
 * through the private-network guard.
 */
export interface IntegrationRuntime {
  mode: 'sandbox' | 'live';
  clock: Clock;
  logger: Logger;
  /** When a confirm's claim or a store write's lease counts as abandoned (its process died). */
  leases: Pick<RecoveryTiming, 'confirmLeaseMs' | 'storeWriteLeaseMs'>;
  /**
   * This process as app_instances knows it (jobs/instances.ts): every lease it takes records this id,
   * so others can tell a lease whose process died from one a live instance holds. New at every start.
   */
  instanceId: string;
  /** How long one provider or store request may take before it counts as unavailable. */
  timeoutMs: number;
  /** Build an adapter context for a URL we chose (a provider's API) or one a merchant typed. */
  context<C>(credentials: C, baseUrl: string, opts?: { merchantSupplied?: boolean }): AdapterContext<C>;
  /** Stripe Connect as the platform, or null when it is not configured. */
  stripePlatform: { secretKey: string; clientId: string; connectBaseUrl: string } | null;
  /** Sandbox only: the simulators' loopback base URLs, by provider id (shown at GET /__sim). */
  simulators: Record<string, { baseUrl: string }>;
  /** Sandbox only: the credentials each simulator accepts, by provider id (GET /__sim/credentials). */
  sandboxCredentials: Record<string, Record<string, string>>;
  /** Sandbox only: what the app's own calls to a simulator's `/__sim` routes carry (the access secret). */
  simulatorAccessHeaders: Record<string, string>;
  /**
   * Short-lived caches for the offer path (agents ask for offers far more often than stores change):
   * products by `<integrationId>:<sku>` for 30 s, decrypted store connections by merchant for 60 s.
   * A confirm always re-prices against the store itself before money moves.
   */
  caches: {
    catalogue: TtlCache<StoreProduct | null>;
    storeConnections: TtlCache<{
      integrationId: string;
      platform: string;
      credentials: Record<string, unknown>;
    }>;
  };
}

export interface SandboxNetwork {
  routes: SandboxRoute[];
  simulators: Record<string, { baseUrl: string }>;
  credentials: Record<string, Record<string, string>>;
  stripePlatform: { secretKey: string; clientId: string };
}

export function createIntegrationRuntime(opts: {
  config: AppConfig;
  logger: Logger;
  sandbox?: SandboxNetwork;
  clock?: Clock;
  timeoutMs?: number;
}): IntegrationRuntime {
  const { config, sandbox } = opts;
  const providerFetch = sandbox ? createSandboxFetch(sandbox.routes) : globalThis.fetch;
  const merchantFetch = sandbox ? providerFetch : createPublicOnlyFetch();
  const stripePlatform = sandbox
    ? {
        ...sandbox.stripePlatform,
        // A person's browser follows this link, so it must be the simulator's own address.
        connectBaseUrl: sandbox.simulators.stripe?.baseUrl ?? '',
      }
    : config.stripeConnect
      ? { ...config.stripeConnect, connectBaseUrl: 'https://connect.stripe.com' }
      : null;
  const clock = opts.clock ?? systemClock;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  return {
    mode: config.mode,
    clock,
    logger: opts.logger,
    leases: {
      confirmLeaseMs: config.recovery.confirmLeaseMs,
      storeWriteLeaseMs: config.recovery.storeWriteLeaseMs,
    },
    instanceId: randomUUID(),
    timeoutMs,
    stripePlatform,
    simulators: sandbox?.simulators ?? {},
    sandboxCredentials: sandbox?.credentials ?? {},
    simulatorAccessHeaders: sandboxAccessHeaders(config.sandboxAccessSecret),
    caches: {
      catalogue: new TtlCache({ ttlMs: 30_000 }),
      storeConnections: new TtlCache({ ttlMs: 60_000 }),
    },
    context(credentials, baseUrl, ctxOpts = {}) {
      return {
        credentials,
        http: {
          baseUrl,
          fetch: ctxOpts.merchantSupplied ? merchantFetch : providerFetch,
          timeoutMs,
        },
        clock,
        logger: opts.logger,
      };
    },
  };
}
