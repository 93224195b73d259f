import { eq } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_CHANNELS,
  DIGESTIBLE_EVENTS,
  NOTIFICATION_EVENT_IDS,
  type NotificationPreferences,
} from '#common/api/notifications';
import type { Db } from '../../db/client';
import { merchants, type Merchant } from '../../db/schema/index';

/**
 * The switches for every event id: what the merchant saved, the default (both on) for an event it never
 * chose, and nothing of ids this version does not know (a stored map outlives a rename). Events that can
 * be digested carry the digest switch, off unless chosen.
 */
export function preferencesOf(stored: Merchant['notificationPreferences']): NotificationPreferences {
  return Object.fromEntries(
    NOTIFICATION_EVENT_IDS.map((id) => {
      const saved = stored[id];
      const channels = saved
        ? { email: saved.email === true, push: saved.push === true }
        : DEFAULT_NOTIFICATION_CHANNELS;
      return [
        id,
        DIGESTIBLE_EVENTS.includes(id) ? { ...channels, digest: saved?.digest === true } : channels,
      ];
    }),
  ) as NotificationPreferences;
}

/** Saves the whole set (the form always sends every event id) and answers with it as stored. */
export async function saveNotificationPreferences(
  db: Db,
  merchantId: string,
  preferences: NotificationPreferences,
  now: Date,
): Promise<NotificationPreferences> {
  const [updated] = await db
    .update(merchants)
    .set({ notificationPreferences: preferences, updatedAt: now })
    .where(eq(merchants.id, merchantId))
    .returning({ preferences: merchants.notificationPreferences });
  return preferencesOf(updated?.preferences ?? {});
}
