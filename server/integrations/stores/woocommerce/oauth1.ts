import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * OAuth 1.0a "one-legged" signing (RFC 5849 without a token), the only way WooCommerce accepts API keys
 * over plain HTTP (`WC_REST_Authentication::check_oauth_signature`). The adapter signs with it; the
 * sandbox checks with its own copy of the plugin's rule, and known answers in the tests pin both.
 */
export type OauthSignatureMethod = 'HMAC-SHA1' | 'HMAC-SHA256';

/** RFC 3986 percent-encoding, as PHP's `rawurlencode` (encodeURIComponent leaves !'()* alone). */
export function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `METHOD&enc(url)&enc(sorted params)`. `url` is scheme, host and path only; `params` are the decoded
 * query (and form) parameters plus the oauth_* ones, duplicates allowed, `oauth_signature` excluded.
 */
export function oauthBaseString(method: string, url: string, params: [string, string][]): string {
  const normalized = params
    .map(([key, value]) => [rfc3986(key), rfc3986(value)] as const)
    .sort(([ak, av], [bk, bv]) => (ak === bk ? compare(av, bv) : compare(ak, bk)))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  return `${method.toUpperCase()}&${rfc3986(url)}&${rfc3986(normalized)}`;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** base64 HMAC of the base string; `key` is `consumer_secret&` (plus the token secret in three-legged OAuth). */
export function oauthHmac(baseString: string, key: string, method: OauthSignatureMethod): string {
  return createHmac(method === 'HMAC-SHA1' ? 'sha1' : 'sha256', key)
    .update(baseString)
    .digest('base64');
}

/** The key WooCommerce signs with: the raw consumer secret and an empty token secret. */
export function oauthSigningKey(consumerSecret: string): string {
  return `${consumerSecret}&`;
}

/** Constant-time comparison of two signatures. */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface OauthSigningInput {
  method: string;
  /** The full request URL; its query parameters are signed too. */
  url: URL;
  consumerKey: string;
  consumerSecret: string;
  now: Date;
  /** Defaults to 32 random hex characters (WooCommerce keeps used nonces for 15 minutes). */
  nonce?: string;
  signatureMethod?: OauthSignatureMethod;
}

/** The oauth_* query parameters that authenticate one request to a plain-HTTP WooCommerce store. */
export function oauthQueryParams(input: OauthSigningInput): Record<string, string> {
  const signatureMethod = input.signatureMethod ?? 'HMAC-SHA256';
  const oauth: Record<string, string> = {
    oauth_consumer_key: input.consumerKey,
    oauth_nonce: input.nonce ?? randomBytes(16).toString('hex'),
    oauth_signature_method: signatureMethod,
    oauth_timestamp: String(Math.floor(input.now.getTime() / 1000)),
  };
  const params: [string, string][] = [...input.url.searchParams.entries(), ...Object.entries(oauth)];
  const base = oauthBaseString(input.method, `${input.url.origin}${input.url.pathname}`, params);
  return {
    ...oauth,
    oauth_signature: oauthHmac(base, oauthSigningKey(input.consumerSecret), signatureMethod),
  };
}
