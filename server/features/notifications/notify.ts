import { and, eq, lte } from 'drizzle-orm';
import type { NotificationEventId } from '#common/api/notifications';
import { PRODUCT_NAME } from '#common/domain/brand';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { merchants, notifications, notificationSlots, users } from '../../db/schema/index';
import { announceLive } from '../../events/live-engine-events';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../mail';
import { preferencesOf } from './preferences';

/** Each event fires at most once in this long per merchant, across every instance. */
export const NOTIFICATION_INTERVAL_MS = 60 * 60 * 1000;

export interface NotifyDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  /** The app's public origin, for the links in e-mails. */
  publicUrl: string;
}

export const notifyDepsOf = (
  ctx: Pick<AppContext, 'db' | 'mailer' | 'logger' | 'config' | 'clock'>,
): NotifyDeps => ({
  db: ctx.db,
  mailer: ctx.mailer,
  clock: ctx.clock,
  logger: ctx.logger,
  publicUrl: ctx.config.publicUrl,
});

/** Something to tell a merchant. */
export interface Notice {
  merchantId: string;
  event: NotificationEventId;
  title: string;
  body: string;
  /** An app path (`/dashboard`), shown as a full link in the e-mail. */
  link: string;
  /**
   * Names an occurrence to be told about once ever (an order's fulfilment, a billing notice's key): a
   * repeat is a no-op, and an occurrence held back by the hourly limit can be offered again later.
   */
  occurrenceKey?: string;
}

export type NotifyOutcome = 'sent' | 'off' | 'throttled' | 'duplicate';

/** Rolls the notification back: the event already fired within the hour. */
class Throttled extends Error {}

/**
 * Tells a merchant `notice` the ways it chose for the event: e-mail through the mail module, and (push)
 * an in-app notification announced live to its open dashboards. The notification row and the event's
 * hourly slot are written in one transaction, the slot by a conditional upsert, so concurrent triggers
 * on any number of instances fire an event once an hour per merchant. The e-mail is sent after the
 * commit: at most once, never twice.
 */
export async function notify(deps: NotifyDeps, notice: Notice): Promise<NotifyOutcome> {
  const now = deps.clock.now();
  const slotFreeBy = new Date(now.getTime() - NOTIFICATION_INTERVAL_MS);
  const [recipient] = await deps.db
    .select({
      preferences: merchants.notificationPreferences,
      email: users.email,
      lastFiredAt: notificationSlots.lastFiredAt,
    })
    .from(merchants)
    .innerJoin(users, eq(users.id, merchants.userId))
    .leftJoin(
      notificationSlots,
      and(eq(notificationSlots.merchantId, merchants.id), eq(notificationSlots.eventId, notice.event)),
    )
    .where(eq(merchants.id, notice.merchantId));
  if (!recipient) return 'off';
  const channels = preferencesOf(recipient.preferences)[notice.event];
  if (!channels.email && !channels.push) return 'off';
  // Most triggers of a busy merchant land in a full hour: no transaction for them. One that finds the
  // slot free can still lose it to another; the conditional upsert below decides that.
  if (recipient.lastFiredAt && recipient.lastFiredAt > slotFreeBy) return 'throttled';

  let outcome: NotifyOutcome;
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(notifications)
        .values({
          merchantId: notice.merchantId,
          eventId: notice.event,
          title: notice.title,
          body: notice.body,
          link: notice.link,
          occurrenceKey: notice.occurrenceKey ?? null,
          inApp: channels.push,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: notifications.id });
      if (!row) return 'duplicate' as const;
      const claimed = await tx
        .insert(notificationSlots)
        .values({ merchantId: notice.merchantId, eventId: notice.event, lastFiredAt: now })
        .onConflictDoUpdate({
          target: [notificationSlots.merchantId, notificationSlots.eventId],
          set: { lastFiredAt: now },
          setWhere: lte(notificationSlots.lastFiredAt, slotFreeBy),
        })
        .returning({ at: notificationSlots.lastFiredAt });
      if (claimed.length === 0) throw new Throttled();
      if (channels.push) {
        await announceLive(tx, {
          topic: 'notification',
          change: 'created',
          merchantId: notice.merchantId,
          subjectId: row.id,
          status: null,
        });
      }
      return 'sent' as const;
    });
  } catch (err) {
    if (err instanceof Throttled) return 'throttled';
    throw err;
  }
  if (outcome === 'sent' && channels.email) {
    await deps.mailer.send({
      to: recipient.email,
      subject: `${notice.title} · ${PRODUCT_NAME}`,
      text: emailText(deps.publicUrl, notice),
    });
  }
  return outcome;
}

function emailText(publicUrl: string, notice: Notice): string {
  return [
    notice.body,
    '',
    `Open it in ${PRODUCT_NAME}: ${publicUrl}${notice.link}`,
    '',
    `You get this e-mail because "${notice.title}" notifications are on. Change them at ${publicUrl}/settings?tab=notifications`,
  ].join('\n');
}
