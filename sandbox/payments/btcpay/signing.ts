import { hmacSha256 } from '../../signing';

/** BTCPay Server's `BTCPay-Sig` header: `sha256=` + hex HMAC-SHA256 of the raw body, keyed with the webhook secret. */
export function btcpaySig(secret: string, rawBody: string): string {
  return `sha256=${hmacSha256(secret, rawBody).toString('hex')}`;
}
