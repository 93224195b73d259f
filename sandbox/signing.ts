import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The primitive every imitated provider signs with. Each simulator folder's `signing.ts` states its
 * provider's scheme on top of it (what is signed, how the key and the result are encoded), written from
 * that provider's documentation and never borrowed from the adapter it is there to check.
 */
export function hmacSha256(key: string, message: string): Buffer {
  return createHmac('sha256', key).update(message, 'utf8').digest();
}

/** Constant-time equality; different lengths are simply unequal. */
export function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Constant-time equality of two texts (PHP's `hash_equals`), compared as UTF-8 bytes. */
export function sameText(a: string, b: string): boolean {
  return sameBytes(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
