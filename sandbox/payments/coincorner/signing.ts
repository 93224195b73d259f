import { hmacSha256 } from '../../signing';

/**
 * The `Signature` field CoinCorner expects in every API call's body (checkout.coincorner.com/Help/Signature):
 * lowercase hex HMAC-SHA256 keyed with the lowercased API secret over `Nonce + UserId + lowercase(APIKey)`.
 * The official PHP sample lowercases only key and secret; the C# sample lowercases the whole message, which
 * differs only for a UserId with capitals, so the simulator computes both.
 */
export function coincornerRequestSignature(input: {
  apiSecret: string;
  apiKey: string;
  userId: string;
  nonce: number;
}): string {
  const message = `${input.nonce}${input.userId}${input.apiKey.toLowerCase()}`;
  return hmacSha256(input.apiSecret.toLowerCase(), message).toString('hex');
}
