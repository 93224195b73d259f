import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { NotificationEventId } from '#common/api/notifications';
import { merchants, notificationDigestItems, users } from '../../db/schema/index';
import type { JobDefinition } from '../../jobs/queue';
import { mailNotice, recordNotification, type Notice, type NotifyDeps } from './notify';
import { preferencesOf } from './preferences';

/** A digest's title by its event and how many occurrences it bundles. */
const DIGEST_TITLES: Partial<Record<NotificationEventId, (count: number) => string>> = {
  new_order: (count) => (count === 1 ? '1 new order' : `${count} new orders`),
};

/**
 * The hourly digest (ADR 042): every occurrence a merchant chose to take as a digest since the last one,
 * one notification per merchant and event, told the ways the merchant's switches say now. Items are
 * claimed with FOR UPDATE SKIP LOCKED and stamped in the transaction that writes the digest, so two
 * instances never bundle one item twice. The e-mail goes after the commit, as every notification's does.
 */
export async function sendNotificationDigests(deps: NotifyDeps): Promise<void> {
  const waiting = await deps.db
    .selectDistinct({
      merchantId: notificationDigestItems.merchantId,
      eventId: notificationDigestItems.eventId,
    })
    .from(notificationDigestItems)
    .where(isNull(notificationDigestItems.digestedAt));
  for (const { merchantId, eventId } of waiting) {
    try {
      await sendDigest(deps, merchantId, eventId as NotificationEventId);
    } catch (err) {
      // One merchant's failure must not hold back the others; its items wait for the next run.
      deps.logger.warn({ err, merchantId, eventId }, 'could not send a notification digest');
    }
  }
}

async function sendDigest(deps: NotifyDeps, merchantId: string, event: NotificationEventId) {
  const now = deps.clock.now();
  const [recipient] = await deps.db
    .select({ preferences: merchants.notificationPreferences, email: users.email })
    .from(merchants)
    .innerJoin(users, eq(users.id, merchants.userId))
    .where(eq(merchants.id, merchantId));
  if (!recipient) return;
  const channels = preferencesOf(recipient.preferences)[event];
  const notice = await deps.db.transaction(async (tx) => {
    const items = await tx
      .select({ id: notificationDigestItems.id, body: notificationDigestItems.body })
      .from(notificationDigestItems)
      .where(
        and(
          eq(notificationDigestItems.merchantId, merchantId),
          eq(notificationDigestItems.eventId, event),
          isNull(notificationDigestItems.digestedAt),
        ),
      )
      .orderBy(asc(notificationDigestItems.createdAt), asc(notificationDigestItems.id))
      .for('update', { skipLocked: true });
    if (items.length === 0) return null;
    await tx
      .update(notificationDigestItems)
      .set({ digestedAt: now })
      .where(
        inArray(
          notificationDigestItems.id,
          items.map((item) => item.id),
        ),
      );
    // Both switches turned off since: the items are done with, and nobody is told.
    if (!channels.email && !channels.push) return null;
    const digest: Notice = {
      merchantId,
      event,
      title: DIGEST_TITLES[event]?.(items.length) ?? event,
      body: items.map((item) => item.body).join('\n'),
      link: '/dashboard',
      occurrenceKey: `digest:${event}:${items[0]!.id}`,
    };
    return (await recordNotification(tx, digest, channels, now)) ? digest : null;
  });
  if (notice && channels.email) await mailNotice(deps, recipient.email, notice);
}

/** The hourly digest run. */
export function digestJobs(deps: NotifyDeps): JobDefinition<never>[] {
  return [
    {
      name: 'notifications-digest',
      retryLimit: 3,
      retryDelaySeconds: 60,
      cron: '0 * * * *',
      handler: () => sendNotificationDigests(deps),
    },
  ] as JobDefinition<never>[];
}
