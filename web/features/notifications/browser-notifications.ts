import { useCallback, useState } from 'react';
import type { NotificationView } from '#common/api/notifications';

/** unsupported: this browser has no Notification API (or the page is not in a secure context). */
export type BrowserPermission = NotificationPermission | 'unsupported';

const permissionNow = (): BrowserPermission =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/**
 * Whether this browser may show our notifications, and the way to ask. `request` must be called from a
 * user gesture (a click): browsers ignore, or hold against the site, prompts nobody asked for.
 */
export function useBrowserNotifications() {
  const [permission, setPermission] = useState<BrowserPermission>(permissionNow);
  const request = useCallback(async () => {
    if (typeof Notification === 'undefined') return 'unsupported' as const;
    const answer = await Notification.requestPermission();
    setPermission(answer);
    return answer;
  }, []);
  return { permission, request };
}

/**
 * Shows `notification` as a browser notification where the merchant allowed them. Tagged by id, so the
 * same notification arriving in several open tabs is shown once; clicking it focuses the app there.
 */
export function showBrowserNotification(notification: NotificationView, open: (link: string) => void) {
  if (permissionNow() !== 'granted') return;
  const shown = new Notification(notification.title, { body: notification.body, tag: notification.id });
  shown.onclick = () => {
    window.focus();
    if (notification.link) open(notification.link);
    shown.close();
  };
}
