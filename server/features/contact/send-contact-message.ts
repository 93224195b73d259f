import type { ContactMessageInput } from '#common/validation/contact';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema/index';
import type { Mailer } from '../mail';

/** Stores the message first (it is never lost), then e-mails it to the team's inbox. */
export async function sendContactMessage(
  deps: { db: Db; mailer: Mailer; inbox: string },
  input: ContactMessageInput,
  ipAddress: string,
): Promise<{ id: string }> {
  const [row] = await deps.db
    .insert(contactMessages)
    .values({ ...input, ipAddress })
    .returning({ id: contactMessages.id });
  await deps.mailer.send({
    to: deps.inbox,
    replyTo: input.email,
    subject: `[Contact] ${input.subject}`,
    text: `From: ${input.name} <${input.email}>\n\n${input.message}\n\n— message ${row!.id}`,
  });
  return { id: row!.id };
}
