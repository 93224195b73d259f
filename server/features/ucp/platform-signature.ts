import { createPublicKey, verify } from 'node:crypto';
import type { IntegrationRuntime } from '../../integrations/runtime';
import { contentDigest, signatureBase } from './http-signature';
import { PlatformProfileError, readPlatformProfile } from './platform-profile';

/** A refused signature, as signatures.md's error table names it (status, code). */
export interface PlatformSignatureFailure {
  ok: false;
  status: 400 | 401 | 424;
  code:
    | 'signature_missing'
    | 'signature_invalid'
    | 'key_not_found'
    | 'digest_mismatch'
    | 'algorithm_unsupported'
    | 'profile_unreachable';
  message: string;
}
export type PlatformSignatureResult = { ok: true } | PlatformSignatureFailure;

export interface IncomingUcpRequest {
  method: string;
  /** The path and query as received. */
  path: string;
  /** The authorities the platform may have addressed: this business's public host, then the Host header. */
  authorities: string[];
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  /** The platform's profile, from `UCP-Agent`. */
  profileUrl: string;
}

const fail = (
  status: PlatformSignatureFailure['status'],
  code: PlatformSignatureFailure['code'],
  message: string,
): PlatformSignatureFailure => ({ ok: false, status, code, message });

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim();

/**
 * Verifies a platform's RFC 9421 request signature (signatures.md, "REST Request Verification"): the
 * `Signature-Input` must cover what the REST binding requires of this request (method, authority, path,
 * the query when there is one, `UCP-Agent`, `Idempotency-Key` on a write that carries one, and
 * `Content-Digest` and `Content-Type` with a body); the digest must match the raw body; the key is the
 * one with that `kid` in the platform profile's `signing_keys` (read over HTTP like any stranger's URL,
 * cached); the signature ES256 over the rebuilt signature base, raw r‖s. Replays are the idempotency
 * layer's business, as the specification says, so `created` is not required.
 */
export async function checkPlatformSignature(
  runtime: Pick<IntegrationRuntime, 'mode' | 'context'>,
  request: IncomingUcpRequest,
): Promise<PlatformSignatureResult> {
  const input = one(request.headers['signature-input']);
  const signatureHeader = one(request.headers['signature']);
  if (!input || !signatureHeader)
    return fail(
      401,
      'signature_missing',
      'This business requires signed requests: Signature-Input and Signature are missing.',
    );
  const parsed = /^([a-z][a-z0-9_-]*)=(\(([^)]*)\)(;.*)?)$/i.exec(input);
  if (!parsed) return fail(401, 'signature_invalid', 'Signature-Input could not be parsed.');
  const [, label, params, list] = parsed as unknown as [string, string, string, string];
  const components = [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]!.toLowerCase());
  const keyid = /;keyid="([^"]*)"/.exec(params)?.[1];
  const alg = /;alg="([^"]*)"/.exec(params)?.[1];
  if (alg && alg !== 'ecdsa-p256-sha256')
    return fail(400, 'algorithm_unsupported', `Signature algorithm ${alg} is not supported; use ES256.`);
  const hasBody = request.rawBody.length > 0;
  const required = [
    '@method',
    '@authority',
    '@path',
    ...(request.path.includes('?') ? ['@query'] : []),
    'ucp-agent',
    ...(request.method !== 'GET' && one(request.headers['idempotency-key']) ? ['idempotency-key'] : []),
    ...(hasBody ? ['content-digest', 'content-type'] : []),
  ];
  const missing = required.filter((c) => !components.includes(c));
  if (missing.length)
    return fail(401, 'signature_invalid', `The signature must cover ${missing.join(', ')}.`);
  if (
    components.includes('content-digest') &&
    one(request.headers['content-digest']) !== contentDigest(request.rawBody)
  )
    return fail(
      400,
      'digest_mismatch',
      'Content-Digest does not match the request body (sha-256 of its raw bytes).',
    );
  const value = new RegExp(`(?:^|,)\\s*${label}=:([A-Za-z0-9+/=]+):`).exec(signatureHeader)?.[1];
  if (!value) return fail(401, 'signature_invalid', `Signature carries no ${label}.`);

  let keys;
  try {
    keys = (await readPlatformProfile(runtime, request.profileUrl)).signingKeys;
  } catch (err) {
    if (err instanceof PlatformProfileError) return fail(424, 'profile_unreachable', err.message);
    throw err;
  }
  const jwk = keys.find((k) => k.kid === keyid);
  if (!jwk)
    return fail(401, 'key_not_found', `No key ${keyid ?? '(none)'} in the platform profile's signing_keys.`);
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256')
    return fail(400, 'algorithm_unsupported', `Key ${keyid} is not a P-256 key; UCP signatures are ES256.`);
  let publicKey;
  try {
    publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }, format: 'jwk' });
  } catch {
    return fail(401, 'key_not_found', `Key ${keyid} in the platform profile is not a usable public key.`);
  }
  const signature = Buffer.from(value, 'base64');
  const headers: Record<string, string> = {};
  for (const [name, v] of Object.entries(request.headers)) {
    const first = one(v);
    if (first !== undefined) headers[name.toLowerCase()] = first;
  }
  for (const authority of request.authorities) {
    let base: string;
    try {
      base = signatureBase(
        { method: request.method, url: `https://${authority}${request.path}`, headers },
        components,
        params,
      );
    } catch (err) {
      return fail(401, 'signature_invalid', err instanceof Error ? err.message : 'Bad signature base.');
    }
    const ok = verify(
      'sha256',
      Buffer.from(base, 'utf8'),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      signature,
    );
    if (ok) return { ok: true };
  }
  return fail(401, 'signature_invalid', `Request signature verification failed for key kid=${keyid}.`);
}
