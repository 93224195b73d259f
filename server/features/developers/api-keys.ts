import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared-query';
import { merchants, type Merchant } from '../../db/schema/index';
import { sha256Hex } from '../../lib/hash';
import { randomBase62 } from '../../lib/ids';
import { TtlCache } from '../../lib/ttl-cache';

/**
 * Merchant API keys for agents: 32 random bytes (43 base62 characters) behind a prefix that says which
 * mode they belong to. Only a SHA-256 hash is stored (the key has full entropy, so a fast hash is
 * safe), plus a display value; the key itself is shown once.
 */
export function newApiKey(mode: 'sandbox' | 'live'): string {
  return `${mode === 'live' ? 'ak_live' : 'ak_test'}_${randomBase62(43)}`;
}

export const hashApiKey = (key: string) => sha256Hex(key);

export function displayApiKey(key: string): string {
  return `${key.slice(0, 8)}…${key.slice(-4)}`;
}

/** Generates (or rotates: the old key stops working at once) the merchant's key. */
export async function issueApiKey(db: Db, merchantId: string, mode: 'sandbox' | 'live', now: Date) {
  const apiKey = newApiKey(mode);
  const display = displayApiKey(apiKey);
  await db
    .update(merchants)
    .set({ apiKeyHash: hashApiKey(apiKey), apiKeyDisplay: display, apiKeyCreatedAt: now, updatedAt: now })
    .where(eq(merchants.id, merchantId));
  forgetRecentKeys(db, merchantId);
  return { apiKey, display, createdAt: now.toISOString() };
}

export async function revokeApiKey(db: Db, merchantId: string, now: Date) {
  await db
    .update(merchants)
    .set({ apiKeyHash: null, apiKeyDisplay: null, apiKeyCreatedAt: null, updatedAt: now })
    .where(eq(merchants.id, merchantId));
  forgetRecentKeys(db, merchantId);
}

const wellFormed = (apiKey: string) => /^ak_(live|test)_[0-9A-Za-z]{43}$/.test(apiKey);

const merchantByKeyHash = preparedQuery((db) =>
  db
    .select()
    .from(merchants)
    .where(eq(merchants.apiKeyHash, sql.placeholder('hash'))),
);

export async function merchantByApiKey(db: Db, apiKey: string): Promise<Merchant | null> {
  if (!wellFormed(apiKey)) return null;
  const [merchant] = await merchantByKeyHash(db).execute({ hash: hashApiKey(apiKey) });
  return merchant ?? null;
}

/**
 * How long a key this instance has looked up is trusted without asking the database again, for agent
 * API offers. Rotating or revoking a key evicts it here at once; other instances may still accept the
 * old key for offers for up to this long (docs/decisions/006-offer-hot-path.md).
 */
export const RECENT_KEY_MS = 5_000;

/** One cache per database handle, i.e. per app: rotation through the same app evicts what it cached. */
const recentKeys = new WeakMap<Db, TtlCache<Merchant>>();

function recentKeyCache(db: Db) {
  let cache = recentKeys.get(db);
  if (!cache) {
    cache = new TtlCache<Merchant>({ ttlMs: RECENT_KEY_MS, jitter: 0.5 });
    recentKeys.set(db, cache);
  }
  return cache;
}

/**
 * Makes this instance look the merchant's key up afresh on its next offer: after a key changes, or
 * after anything else on the merchant row that offers read (region, currency, primary store) changes.
 */
export function forgetRecentKeys(db: Db, merchantId: string) {
  recentKeys.get(db)?.evict((merchant) => merchant.id === merchantId);
}

/**
 * merchantByApiKey, answered from this instance's recent lookups when it can: a key's merchant at most
 * RECENT_KEY_MS old. Unknown keys are not remembered, so every refusal still asks the database. Not for
 * requests that move money: those look the key up afresh.
 */
export async function recentMerchantByApiKey(db: Db, apiKey: string): Promise<Merchant | null> {
  if (!wellFormed(apiKey)) return null;
  const load = async () => (await merchantByApiKey(db, apiKey)) ?? undefined;
  return (await recentKeyCache(db).getOrLoad(hashApiKey(apiKey), load)) ?? null;
}

/** Agents send the key as `Authorization: Bearer …`, an `apikey` header or (UCP) `X-API-Key`. */
export function presentedApiKey(headers: Record<string, string | string[] | undefined>): string | null {
  const auth = headers.authorization;
  const bearer = typeof auth === 'string' ? /^Bearer\s+(\S+)$/i.exec(auth)?.[1] : undefined;
  const apikey = typeof headers.apikey === 'string' ? headers.apikey.trim() : undefined;
  // UCP's REST binding names X-API-Key; any agent API may send it.
  const xApiKey = typeof headers['x-api-key'] === 'string' ? headers['x-api-key'].trim() : undefined;
  return bearer ?? apikey ?? xApiKey ?? null;
}
