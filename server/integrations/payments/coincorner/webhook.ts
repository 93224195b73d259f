import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * CoinCorner notifications are not signed: they carry the merchant's public API key, which is all the
 * official plugins check before re-reading the order with CheckOrder. Compared as fixed-length digests so
 * the comparison leaks neither content nor length.
 */
export function isMerchantApiKey(merchantApiKey: string, notifiedApiKey: string): boolean {
  const digest = (key: string) => createHash('sha256').update(key.trim().toLowerCase()).digest();
  return timingSafeEqual(digest(merchantApiKey), digest(notifiedApiKey));
}
