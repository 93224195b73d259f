import { randomBytes } from 'node:crypto';
import { z } from 'zod';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random base62 text (rejection sampling keeps every character equally likely). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** A readable public id such as `ofr_3kP9…` (prefix says what it is in logs and support tickets). */
export function publicId(prefix: string, length = 24): string {
  return `${prefix}_${randomBase62(length)}`;
}

const uuid = z.uuid();

/**
 * Whether `value` is a UUID as our ids are written (8-4-4-4-12 hex, RFC 9562 version and variant), so
 * it can be looked up in a uuid column: PostgreSQL refuses other text there with an error, not a miss.
 */
export const isUuid = (value: string): boolean => uuid.safeParse(value).success;
