import { createHash, generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ucpSigningKeys, type UcpPublicJwk } from '../../db/schema/index';
import { sealJson, type Keyring } from '../../lib/crypto';

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
