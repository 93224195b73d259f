import { and, count, desc, eq, isNull } from 'drizzle-orm';
import {
  NOTIFICATION_STREAM_EVENT,
  notificationEventId,
  type ListNotificationsOutput,
  type NotificationStreamEvent,
  type NotificationView,
} from '#common/api/notifications';
import type { Db } from '../../db/client';
import { notifications, type Notification } from '../../db/schema/index';
import { announceLive, type LiveStreamChannel } from '../../events/live-engine-events';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';

/** The merchant's bell: only notifications sent in-app (the push switch), never another merchant's. */
const inBell = (merchantId: string) =>
  and(eq(notifications.merchantId, merchantId), eq(notifications.inApp, true));
const unread = isNull(notifications.readAt);

function toView(row: Notification): NotificationView {
  return {
    id: row.id,
    event: notificationEventId.parse(row.eventId),
    title: row.title,
    body: row.body,
    link: row.link,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  };
}

const unreadCount = async (db: Pick<Db, 'select'>, merchantId: string) =>
  (
    await db
      .select({ n: count() })
      .from(notifications)
      .where(and(inBell(merchantId), unread))
  )[0]?.n ?? 0;

/** The newest `limit` in-app notifications and how many are unread. */
export async function listNotifications(
  db: Db,
  merchantId: string,
  limit: number,
): Promise<ListNotificationsOutput> {
  const [rows, unreadTotal] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(inBell(merchantId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit),
    unreadCount(db, merchantId),
  ]);
  return { notifications: rows.map(toView), unread_count: unreadTotal };
}

/**
 * Marks the merchant's in-app notifications read (the one `id`, or all) and tells its other open tabs.
 * Answers with the unread count left. An `id` that is not in the merchant's bell (another merchant's,
 * or none) is a 404, as for any object of another tenant; marking one already read again changes nothing.
 */
export async function markNotificationsRead(
  deps: { db: Db; clock: Clock },
  merchantId: string,
  id?: string,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const marked = await tx
      .update(notifications)
      .set({ readAt: deps.clock.now() })
      .where(and(inBell(merchantId), unread, ...(id ? [eq(notifications.id, id)] : [])))
      .returning({ id: notifications.id });
    if (id && marked.length === 0) {
      const [known] = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(inBell(merchantId), eq(notifications.id, id)));
      if (!known) throw new AppError('not_found', 'No such notification.');
    }
    if (marked.length > 0) {
      await announceLive(tx, {
        topic: 'notification',
        change: 'updated',
        merchantId,
        subjectId: id ?? '*',
        status: 'read',
      });
    }
    return unreadCount(tx, merchantId);
  });
}

/** In-app notifications on the dashboard's live stream: each new one, and a nudge when some were read. */
export function notificationStreamChannel(db: Db): LiveStreamChannel {
  return {
    topic: 'notification',
    eventName: NOTIFICATION_STREAM_EVENT,
    async read(merchantId, event): Promise<NotificationStreamEvent | null> {
      if (event.change === 'updated') return { type: 'read' };
      const [row] = await db
        .select()
        .from(notifications)
        .where(and(inBell(merchantId), eq(notifications.id, event.subjectId)));
      return row ? { type: 'created', notification: toView(row) } : null;
    },
  };
}
