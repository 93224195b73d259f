import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { placeholders, preparedQuery } from '../../db/prepared-query';
import { outboundEmails } from '../../db/schema/index';
import type { Logger } from '../../lib/logger';
import type { Mailer, OutgoingEmail } from '../../services/mailer';

export type { Mailer, OutgoingEmail };

const EMAIL_COLUMNS = [
  'transport',
  'from',
  'to',
  'replyTo',
  'subject',
  'text',
  'status',
  'error',
] as const satisfies readonly (keyof typeof outboundEmails.$inferInsert)[];

/** Built once per connection (ADR 061): an order's notice sends one. */
const insertOutboundEmail = preparedQuery((db) =>
  db
    .insert(outboundEmails)
    .values(
      placeholders<Required<Pick<typeof outboundEmails.$inferInsert, (typeof EMAIL_COLUMNS)[number]>>>(
        EMAIL_COLUMNS,
      ),
    ),
);

/**
 * Sends through SMTP when SMTP_URL is set. Without it, sandbox mode keeps each message in the sandbox
 * mailbox (shown at /__sim/mail) and live mode records it as not sent. Either way the attempt is recorded.
 */
export function createMailer(opts: {
  db: Db;
  logger: Logger;
  from: string;
  smtpUrl: string | undefined;
  mode: 'sandbox' | 'live';
}): Mailer {
  const smtp = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const transport = smtp ? 'smtp' : opts.mode === 'sandbox' ? 'sandbox' : 'none';

  return {
    async send(email) {
      let status = transport === 'none' ? 'not_sent' : 'delivered';
      let error: string | null = transport === 'none' ? 'SMTP_URL is not configured' : null;
      if (smtp) {
        try {
          await smtp.sendMail({
            from: opts.from,
            to: email.to,
            subject: email.subject,
            text: email.text,
            replyTo: email.replyTo,
          });
        } catch (err) {
          status = 'failed';
          error = err instanceof Error ? err.message : String(err);
          opts.logger.error({ err, to: email.to }, 'e-mail delivery failed');
        }
      } else if (transport === 'none') {
        opts.logger.warn(
          { to: email.to, subject: email.subject },
          'e-mail not sent: SMTP_URL is not configured',
        );
      }
      await insertOutboundEmail(opts.db).execute({
        transport,
        from: opts.from,
        to: email.to,
        replyTo: email.replyTo ?? null,
        subject: email.subject,
        text: email.sensitive && transport !== 'sandbox' ? '[withheld: contains a sign-in link]' : email.text,
        status,
        error,
      });
      return { delivered: status === 'delivered' };
    },
  };
}
