import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { Merchant } from '../../db/schema/index';
import { sha256Hex } from '../../lib/hash';
import { TtlCache } from '../../lib/ttl-cache';
import { merchantByApiKey, presentedApiKey, recentMerchantByApiKey } from './api-keys';

const MAX_REFUSED_KEYS_PER_MINUTE = 30;

export type KeyCheck =
  | { ok: true; merchant: Merchant }
  | { ok: false; reason: 'throttled' | 'missing' | 'invalid'; message: string };

/**
 * Authenticates an agent by its merchant API key. Per-key rate limits cannot slow down someone trying
 * keys, so refused keys are counted per client address and that address is throttled for a minute.
 */
export function agentKeyGuard(db: Db) {
  const refusals = new TtlCache<number>(60_000);
  const refuse = (ip: string, reason: 'missing' | 'invalid', message: string): KeyCheck => {
    refusals.set(ip, (refusals.get(ip) ?? 0) + 1);
    return { ok: false, reason, message };
  };
  return async function check(request: FastifyRequest): Promise<KeyCheck> {
    if ((refusals.get(request.ip) ?? 0) >= MAX_REFUSED_KEYS_PER_MINUTE) {
      return {
        ok: false,
        reason: 'throttled',
        message: 'Too many requests with invalid API keys from this address',
      };
    }
    const key = presentedApiKey(request.headers);
    if (!key)
      return refuse(
        request.ip,
        'missing',
        'Missing API key: send Authorization: Bearer <key> or an apikey header',
      );
    const recent = (request.routeOptions.config as { recentKey?: boolean }).recentKey;
    const merchant = await (recent ? recentMerchantByApiKey : merchantByApiKey)(db, key);
    if (!merchant) return refuse(request.ip, 'invalid', 'Invalid API key');
    return { ok: true, merchant };
  };
}

/**
 * Route config for agent routes: the per-key rate limit (spec §9; the key is identified by its hash, so
 * the limit follows the key, not the IP) and, with `recentKey` (offers only: they move no money and are
 * the hot path), acceptance of the key from this instance's recent lookups (recentMerchantByApiKey).
 */
export const perKeyRateLimit = (max: number, opts: { recentKey?: boolean } = {}) => ({
  recentKey: opts.recentKey ?? false,
  rateLimit: {
    max,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => {
      const key = presentedApiKey(request.headers);
      return key ? `key:${sha256Hex(key)}` : `ip:${request.ip}`;
    },
  },
});
