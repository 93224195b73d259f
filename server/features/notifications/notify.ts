import { and, eq, lte, sql } from 'drizzle-orm';
import type { NotificationEventId } from '#common/api/notifications';
import { PRODUCT_NAME } from '#common/domain/brand';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { placeholders, preparedQuery } from '../../db/prepared-query';
import {
  merchants,
  notificationDigestItems,
  notifications,
  notificationSlots,
  users,
} from '../../db/schema/index';
import { LIVE_CHANNEL } from '../../events/live-engine-events';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../mail';
import { preferencesOf } from './preferences';

/** A condition's event (API errors, a billing threshold) fires at most once in this long per merchant. */
export const NOTIFICATION_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Events told of each time they happen (ADR 042): every order, every switch of selling store. The
 * others are conditions that can hold for a while and share the hourly slot.
 */
const EVERY_OCCURRENCE: ReadonlySet<NotificationEventId> = new Set([
  'new_order',
  'order_fulfilled',
  'order_refunded',
  'refund_failed',
  'payment_disputed',
  'store_switched',
]);

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

export type NotifyOutcome = 'sent' | 'off' | 'throttled' | 'duplicate' | 'digested';

/** Rolls the notification back: the event already fired within the hour. */
class Throttled extends Error {}

/** The merchant's choices, its e-mail address and when the event's hourly slot last fired. */
const recipientOf = preparedQuery((db) =>
  db
    .select({
      preferences: merchants.notificationPreferences,
      email: users.email,
      lastFiredAt: notificationSlots.lastFiredAt,
    })
    .from(merchants)
    .innerJoin(users, eq(users.id, merchants.userId))
    .leftJoin(
      notificationSlots,
      and(
        eq(notificationSlots.merchantId, merchants.id),
        eq(notificationSlots.eventId, sql.placeholder('event')),
      ),
    )
    .where(eq(merchants.id, sql.placeholder('merchantId'))),
);

/**
 * Tells a merchant `notice` the ways it chose for the event: e-mail through the mail module, and (push)
 * an in-app notification announced live to its open dashboards; or, for an event the merchant takes as a
 * digest, keeps it for the next hourly digest (digest.ts). A condition's event claims its hourly slot by
 * a conditional upsert in the transaction that writes the notification, so concurrent triggers on any
 * number of instances fire it once an hour per merchant. The e-mail is sent after the commit: at most
 * once, never twice.
 */
export async function notify(deps: NotifyDeps, notice: Notice): Promise<NotifyOutcome> {
  const now = deps.clock.now();
  const hourly = !EVERY_OCCURRENCE.has(notice.event);
  const slotFreeBy = new Date(now.getTime() - NOTIFICATION_INTERVAL_MS);
  const [recipient] = await recipientOf(deps.db).execute({
    merchantId: notice.merchantId,
    event: notice.event,
  });
  if (!recipient) return 'off';
  const channels = preferencesOf(recipient.preferences)[notice.event];
  if (!channels.email && !channels.push) return 'off';
  if (channels.digest && notice.occurrenceKey)
    return keepForDigest(deps.db, notice, notice.occurrenceKey, now);
  // Most triggers of a condition that holds land in a full hour: no transaction for them. One that finds
  // the slot free can still lose it to another; the conditional upsert below decides that.
  if (hourly && recipient.lastFiredAt && recipient.lastFiredAt > slotFreeBy) return 'throttled';

  const outcome = hourly
    ? await recordInFreeSlot(deps.db, notice, channels, now, slotFreeBy)
    : // Every occurrence: one statement writes and announces it, no transaction needed.
      (await recordNotification(deps.db, notice, channels, now))
      ? 'sent'
      : 'duplicate';
  if (outcome === 'sent' && channels.email) await mailNotice(deps, recipient.email, notice);
  return outcome;
}

/**
 * A condition's notification, written only if it claims the event's hourly slot: the slot's conditional
 * upsert and the row commit together, so concurrent triggers on any number of instances fire it once.
 */
async function recordInFreeSlot(
  db: Db,
  notice: Notice,
  channels: { push: boolean },
  now: Date,
  slotFreeBy: Date,
): Promise<NotifyOutcome> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await recordNotification(tx, notice, channels, now))) return 'duplicate';
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
      return 'sent';
    });
  } catch (err) {
    if (err instanceof Throttled) return 'throttled';
    throw err;
  }
}

const NOTIFICATION_COLUMNS = [
  'merchantId',
  'eventId',
  'title',
  'body',
  'link',
  'occurrenceKey',
  'inApp',
  'createdAt',
] as const satisfies readonly (keyof typeof notifications.$inferInsert)[];

/**
 * The notification row and, with push on, its live announcement, in one statement built once per
 * connection (ADR 061): every paid order writes one, and as one statement it needs no transaction of
 * its own (the announcement is sent when it commits, as `announceLive` inside a transaction would be).
 * The payload is the `LiveEvent` announceLive sends. Nothing comes back when the occurrence was told.
 */
const insertNotification = preparedQuery((db) => {
  const created = db.$with('created').as(
    db
      .insert(notifications)
      .values(
        placeholders<
          Required<Pick<typeof notifications.$inferInsert, (typeof NOTIFICATION_COLUMNS)[number]>>
        >(NOTIFICATION_COLUMNS),
      )
      .onConflictDoNothing()
      .returning({
        id: notifications.id,
        merchantId: notifications.merchantId,
        inApp: notifications.inApp,
      }),
  );
  const announcement = sql`json_build_object('topic', 'notification', 'change', 'created', 'merchantId', ${created.merchantId}, 'subjectId', ${created.id}::text, 'status', null)::text`;
  return db
    .with(created)
    .select({
      id: created.id,
      announced: sql<null>`CASE WHEN ${created.inApp} THEN pg_notify(${LIVE_CHANNEL.notification}, ${announcement}) END`,
    })
    .from(created);
});

/**
 * Writes the notification row (and, with push on, announces it to open dashboards when `db`'s
 * transaction commits, or at once outside one). Null when its occurrence was already told.
 */
export async function recordNotification(
  db: Db,
  notice: Notice,
  channels: { push: boolean },
  now: Date,
): Promise<string | null> {
  const [row] = await insertNotification(db).execute({
    merchantId: notice.merchantId,
    eventId: notice.event,
    title: notice.title,
    body: notice.body,
    link: notice.link,
    occurrenceKey: notice.occurrenceKey ?? null,
    inApp: channels.push,
    createdAt: now,
  });
  return row?.id ?? null;
}

/**
 * Keeps an occurrence for the merchant's next digest (digest.ts bundles them hourly); a repeat of the
 * same occurrence is kept once.
 */
async function keepForDigest(
  db: Db,
  notice: Notice,
  occurrenceKey: string,
  now: Date,
): Promise<NotifyOutcome> {
  const [kept] = await db
    .insert(notificationDigestItems)
    .values({
      merchantId: notice.merchantId,
      eventId: notice.event,
      occurrenceKey,
      body: notice.body,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: notificationDigestItems.id });
  return kept ? 'digested' : 'duplicate';
}

/** The notice's e-mail, sent after its notification is committed. */
export function mailNotice(deps: NotifyDeps, to: string, notice: Notice) {
  return deps.mailer.send({
    to,
    subject: `${notice.title} · ${PRODUCT_NAME}`,
    text: emailText(deps.publicUrl, notice),
  });
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
