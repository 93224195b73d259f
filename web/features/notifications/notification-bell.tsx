import { Bell, BellRing, CheckCheck, Settings } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { NotificationView } from '#common/api/notifications';
import { Button } from '#web/components/ui/button';
import { LoadError } from '#web/components/ui/load-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { cn } from '#web/lib/cn';
import { formatRelativeTime, useNow } from '#web/lib/relative-time';
import { showBrowserNotification, useBrowserNotifications } from './browser-notifications';
import { useLiveNotifications, useMarkNotificationsRead } from './notifications-api';

const SETTINGS_LINK = '/settings?tab=notifications';

/** "9+" beyond nine: the badge stays one small circle. */
const badgeText = (unread: number) => (unread > 9 ? '9+' : String(unread));

/**
 * The bell in the app's top bar: the unread count, live from the dashboard's stream, and on click the
 * newest notifications, each marked read when opened, with Mark all as read and the way to allow
 * browser notifications (asked only when the merchant clicks it). Loaded as its own chunk.
 */
export default function NotificationBell() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const onArrival = useCallback(
    (notification: NotificationView) => showBrowserNotification(notification, (link) => navigate(link)),
    [navigate],
  );
  const list = useLiveNotifications(onArrival);
  const unread = list.data?.unread_count ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button variant="outline" size="icon" aria-label={label} className="relative rounded-full">
          <Bell aria-hidden="true" />
          {unread > 0 && (
            <span
              aria-hidden="true"
              className="absolute -right-1 -top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold leading-none text-white ring-2 ring-white"
            >
              {badgeText(unread)}
            </span>
          )}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          aria-label="Notifications"
          className="z-50 w-[min(24rem,calc(100vw-1.5rem))] rounded-xl border border-slate-200 bg-white shadow-lg"
        >
          <BellPanel list={list} onNavigate={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function BellPanel({
  list,
  onNavigate,
}: {
  list: ReturnType<typeof useLiveNotifications>;
  onNavigate(): void;
}) {
  const markRead = useMarkNotificationsRead();
  const unread = list.data?.unread_count ?? 0;
  const markAll = async () => {
    try {
      await markRead.mutateAsync(undefined);
    } catch (err) {
      toast.error('Error', { description: err instanceof Error ? err.message : undefined });
    }
  };

  return (
    <div className="grid">
      <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
        <Button
          variant="ghost"
          size="sm"
          onClick={markAll}
          disabled={unread === 0 || markRead.isPending}
          className="-mr-2"
        >
          <CheckCheck aria-hidden="true" />
          Mark all as read
        </Button>
      </div>
      <BrowserPermissionRow />
      <div className="max-h-[min(24rem,60vh)] overflow-y-auto">
        {list.isPending ? (
          <div className="grid gap-3 p-4" aria-busy="true">
            <span role="status" className="sr-only">
              Loading notifications
            </span>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : list.isError ? (
          <div className="p-3">
            <LoadError
              title="Your notifications could not be loaded"
              onRetry={() => list.refetch()}
              retrying={list.isFetching}
            >
              <p>{list.error.message}</p>
            </LoadError>
          </div>
        ) : list.data.notifications.length === 0 ? (
          <div className="grid justify-items-center gap-1 px-6 py-10 text-center">
            <Bell aria-hidden="true" className="size-6 text-slate-400" />
            <p className="text-sm font-medium text-slate-900">No notifications yet</p>
            <p className="text-sm text-slate-600">
              New orders, fulfilments and alerts about your account show here.
            </p>
          </div>
        ) : (
          <ul aria-label="Latest notifications" className="divide-y divide-slate-100">
            {list.data.notifications.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                onOpen={() => {
                  if (!notification.read_at) markRead.mutate(notification.id);
                  onNavigate();
                }}
              />
            ))}
          </ul>
        )}
      </div>
      <div className="border-t border-slate-100 px-4 py-2.5">
        <Link
          to={SETTINGS_LINK}
          onClick={onNavigate}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
        >
          <Settings aria-hidden="true" className="size-4" />
          Notification settings
        </Link>
      </div>
    </div>
  );
}

function NotificationItem({ notification, onOpen }: { notification: NotificationView; onOpen(): void }) {
  const now = useNow();
  const unread = !notification.read_at;
  const content = (
    <>
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-brand-600' : 'bg-transparent')}
      />
      <span className="grid min-w-0 gap-0.5">
        <span className={cn('text-sm text-slate-900', unread && 'font-semibold')}>
          {notification.title}
          {unread && <span className="sr-only"> (unread)</span>}
        </span>
        <span className="text-sm text-slate-600">{notification.body}</span>
        <time dateTime={notification.created_at} className="text-xs text-slate-500">
          {formatRelativeTime(new Date(notification.created_at), now)}
        </time>
      </span>
    </>
  );
  const className =
    'flex w-full gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none';
  return (
    <li>
      {notification.link ? (
        <Link to={notification.link} onClick={onOpen} className={className}>
          {content}
        </Link>
      ) : (
        <button type="button" onClick={onOpen} className={className}>
          {content}
        </button>
      )}
    </li>
  );
}

/** Offers browser notifications while the merchant has not decided; says so when they are blocked. */
function BrowserPermissionRow() {
  const { permission, request } = useBrowserNotifications();
  if (permission === 'granted' || permission === 'unsupported') return null;
  if (permission === 'denied') {
    return (
      <p className="border-b border-slate-100 bg-slate-50 px-4 py-2.5 text-xs text-slate-600">
        Browser notifications are blocked for this site. Allow them in your browser&apos;s site settings to
        get them on your desktop.
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 bg-brand-50 px-4 py-2.5">
      <p className="text-xs text-slate-700">Get these on your desktop too.</p>
      <Button variant="outline" size="sm" onClick={() => void request()}>
        <BellRing aria-hidden="true" />
        Allow browser notifications
      </Button>
    </div>
  );
}
