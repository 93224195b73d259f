import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { phoneFactors } from '../../db/schema/index';
import { ProviderError } from '../../integrations/http';
import type { Logger } from '../../lib/logger';
import type { SmsSender } from './sms-sender';
import type { SendPhoneCode } from './two-factor';

/** How long a code sent by SMS works (the library's `period`, in minutes). */
export const PHONE_CODE_MINUTES = 5;
/** The wait before another code can be sent to the same account. */
export const RESEND_SECONDS = 30;
/** Codes one account can be sent in an hour: SMS pumping pays per text, and nobody needs more. */
export const CODES_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

/** How one send went: delivered to the provider, refused for the number, or the provider failed. */
export type Delivery = { ok: true } | { ok: false; reason: 'number_refused' | 'unavailable' };

/**
 * Outcomes of sends, by user, between the library's call to the sender and the endpoint's answer. The
 * library swallows a sender's failure (it answers 200 and logs); the endpoint reads the outcome here to
 * tell the person. One account has at most one send in flight: `claimSend` spaces them 30 s apart.
 */
const deliveries = new Map<string, Delivery>();

/** The outcome of the send just made for `userId` (forgotten once read). */
export function takeDelivery(userId: string): Delivery | undefined {
  const delivery = deliveries.get(userId);
  deliveries.delete(userId);
  return delivery;
}

/** What a texted code is for: finishing a sign-in, verifying a new number, or confirming a change. */
export type CodePurpose = 'sign_in' | 'verify_number' | 'confirm_change';

/**
 * What the send about to be made for a user is for, from the endpoint (which knows) to the library's
 * sender (which is only told the user and the code); forgotten once read, like the outcome.
 */
const purposes = new Map<string, CodePurpose>();

export function announceSend(userId: string, purpose: CodePurpose): void {
  purposes.set(userId, purpose);
}

const PURPOSE_WORDS: Record<CodePurpose, string> = {
  sign_in: 'your AgentCart sign-in code',
  verify_number: 'your code to verify this number for AgentCart',
  confirm_change: 'your code to confirm a change to your AgentCart two-factor sign-in',
};

/**
 * The text that carries a code. It names the product and what the code is for (a code to change
 * two-factor sign-in that the person did not ask for is a warning), and says not to share it.
 */
export const phoneCodeText = (code: string, purpose: CodePurpose) =>
  `${code} is ${PURPOSE_WORDS[purpose]}. It expires in ${PHONE_CODE_MINUTES} minutes. Never share it: AgentCart will never ask you for it.`;

/**
 * The library's sender: the code goes by SMS to the user's phone factor (a pending number while it is
 * being verified). Neither the number nor the code is ever logged.
 */
export function phoneCodeSender(db: Db, sms: SmsSender, logger: Logger): SendPhoneCode {
  return async (userId, code) => {
    const purpose = purposes.get(userId) ?? 'sign_in';
    purposes.delete(userId);
    const [phone] = await db
      .select({ number: phoneFactors.phoneNumber })
      .from(phoneFactors)
      .where(eq(phoneFactors.userId, userId));
    if (!phone) {
      deliveries.set(userId, { ok: false, reason: 'number_refused' });
      return;
    }
    try {
      const sent = await sms.send(phone.number, phoneCodeText(code, purpose));
      logger.info({ userId, messageId: sent.id }, 'sign-in code sent by SMS');
      deliveries.set(userId, { ok: true });
    } catch (err) {
      const refused = err instanceof ProviderError && err.kind === 'invalid_request';
      logger.warn(
        {
          userId,
          kind: err instanceof ProviderError ? err.kind : 'unknown',
          providerCode: err instanceof ProviderError ? err.providerCode : undefined,
        },
        'sign-in code could not be sent by SMS',
      );
      deliveries.set(userId, { ok: false, reason: refused ? 'number_refused' : 'unavailable' });
    }
  };
}

/**
 * Takes one send for `userId`'s phone factor, or says how long to wait: one code every 30 seconds and
 * five an hour per account. One conditional update, so two requests at once cannot both send.
 */
export async function claimSend(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; limit: 'resend' | 'hourly'; retryAfterSeconds: number }> {
  const resendFrom = new Date(now.getTime() - RESEND_SECONDS * 1000);
  const windowFrom = new Date(now.getTime() - HOUR_MS);
  const freshWindow = sql`(${phoneFactors.sendWindowStartedAt} IS NULL OR ${phoneFactors.sendWindowStartedAt} <= ${windowFrom.toISOString()}::timestamptz)`;
  const claimed = await db
    .update(phoneFactors)
    .set({
      lastCodeSentAt: now,
      sendWindowStartedAt: sql`CASE WHEN ${freshWindow} THEN ${now.toISOString()}::timestamptz ELSE ${phoneFactors.sendWindowStartedAt} END`,
      codesSentInWindow: sql`CASE WHEN ${freshWindow} THEN 1 ELSE ${phoneFactors.codesSentInWindow} + 1 END`,
    })
    .where(
      and(
        eq(phoneFactors.userId, userId),
        or(isNull(phoneFactors.lastCodeSentAt), lte(phoneFactors.lastCodeSentAt, resendFrom)),
        or(
          isNull(phoneFactors.sendWindowStartedAt),
          lte(phoneFactors.sendWindowStartedAt, windowFrom),
          lt(phoneFactors.codesSentInWindow, CODES_PER_HOUR),
        ),
      ),
    )
    .returning({ userId: phoneFactors.userId });
  if (claimed.length === 1) return { ok: true };
  const [row] = await db.select().from(phoneFactors).where(eq(phoneFactors.userId, userId));
  const seconds = (until: number) => Math.max(1, Math.ceil((until - now.getTime()) / 1000));
  if (row?.lastCodeSentAt && row.lastCodeSentAt > resendFrom)
    return {
      ok: false,
      limit: 'resend',
      retryAfterSeconds: seconds(row.lastCodeSentAt.getTime() + RESEND_SECONDS * 1000),
    };
  return {
    ok: false,
    limit: 'hourly',
    retryAfterSeconds: seconds((row?.sendWindowStartedAt?.getTime() ?? now.getTime()) + HOUR_MS),
  };
}
