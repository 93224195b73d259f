import { createHash, createPublicKey, verify, type JsonWebKey } from 'node:crypto';

/**
 * A UCP platform's own check of a business's signed webhook (signatures.md, "REST Request Verification"),
 * written from RFC 9421 and RFC 9530 for the simulator and independent of the server's signing code: the
 * `Content-Digest` must be the sha-256 of the raw body; `Signature-Input` names the covered components
 * and the `keyid`; the key with that `kid` among the business profile's `signing_keys` must verify the
 * ES256 signature (raw r‖s, 64 bytes) over the signature base rebuilt from the request as received.
 */

export interface ReceivedRequest {
  method: string;
  /** The authority (host[:port]) and path (with query) as the sender addressed them. */
  authority: string;
  path: string;
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  rawBody: string;
}

export interface PublicJwk extends JsonWebKey {
  kid?: string;
}

/** `sig1=("@method" "@path" …);created=1;keyid="k"` → its label, components and raw parameters. */
function parseSignatureInput(header: string) {
  const match = /^\s*([a-z][a-z0-9_-]*)=\(([^)]*)\)((?:;[^;]+)*)\s*$/i.exec(header);
  if (!match) return null;
  const components = [...match[2]!.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
  const params = match[3] ?? '';
  const keyid = /;keyid="([^"]*)"/.exec(params)?.[1] ?? null;
  return { label: match[1]!, components, params: `(${match[2]!})${params}`, keyid };
}

function componentLine(name: string, request: ReceivedRequest): string | null {
  const query = request.path.includes('?') ? request.path.slice(request.path.indexOf('?')) : '?';
  const path = request.path.split('?')[0] || '/';
  const value =
    name === '@method'
      ? request.method.toUpperCase()
      : name === '@authority'
        ? request.authority.toLowerCase()
        : name === '@path'
          ? path
          : name === '@query'
            ? query
            : request.headers[name]?.trim();
  return value === undefined ? null : `"${name}": ${value}`;
}

/** What is wrong with the request's signature, or null when it verifies. */
export function ucpSignatureProblem(request: ReceivedRequest, keys: readonly PublicJwk[]): string | null {
  const digest = request.headers['content-digest'];
  if (!digest) return 'Missing Content-Digest header.';
  const sha = /sha-256=:([A-Za-z0-9+/=]+):/.exec(digest)?.[1];
  if (!sha) return 'Content-Digest must carry a sha-256 digest.';
  const actual = createHash('sha256').update(request.rawBody, 'utf8').digest('base64');
  if (sha !== actual) return 'Content-Digest does not match the body.';
  const input = request.headers['signature-input'];
  const signature = request.headers['signature'];
  if (!input || !signature) return 'Missing Signature-Input or Signature header.';
  const parsed = parseSignatureInput(input);
  if (!parsed) return 'Signature-Input could not be parsed.';
  for (const required of ['@method', '@authority', '@path', 'content-digest']) {
    if (!parsed.components.includes(required)) return `The signature does not cover ${required}.`;
  }
  const value = new RegExp(`(?:^|,)\\s*${parsed.label}=:([A-Za-z0-9+/=]+):`).exec(signature)?.[1];
  if (!value) return `Signature has no ${parsed.label} value.`;
  const key = keys.find((k) => k.kid === parsed.keyid);
  if (!key) return `No signing key ${parsed.keyid ?? '(none)'} in the business profile.`;
  const lines: string[] = [];
  for (const component of parsed.components) {
    const line = componentLine(component, request);
    if (line === null) return `The signature covers ${component}, which the request lacks.`;
    lines.push(line);
  }
  lines.push(`"@signature-params": ${parsed.params}`);
  const bytes = Buffer.from(value, 'base64');
  if (bytes.length !== 64) return 'An ES256 signature must be 64 bytes (r‖s).';
  let ok: boolean;
  try {
    ok = verify(
      'sha256',
      Buffer.from(lines.join('\n'), 'utf8'),
      { key: createPublicKey({ key: key, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
      bytes,
    );
  } catch {
    return 'The signing key could not be used.';
  }
  return ok ? null : 'Webhook signature verification failed.';
}
