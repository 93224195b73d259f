import type { PaymentProviderId } from './payments/registry';
import type { StorePlatformId } from './stores/registry';

/**
 * Sandbox mode's "DNS": requests to a provider's real host (api.stripe.com, demo.woocommerce.sandbox, …)
 * are sent to that provider's simulator on loopback instead. Adapters keep using the real URLs, so the
 * code path is the one live mode runs. The simulator is told the original scheme and host through the
 * usual proxy headers, so an https:// store URL still counts as HTTPS there.
 */
export interface SandboxRoute {
  /** An exact host (`api.stripe.com`) or a wildcard suffix (`*.woocommerce.sandbox`). */
  host: string;
  /** The simulator's loopback base URL. */
  target: string;
}

/**
 * Every simulator the sandbox runs: one per registered provider, plus an AI agent platform's, a
 * receiver for the merchant's own webhooks and the platform's SMS provider.
 */
export type SimulatorId = PaymentProviderId | StorePlatformId | 'agent' | 'webhooks' | 'twilio';

/**
 * The sandbox webhook receiver answers every host under this domain; each merchant gets its own
 * (`<merchant id>.webhooks.sandbox`), so it can check each merchant's signatures with that merchant's secret.
 */
export const WEBHOOK_RECEIVER_SANDBOX_DOMAIN = 'webhooks.sandbox';

/**
 * The sandbox's outside world as the app sees it: where each simulator listens, the real hosts routed
 * to them, and the credentials each accepts. Defined here, outside the simulator code, so that the
 * production server can be handed one without loading any simulator (the top-level sandbox/ folder).
 */
export interface RunningSimulators {
  simulators: Record<SimulatorId, { baseUrl: string }>;
  routes: SandboxRoute[];
  /** The sandbox credentials each simulator accepts (its GET /__sim), by provider id. */
  credentials: Record<SimulatorId, Record<string, string>>;
  close(): Promise<void>;
}

/**
 * Whether a URL reaches a simulator's controls (POST /__sim/down, /__sim/up, …) or the sandbox's own
 * listings, read as a server reads a path: escapes decoded, any case, any segment (a doubled slash or a
 * prefix does not hide it). A path that does not decode counts as one. No merchant-supplied endpoint
 * may: a test send would drive the sandbox and show its answer.
 */
export function reachesSimulatorControls(url: URL): boolean {
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return true;
  }
  return path
    .toLowerCase()
    .split(/[/\\;]/)
    .some((segment) => segment.startsWith('__sim'));
}

function matches(pattern: string, host: string): boolean {
  if (pattern.startsWith('*.')) {
    const suffix = pattern.slice(1);
    return host.endsWith(suffix) && host.length > suffix.length;
  }
  return host === pattern;
}

export function resolveSandboxUrl(
  routes: SandboxRoute[],
  url: URL,
): { url: URL; forwardedHost: string; forwardedProto: string } | null {
  const route = routes.find((r) => matches(r.host, url.hostname));
  if (!route) return null;
  const target = new URL(route.target);
  const rewritten = new URL(url.toString());
  rewritten.protocol = target.protocol;
  rewritten.hostname = target.hostname;
  rewritten.port = target.port;
  return { url: rewritten, forwardedHost: url.host, forwardedProto: url.protocol.replace(':', '') };
}

export function createSandboxFetch(
  routes: SandboxRoute[],
  inner: typeof fetch = globalThis.fetch,
): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const original = new URL(input instanceof Request ? input.url : String(input));
    const resolved = resolveSandboxUrl(routes, original);
    if (!resolved) return inner(input, init);
    const headers = new Headers(input instanceof Request ? input.headers : undefined);
    new Headers(init?.headers).forEach((value, key) => headers.set(key, value));
    headers.set('x-forwarded-host', resolved.forwardedHost);
    headers.set('x-forwarded-proto', resolved.forwardedProto);
    if (input instanceof Request && init?.body === undefined && input.body) {
      return inner(
        new Request(resolved.url, { method: input.method, headers, body: await input.arrayBuffer() }),
        init,
      );
    }
    return inner(resolved.url, {
      ...init,
      method: init?.method ?? (input instanceof Request ? input.method : undefined),
      headers,
    });
  }) as typeof fetch;
}
