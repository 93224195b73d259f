import { createHmac } from 'node:crypto';
import { hmacSha256 } from '../../signing';

/** WooCommerce's `X-WC-Webhook-Signature` header: base64 HMAC-SHA256 of the raw body, keyed with the webhook secret. */
export function woocommerceWebhookSignature(rawBody: string, secret: string): string {
  return hmacSha256(secret, rawBody).toString('base64');
}

export type OauthSignatureMethod = 'HMAC-SHA1' | 'HMAC-SHA256';

/** PHP's `rawurlencode` (RFC 3986), which `wc_rest_urlencode_rfc3986` wraps: unlike encodeURIComponent it encodes `!'()*`. */
export function rawUrlEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The OAuth 1.0a signature `WC_REST_Authentication::check_oauth_signature` expects for a request: the
 * parameters (query, form and `oauth_*`, without `oauth_signature`) sorted by name with `strcmp`, each
 * name and value encoded, joined as `name=value` and encoded again, joined with `%26`; the text signed is
 * `METHOD&enc(scheme://host/path)&<those>`, and the result is the base64 HMAC keyed with `consumer_secret&`.
 */
export function woocommerceOauthSignature(input: {
  method: string;
  /** Scheme, host and path of the store URL the client called. */
  url: string;
  params: Record<string, string>;
  consumerSecret: string;
  signatureMethod: OauthSignatureMethod;
}): string {
  const pairs = Object.entries(input.params)
    .sort(([a], [b]) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
    .map(([name, value]) => rawUrlEncode(`${rawUrlEncode(name)}=${rawUrlEncode(value)}`));
  const signed = `${input.method.toUpperCase()}&${rawUrlEncode(input.url)}&${pairs.join('%26')}`;
  const algorithm = input.signatureMethod === 'HMAC-SHA1' ? 'sha1' : 'sha256';
  return createHmac(algorithm, `${input.consumerSecret}&`).update(signed, 'utf8').digest('base64');
}
