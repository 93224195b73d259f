import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { merchants } from './merchants';

/**
 * Replay protection for signed ACP requests: each accepted signature (as a SHA-256 hash) is remembered
 * until it could no longer pass the timestamp window, so the same signed request cannot be sent twice.
 */
export const acpRequestSignatures = pgTable(
  'acp_request_signatures',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    signatureHash: text('signature_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.signatureHash] }),
    index('acp_request_signatures_expires_idx').on(t.expiresAt),
  ],
);
