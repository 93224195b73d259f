import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  ipAddress: text('ip_address'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every e-mail the product sends. In sandbox mode this table is the mailbox (shown at /__sim/mail);
 * with SMTP it is the delivery record.
 */
export const outboundEmails = pgTable('outbound_emails', {
  id: uuid('id').primaryKey().defaultRandom(),
  transport: text('transport').notNull(),
  from: text('from_address').notNull(),
  to: text('to_address').notNull(),
  replyTo: text('reply_to'),
  subject: text('subject').notNull(),
  text: text('body_text').notNull(),
  status: text('status').notNull(),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
