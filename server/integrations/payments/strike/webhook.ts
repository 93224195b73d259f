import { createHmac, timingSafeEqual } from 'node:crypto';

/** Strike signs each delivery: `X-Webhook-Signature` = hex HMAC-SHA256 of the raw body, keyed with the secret. */
export function strikeSignature(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Hex case is not part of the signature, so either is accepted. */
export function isValidStrikeSignature(secret: string, rawBody: string, header: string): boolean {
  const value = header.trim();
  if (!/^[0-9a-f]+$/i.test(value)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(value, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
