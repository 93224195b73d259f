import { z } from 'zod';

/**
 * Merchant notifications (Settings › Notifications and the bell in the app's top bar): per event id an
 * e-mail and a push switch; push means an in-app notification in the bell, live through the dashboard's
 * event stream, and a browser notification where the merchant allowed them.
 */
export const NOTIFICATION_EVENTS = {
  new_order: { label: 'New order', description: 'An AI agent placed a paid order.' },
  order_fulfilled: { label: 'Order fulfilled', description: 'Your store marked an order as fulfilled.' },
  order_refunded: { label: 'Order refunded', description: 'Money was given back on an order.' },
  refund_failed: {
    label: 'Refund failed',
    description: 'A refund could not be made; its amount is refundable again.',
  },
  payment_disputed: {
    label: 'Payment disputed',
    description: 'A buyer disputed a card payment with their bank, and when the bank decided.',
  },
  trial_ending: { label: 'Trial ending', description: 'Your free trial ends in 3 days.' },
  usage_limit: {
    label: 'Usage limit',
    description: "This month's orders reached 80% or 100% of your plan's allowance.",
  },
  api_errors: {
    label: 'API errors',
    description: 'Agent API calls failed on our side, or more than 20 were refused in 15 minutes.',
  },
  store_switched: {
    label: 'Selling store changed',
    description: 'Agents now sell from another of your stores.',
  },
} as const;
export type NotificationEventId = keyof typeof NOTIFICATION_EVENTS;
export const NOTIFICATION_EVENT_IDS = Object.keys(NOTIFICATION_EVENTS) as [
  NotificationEventId,
  ...NotificationEventId[],
];
export const notificationEventId = z.enum(NOTIFICATION_EVENT_IDS);

/**
 * The events a merchant may take as an hourly digest instead of one notification each (ADR 042):
 * orders, which a busy store has many of.
 */
export const DIGESTIBLE_EVENTS: readonly NotificationEventId[] = ['new_order'];

const channels = z.object({ email: z.boolean(), push: z.boolean() }).strict();
/** `digest`: bundle the event into one notification an hour (off by default). */
const digestibleChannels = channels.extend({ digest: z.boolean().optional() }).strict();
export type NotificationChannels = z.infer<typeof digestibleChannels>;

/** Every event id with both switches: the form always sends the whole set. */
export const notificationPreferences = z
  .object(
    Object.fromEntries(
      NOTIFICATION_EVENT_IDS.map((id) => [
        id,
        DIGESTIBLE_EVENTS.includes(id) ? digestibleChannels : channels,
      ]),
    ) as Record<NotificationEventId, typeof digestibleChannels>,
  )
  .strict();
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/** A merchant who never chose is told everything, by e-mail and in the app. */
export const DEFAULT_NOTIFICATION_CHANNELS: NotificationChannels = { email: true, push: true };

export const notificationPreferencesOutput = z.object({ preferences: notificationPreferences });
export type NotificationPreferencesOutput = z.infer<typeof notificationPreferencesOutput>;
export const updateNotificationPreferencesInput = notificationPreferencesOutput.strict();
export type UpdateNotificationPreferencesInput = z.infer<typeof updateNotificationPreferencesInput>;

/** One in-app notification as the bell shows it. `link` is an app path. */
export const notificationView = z.object({
  id: z.string(),
  event: notificationEventId,
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type NotificationView = z.infer<typeof notificationView>;

export const NOTIFICATIONS_DEFAULT_LIMIT = 20;
export const NOTIFICATIONS_MAX_LIMIT = 50;
export const listNotificationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_MAX_LIMIT).default(NOTIFICATIONS_DEFAULT_LIMIT),
});
export const listNotificationsOutput = z.object({
  notifications: z.array(notificationView),
  unread_count: z.number().int(),
});
export type ListNotificationsOutput = z.infer<typeof listNotificationsOutput>;

export const markNotificationsReadOutput = z.object({ unread_count: z.number().int() });

/**
 * On the dashboard's event stream (`GET /api/orders/stream`), `event: notification` carries this: a new
 * in-app notification (`created`), or notifications marked read, perhaps in another tab (`read`: the
 * list is read again).
 */
export const NOTIFICATION_STREAM_EVENT = 'notification';
export const notificationStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('created'), notification: notificationView }),
  z.object({ type: z.literal('read') }),
]);
export type NotificationStreamEvent = z.infer<typeof notificationStreamEvent>;
