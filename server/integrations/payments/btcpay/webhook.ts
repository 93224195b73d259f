import { createHmac, timingSafeEqual } from 'node:crypto';

/** BTCPay signs each delivery: `BTCPay-Sig: sha256=<hex HMAC-SHA256 of the raw body, keyed with the secret>`. */
export function btcpaySignature(secret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

export function isValidBtcpaySignature(secret: string, rawBody: string, header: string): boolean {
  const match = /^sha256=([0-9a-f]+)$/i.exec(header.trim());
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(match[1]!, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
