import {
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ucpSigningKeys, type UcpPublicJwk } from '../../db/schema/index';
import { openJson, sealJson, type Keyring } from '../../lib/crypto';

/** RFC 7638 thumbprint of a P-256 key: its key id, stable and derived from the key alone. */
function thumbprint(jwk: JsonWebKey): string {
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return createHash('sha256').update(canonical).digest('base64url');
}

function newKeyPair(): { publicJwk: UcpPublicJwk; privateJwk: JsonWebKey } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pub = publicKey.export({ format: 'jwk' });
  return {
    publicJwk: {
      kid: thumbprint(pub),
      kty: 'EC',
      crv: 'P-256',
      x: pub.x!,
      y: pub.y!,
      use: 'sig',
      alg: 'ES256',
    },
    privateJwk: { ...privateKey.export({ format: 'jwk' }), kid: thumbprint(pub) },
  };
}

/**
 * The merchant's ES256 public key as its business profile publishes it, made (and the private half
 * sealed) on first use. Two first requests racing keep whichever key was stored first.
 */
export async function merchantSigningKey(
  deps: { db: Db; keyring: Keyring },
  merchantId: string,
): Promise<UcpPublicJwk> {
  const [existing] = await deps.db
    .select()
    .from(ucpSigningKeys)
    .where(eq(ucpSigningKeys.merchantId, merchantId));
  if (existing) return existing.publicJwk;
  const { publicJwk, privateJwk } = newKeyPair();
  await deps.db
    .insert(ucpSigningKeys)
    .values({ merchantId, publicJwk, privateJwkSealed: sealJson(deps.keyring, privateJwk) })
    .onConflictDoNothing();
  const [stored] = await deps.db
    .select()
    .from(ucpSigningKeys)
    .where(eq(ucpSigningKeys.merchantId, merchantId));
  return stored!.publicJwk;
}

/**
 * The merchant's private signing key, for the webhooks its business sends (never returned or logged),
 * with the key id its profile publishes. Made on first use like the public half.
 */
export async function merchantPrivateSigningKey(
  deps: { db: Db; keyring: Keyring },
  merchantId: string,
): Promise<{ privateKey: KeyObject; kid: string }> {
  const { kid } = await merchantSigningKey(deps, merchantId);
  const [row] = await deps.db
    .select({ sealed: ucpSigningKeys.privateJwkSealed })
    .from(ucpSigningKeys)
    .where(eq(ucpSigningKeys.merchantId, merchantId));
  const jwk = openJson<JsonWebKey>(deps.keyring, row!.sealed);
  return { privateKey: createPrivateKey({ key: jwk, format: 'jwk' }), kid };
}
