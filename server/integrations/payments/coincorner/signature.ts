import { createHmac } from 'node:crypto';

/**
 * CoinCorner authenticates each call inside its body (checkout.coincorner.com/Help/Signature):
 * lowercase hex HMAC-SHA256 keyed with the lowercased API secret over Nonce + UserId + lowercased APIKey.
 */
export function coincornerSignature(input: {
  apiSecret: string;
  apiKey: string;
  userId: string;
  nonce: number;
}): string {
  return createHmac('sha256', input.apiSecret.toLowerCase())
    .update(`${input.nonce}${input.userId}${input.apiKey.toLowerCase()}`)
    .digest('hex');
}

let lastNonce = 0;

/**
 * CoinCorner refuses a nonce that is not above the last one it saw for the key. Milliseconds since the
 * epoch keep nonces rising across restarts and across processes sharing a key; the counter keeps two
 * calls in the same millisecond apart.
 */
export function nextNonce(): number {
  lastNonce = Math.max(Date.now(), lastNonce + 1);
  return lastNonce;
}
