import { createHash, sign, type KeyObject } from 'node:crypto';

/**
 * RFC 9421 HTTP Message Signatures as UCP's signatures.md profiles them, for the requests this business
 * sends (order webhooks): ES256 over the signature base, the signature as raw r‖s (64 bytes, not DER),
 * the body bound by an RFC 9530 `Content-Digest` of its raw bytes. One signature, labelled `sig1`.
 */

/** `Content-Digest` of a body's raw bytes: `sha-256=:<base64>:` (RFC 9530, UCP requires sha-256). */
export function contentDigest(body: string): string {
  return `sha-256=:${createHash('sha256').update(body, 'utf8').digest('base64')}:`;
}

export interface SignedRequest {
  method: string;
  url: string;
  /** Header values by lower-case name; every covered header must be present. */
  headers: Record<string, string>;
}

/** The covered components' values, as RFC 9421 section 2 derives them from the request. */
function componentValue(component: string, request: SignedRequest, url: URL): string {
  switch (component) {
    case '@method':
      return request.method.toUpperCase();
    case '@authority':
      // Lower-case host, with the port only when it is not the scheme's default (section 2.2.3).
      return url.host.toLowerCase();
    case '@path':
      return url.pathname || '/';
    case '@query':
      return url.search || '?';
    default: {
      const value = request.headers[component];
      if (value === undefined) throw new Error(`signature covers ${component}, which the request lacks`);
      // Header values are trimmed of surrounding whitespace (section 2.1).
      return value.trim();
    }
  }
}

/** `("@method" "@authority" …);created=…;keyid="…"`: the signature parameters (section 2.3). */
export function signatureParams(components: readonly string[], params: { created: number; keyid: string }) {
  return `(${components.map((c) => `"${c}"`).join(' ')});created=${params.created};keyid="${params.keyid}"`;
}

/** The signature base (section 2.5): each covered component on its line, then `@signature-params`. */
export function signatureBase(
  request: SignedRequest,
  components: readonly string[],
  params: { created: number; keyid: string } | string,
): string {
  const url = new URL(request.url);
  const lines = components.map((c) => `"${c}": ${componentValue(c, request, url)}`);
  // A string is the parameters exactly as a received Signature-Input wrote them (verification).
  lines.push(
    `"@signature-params": ${typeof params === 'string' ? params : signatureParams(components, params)}`,
  );
  return lines.join('\n');
}

/**
 * Signs a JSON POST the way UCP's REST binding signs a request with a body: `Content-Digest` over the raw
 * body, and a signature covering the method, authority, path (and query), `UCP-Agent`, `Content-Digest`
 * and `Content-Type`. Returns the headers to send (the caller's `ucp-agent` and `content-type` among them).
 */
export function signJsonPost(
  request: { url: string; body: string; headers: Record<string, string> },
  key: { privateKey: KeyObject; kid: string },
  created: number,
): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...request.headers,
    'content-digest': contentDigest(request.body),
  };
  const components = [
    '@method',
    '@authority',
    '@path',
    ...(new URL(request.url).search ? ['@query'] : []),
    ...('ucp-agent' in headers ? ['ucp-agent'] : []),
    'content-digest',
    'content-type',
  ];
  const params = { created, keyid: key.kid };
  const base = signatureBase({ method: 'POST', url: request.url, headers }, components, params);
  const signature = sign('sha256', Buffer.from(base, 'utf8'), {
    key: key.privateKey,
    dsaEncoding: 'ieee-p1363',
  });
  return {
    ...headers,
    'signature-input': `sig1=${signatureParams(components, params)}`,
    signature: `sig1=:${signature.toString('base64')}:`,
  };
}
