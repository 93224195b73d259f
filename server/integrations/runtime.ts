import type { AppConfig } from '../config';
import type { AdapterContext } from './http';
import { createSandboxFetch, type SandboxRoute } from './sandbox-network';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { createNodeHttpFetch } from '../lib/node-http-fetch';
import { createPublicOnlyFetch } from '../lib/url-safety';
import { sandboxAccessHeaders } from '../lib/sandbox-access';

/**
 * How the app reaches the outside world, decided once at start: in sandbox mode every provider host is
 * routed to its simulator; in live mode provider hosts are reached directly and merchant-typed URLs go
 * through the private-network guard.
 */
export interface IntegrationRuntime {
  mode: 'sandbox' | 'live';
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
  /** The app's clock, handed to every adapter through its context. */
  clock: Clock;
  timeoutMs?: number;
}): IntegrationRuntime {
  const { config, sandbox } = opts;
  const providerFetch = sandbox
    ? createSandboxFetch(sandbox.routes, createNodeHttpFetch())
    : createNodeHttpFetch();
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
  const { clock } = opts;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  return {
    mode: config.mode,
    timeoutMs,
    stripePlatform,
    simulators: sandbox?.simulators ?? {},
    sandboxCredentials: sandbox?.credentials ?? {},
    simulatorAccessHeaders: sandboxAccessHeaders(config.sandboxAccessSecret),
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
