import type { IntegrationRuntime } from '../../integrations/runtime';
import { UnsafeUrlError } from '../../lib/url-safety';
import { assertSendableUrl } from '../outbound-webhooks';
import { parseDictionary } from './ucp-agent';

/** How long a platform profile is trusted without reading it again, unless its Cache-Control says less. */
const PROFILE_TTL_MS = 5 * 60 * 1000;
/** A profile is a small document: anything larger is not read. */
const PROFILE_MAX_BYTES = 256 * 1024;
const ORDER_CAPABILITY = 'dev.ucp.shopping.order';

/** What this business uses of a platform's profile (profile_schema.json, platform_profile). */
export interface PlatformProfile {
  /** The order capability's `config.webhook_url`, checked sendable; null when the platform lists none. */
  webhookUrl: string | null;
  /** The platform's public keys, for verifying requests it signs (signatures.md). */
  signingKeys: PlatformJwk[];
}

export interface PlatformJwk {
  kid: string;
  kty: string;
  crv?: string;
  x?: string;
  y?: string;
  alg?: string;
}

/** The profile could not be read (network, status, shape): the caller retries later or refuses. */
export class PlatformProfileError extends Error {}

type Runtime = Pick<IntegrationRuntime, 'mode' | 'context'>;
const caches = new WeakMap<object, Map<string, { profile: PlatformProfile; expiresAt: number }>>();

/** The profile URL a UCP request or session names (`UCP-Agent: profile="…"`), or null. */
export function profileUrlOf(ucpAgent: string | undefined | null): string | null {
  return ucpAgent ? (parseDictionary(ucpAgent).get('profile') ?? null) : null;
}

function maxAgeMs(cacheControl: string | null): number {
  const match = cacheControl ? /max-age=(\d+)/i.exec(cacheControl) : null;
  if (cacheControl && /no-store|no-cache/i.test(cacheControl)) return 0;
  return match ? Math.min(Number(match[1]) * 1000, PROFILE_TTL_MS) : PROFILE_TTL_MS;
}

/** The order capability's webhook URL in a parsed profile, if it lists one that is a URL. */
function webhookUrlOf(mode: Runtime['mode'], profile: unknown): string | null {
  const entries = (profile as { ucp?: { capabilities?: Record<string, unknown> } })?.ucp?.capabilities?.[
    ORDER_CAPABILITY
  ];
  if (!Array.isArray(entries)) return null;
  for (const entry of entries as { config?: { webhook_url?: unknown } }[]) {
    const raw = entry?.config?.webhook_url;
    if (typeof raw !== 'string') continue;
    const url = assertSendableUrl(mode, raw);
    if (url.protocol !== 'https:' && !(mode === 'sandbox' && url.protocol === 'http:'))
      throw new UnsafeUrlError('The order webhook URL must use https://');
    if (url.username || url.password)
      throw new UnsafeUrlError('The order webhook URL must hold no credentials');
    return url.toString();
  }
  return null;
}

function signingKeysOf(profile: unknown): PlatformJwk[] {
  const keys = (profile as { signing_keys?: unknown })?.signing_keys;
  if (!Array.isArray(keys)) return [];
  return keys.filter(
    (k): k is PlatformJwk =>
      typeof k === 'object' && k !== null && typeof (k as PlatformJwk).kid === 'string',
  );
}

/**
 * Reads a platform's profile over HTTP, checked like every URL a stranger gives us (live mode: public
 * https hosts only, and the guarded fetch checks the address dialled; sandbox: loopback and the
 * simulators' hosts, never a simulator's controls), and cached per profile URL for its max-age (at most
 * five minutes). The order webhook URL it names is checked the same way. Throws PlatformProfileError.
 */
export async function readPlatformProfile(
  runtime: Runtime,
  profileUrl: string,
  now: number = Date.now(),
): Promise<PlatformProfile> {
  let cache = caches.get(runtime);
  if (!cache) caches.set(runtime, (cache = new Map()));
  const cached = cache.get(profileUrl);
  if (cached && cached.expiresAt > now) return cached.profile;
  let response: Response;
  try {
    const url = assertSendableUrl(runtime.mode, profileUrl);
    if (url.protocol !== 'https:' && !(runtime.mode === 'sandbox' && url.protocol === 'http:'))
      throw new UnsafeUrlError('The platform profile must be served over https://');
    response = await runtime.context(null, profileUrl, { merchantSupplied: true }).http.fetch(profileUrl, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
      redirect: 'manual',
    });
  } catch (err) {
    throw new PlatformProfileError(
      `The platform profile ${profileUrl} could not be read: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  if (!response.ok)
    throw new PlatformProfileError(`The platform profile ${profileUrl} answered HTTP ${response.status}`);
  const text = await response.text();
  if (text.length > PROFILE_MAX_BYTES)
    throw new PlatformProfileError(`The platform profile ${profileUrl} is too large`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new PlatformProfileError(`The platform profile ${profileUrl} is not JSON`);
  }
  let webhookUrl: string | null;
  try {
    webhookUrl = webhookUrlOf(runtime.mode, parsed);
  } catch (err) {
    throw new PlatformProfileError(
      `The platform profile ${profileUrl} names an order webhook URL this business cannot send to: ${
        err instanceof Error ? err.message : String(err)
      }`,
    );
  }
  const profile = { webhookUrl, signingKeys: signingKeysOf(parsed) };
  const ttl = maxAgeMs(response.headers.get('cache-control'));
  if (ttl > 0) cache.set(profileUrl, { profile, expiresAt: now + ttl });
  return profile;
}
