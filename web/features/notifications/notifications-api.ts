import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  listNotificationsOutput,
  markNotificationsReadOutput,
  NOTIFICATION_STREAM_EVENT,
  notificationPreferencesOutput,
  notificationStreamEvent,
  type ListNotificationsOutput,
  type NotificationPreferences,
  type NotificationView,
} from '#common/api/notifications';
import { apiRequest } from '#web/lib/api-client';
import { subscribeLiveStream } from '#web/lib/live-stream';
import { queryKeys } from '#web/lib/query-keys';
import { useInvalidatingMutation } from '#web/lib/use-invalidating-mutation';

/** GET /api/notifications/preferences: the e-mail and push switch of every event id. */
export function getNotificationPreferences() {
  return apiRequest('/api/notifications/preferences', { schema: notificationPreferencesOutput });
}

export const useNotificationPreferences = () =>
  useQuery({ queryKey: queryKeys.notificationPreferences, queryFn: getNotificationPreferences });

/** PUT /api/notifications/preferences: saves the whole set. */
export function saveNotificationPreferences(preferences: NotificationPreferences) {
  return apiRequest('/api/notifications/preferences', {
    method: 'PUT',
    body: { preferences },
    schema: notificationPreferencesOutput,
  });
}

export const useSaveNotificationPreferences = () =>
  useInvalidatingMutation(saveNotificationPreferences, [queryKeys.notificationPreferences]);

/** GET /api/notifications: the bell's newest notifications and the unread count. */
export function listNotifications() {
  return apiRequest('/api/notifications', { schema: listNotificationsOutput });
}

/**
 * The bell's list, kept live by the dashboard's stream: a new notification goes to the front at once
 * (and `onArrival` is told, for the browser notification); a "read" nudge, or the stream reopening,
 * reads the list again.
 */
export function useLiveNotifications(onArrival: (notification: NotificationView) => void) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.notifications, queryFn: listNotifications });
  useEffect(() => subscribeToNotifications(queryClient, onArrival), [queryClient, onArrival]);
  return query;
}

function subscribeToNotifications(
  queryClient: QueryClient,
  onArrival: (notification: NotificationView) => void,
): () => void {
  const reload = () => void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
  return subscribeLiveStream({
    event: NOTIFICATION_STREAM_EVENT,
    onOpen: reload,
    onMessage(data) {
      const change = notificationStreamEvent.safeParse(data);
      if (!change.success) return;
      if (change.data.type === 'read') return reload();
      const { notification } = change.data;
      queryClient.setQueryData<ListNotificationsOutput>(queryKeys.notifications, (list) =>
        list && !list.notifications.some((n) => n.id === notification.id)
          ? {
              notifications: [notification, ...list.notifications],
              unread_count: list.unread_count + 1,
            }
          : list,
      );
      onArrival(notification);
    },
  });
}

/** POST /api/notifications/:id/read, or /api/notifications/read for all of them. */
export function markNotificationsRead(id?: string) {
  const path = id ? `/api/notifications/${encodeURIComponent(id)}/read` : '/api/notifications/read';
  return apiRequest(path, { body: {}, schema: markNotificationsReadOutput });
}

export const useMarkNotificationsRead = () =>
  useInvalidatingMutation(markNotificationsRead, [queryKeys.notifications]);
