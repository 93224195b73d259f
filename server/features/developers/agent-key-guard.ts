import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { Merchant } from '../../db/schema/index';
import { sha256Hex } from '../../lib/hash';
import { addressRefusedMessage, allowlistOf, isAddressAllowed } from '../auth';
import { recordSecurityEvent } from '../security-events';
import { merchantByApiKey, presentedApiKey, recentMerchantByApiKey } from './api-keys';

const MAX_REFUSED_KEYS_PER_MINUTE = 30;
const RATE_WINDOW = '1 minute';

export type KeyCheck =
  | { ok: true; merchant: Merchant }
  | { ok: false; reason: 'throttled' | 'missing' | 'invalid' | 'address_not_allowed'; message: string };

type RefusalCounter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Refused keys per client address, counted in the app's rate-limit store (Redis when REDIS_URL is set,
 * so every instance counts against the same allowance; else this process's memory). One counter per app
 * (per database handle) shared by every agent surface, so the documented API and ACP do not each grant
 * an address its own allowance.
 */
const refusalCounters = new WeakMap<Db, RefusalCounter>();

function refusalsFor(app: FastifyInstance, db: Db) {
  let counter = refusalCounters.get(db);
  if (!counter) {
    // One more than the allowance: the store answers `remaining: 0` exactly once, on the first refusal
    // past it (the burst's event), and `isExceeded` on every one after that.
    counter = app.createRateLimit({
      max: MAX_REFUSED_KEYS_PER_MINUTE + 1,
      timeWindow: RATE_WINDOW,
      keyGenerator: (request: FastifyRequest) => `refused-key:${request.ip}`,
    });
    refusalCounters.set(db, counter);
  }
  return counter;
}

/**
 * Authenticates an agent by its merchant API key. Someone trying keys is slowed down per client address:
 * past 30 refused keys a minute, further invalid keys get 429 and a security event is recorded. A valid
 * key is never refused for its address: agents share egress addresses (every ChatGPT checkout comes from
 * the same platform), so one bad actor must not cut a merchant off.
 */
export function agentKeyGuard(app: FastifyInstance, db: Db) {
  const countRefusal = refusalsFor(app, db);
  return async function check(request: FastifyRequest): Promise<KeyCheck> {
    const key = presentedApiKey(request.headers);
    const recent = request.routeOptions.config.recentKey;
    const merchant = key ? await (recent ? recentMerchantByApiKey : merchantByApiKey)(db, key) : null;
    if (merchant) return keyAllowedFrom(merchant, request.ip);

    const refusal = await countRefusal(request);
    const throttled = !refusal.isAllowed && refusal.remaining === 0;
    if (throttled && !refusal.isExceeded) {
      await recordSecurityEvent(db, {
        type: 'suspicious_activity',
        name: 'invalid_api_keys',
        details: { refusedInOneMinute: refusal.max, path: request.routeOptions.url ?? null },
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'],
      });
    }
    if (throttled) {
      return {
        ok: false,
        reason: 'throttled',
        message: 'Too many requests with invalid API keys from this address',
      };
    }
    return key
      ? { ok: false, reason: 'invalid', message: 'Invalid API key' }
      : {
          ok: false,
          reason: 'missing',
          message: 'Missing API key: send Authorization: Bearer <key> or an apikey header',
        };
  };
}

/**
 * A valid key, unless its merchant applies the IP allowlist to the API key and the caller's address is
 * not on it (the agent API and ACP answer 403 with the reason).
 */
function keyAllowedFrom(merchant: Merchant, ip: string): KeyCheck {
  const settings = merchant.securitySettings;
  if (!settings.ip_whitelist_agent_api || isAddressAllowed(allowlistOf(settings), ip))
    return { ok: true, merchant };
  return { ok: false, reason: 'address_not_allowed', message: addressRefusedMessage(ip) };
}

/** The per-key limit a route enforces, as the discovery documents publish it. */
export interface OperationLimit {
  max: number;
  timeWindow: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Accept the API key from this instance's recent lookups (offers only). */
    recentKey?: boolean;
    /** The per-key limit of an agent operation (agentOperation), read by the discovery documents. */
    operationLimit?: OperationLimit;
  }
}

/**
 * Route options for one agent operation and its per-key rate limit. One counter per operation and key,
 * shared by every path that reaches the operation (/api/agent/offer and /api/agent-offer count as one),
 * and keyed by the key's hash, so the limit follows the key, not the address. `recentKey` (offers only:
 * they move no money and are the hot path) accepts the key from this instance's recent lookups.
 */
export function agentOperation(
  app: FastifyInstance,
  operation: string,
  max: number,
  opts: { recentKey?: boolean } = {},
) {
  const limit = app.rateLimit({
    max,
    timeWindow: RATE_WINDOW,
    keyGenerator: (request: FastifyRequest) => {
      const key = presentedApiKey(request.headers);
      return `${operation}:${key ? `key:${sha256Hex(key)}` : `ip:${request.ip}`}`;
    },
  });
  const operationLimit: OperationLimit = { max, timeWindow: RATE_WINDOW };
  return { onRequest: limit, config: { recentKey: opts.recentKey ?? false, operationLimit } };
}
