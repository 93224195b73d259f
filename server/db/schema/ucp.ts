import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { merchants } from './merchants';

/** The public half of a signing key, as a JWK the business profile publishes. */
export interface UcpPublicJwk {
  kid: string;
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  use: 'sig';
  alg: 'ES256';
}

/**
 * Each merchant's UCP signing key (ES256, P-256), made the first time its business profile is asked for:
 * the public JWK is published in `signing_keys`, the private JWK is sealed with the credential keyring and
 * only ever opened to sign (order webhooks, signed responses). docs/decisions/048.
 */
export const ucpSigningKeys = pgTable('ucp_signing_keys', {
  merchantId: uuid('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  publicJwk: jsonb('public_jwk').$type<UcpPublicJwk>().notNull(),
  /** The private JWK, sealed (lib/crypto.ts sealJson). */
  privateJwkSealed: text('private_jwk_sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
