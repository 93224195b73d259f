import { hmacSha256, sameBytes } from '../signing';

/** The window the 2026-04-17 webhook document recommends for `t`, either way. */
const TOLERANCE_SECONDS = 300;

/**
 * What an ACP agent platform answers about a merchant's `Merchant-Signature` header, or null when it is
 * valid. The key is the shared secret as UTF-8 text. Two schemes, one per version of the ACP webhook
 * document (`openapi.agentic_checkout_webhook.yaml`):
 * - 2026-04-17: `t=<unix seconds>,v1=<64 hex>`, the hex HMAC-SHA256 of `t + "." + raw body`, refused once
 *   `t` is more than 300 s away;
 * - 2025-09-29: an HMAC signature over the raw body, sent as its 64 hex digits.
 */
export function merchantSignatureProblem(
  secret: string,
  rawBody: string,
  header: string | undefined,
  now: Date,
): string | null {
  if (!header) return 'Missing Merchant-Signature header.';
  const timestamped = /^t=(\d+),v1=([a-fA-F0-9]{64})$/.exec(header);
  if (timestamped) {
    const t = Number(timestamped[1]);
    if (Math.abs(now.getTime() / 1000 - t) > TOLERANCE_SECONDS) return 'Timestamp outside allowed window.';
    return sameBytes(Buffer.from(timestamped[2]!, 'hex'), hmacSha256(secret, `${t}.${rawBody}`))
      ? null
      : 'Webhook signature verification failed.';
  }
  if (/^[a-fA-F0-9]{64}$/.test(header)) {
    return sameBytes(Buffer.from(header, 'hex'), hmacSha256(secret, rawBody))
      ? null
      : 'Webhook signature verification failed.';
  }
  return 'Merchant-Signature must be 64 hex characters or t=<timestamp>,v1=<64_hex>.';
}
