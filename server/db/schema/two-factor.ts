import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/*
 * better-auth's two-factor plugin owns this table (property names are its field names). The secret and
 * the recovery codes are encrypted by the library with AUTH_SECRET; nothing here is readable on its own.
 */
export const twoFactors = pgTable('two_factors', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  backupCodes: text('backup_codes').notNull(),
  /** False between "set up" and the first valid code from the app. */
  verified: boolean('verified').notNull().default(true),
  failedVerificationCount: integer('failed_verification_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Authenticator codes that have already opened a sign-in (or confirmed a change), kept while they could
 * still be accepted: a code stays valid for a window of about a minute and a half, and the library would
 * take the same code twice inside it. Only a hash of the code is kept.
 */
export const usedTotpCodes = pgTable(
  'used_totp_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * The phone factor: a number that receives sign-in codes by SMS, offered beside the authenticator app.
 * `verified` turns true once a code sent to the number came back; until then no sign-in uses it. The
 * codes themselves are the library's (hashed, in `verifications`); here are the account's sends, which
 * are limited against SMS pumping and kept when the number changes.
 */
export const phoneFactors = pgTable('phone_factors', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phoneNumber: text('phone_number').notNull(),
  verified: boolean('verified').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the last code was sent to this account (the resend wait runs from here). */
  lastCodeSentAt: timestamp('last_code_sent_at', { withTimezone: true }),
  /** The start of the current hour-long window of sends, and how many codes were sent in it. */
  sendWindowStartedAt: timestamp('send_window_started_at', { withTimezone: true }),
  codesSentInWindow: integer('codes_sent_in_window').notNull().default(0),
});
