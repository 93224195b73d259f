import { BellRing, Monitor } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  DIGESTIBLE_EVENTS,
  NOTIFICATION_EVENT_IDS,
  NOTIFICATION_EVENTS,
  type NotificationChannels,
  type NotificationEventId,
  type NotificationPreferences,
} from '#common/api/notifications';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { LoadError } from '#web/components/ui/load-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { Switch } from '#web/components/ui/switch';
import {
  useBrowserNotifications,
  type BrowserPermission,
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from '#web/features/notifications';

type Channel = 'email' | 'push';
const CHANNEL_LABELS: Record<Channel, string> = { email: 'Email', push: 'Push' };

/**
 * Settings › Notifications: per event an e-mail and a push switch. Push is the bell in the top bar and,
 * once this browser allows it, a desktop notification; turning a push switch on asks the browser then,
 * never before the merchant has clicked.
 */
export function NotificationsTab() {
  const preferences = useNotificationPreferences();
  if (preferences.isPending) {
    return (
      <div className="grid max-w-2xl gap-3" aria-busy="true">
        <span role="status" className="sr-only">
          Loading your notification settings
        </span>
        {NOTIFICATION_EVENT_IDS.map((id) => (
          <Skeleton key={id} className="h-14 w-full" />
        ))}
      </div>
    );
  }
  if (preferences.isError) {
    return (
      <LoadError
        title="Your notification settings could not be loaded"
        onRetry={() => preferences.refetch()}
        retrying={preferences.isFetching}
      >
        <p>{preferences.error.message}</p>
      </LoadError>
    );
  }
  return <PreferencesForm saved={preferences.data.preferences} />;
}

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const save = useSaveNotificationPreferences();
  const browser = useBrowserNotifications();
  const [draft, setDraft] = useState(saved);
  const dirty = NOTIFICATION_EVENT_IDS.some(
    (id) =>
      draft[id].email !== saved[id].email ||
      draft[id].push !== saved[id].push ||
      !!draft[id].digest !== !!saved[id].digest,
  );

  const toggle = (id: NotificationEventId, channel: keyof NotificationChannels, on: boolean) => {
    setDraft((current) => ({ ...current, [id]: { ...current[id], [channel]: on } }));
    // The click is the user gesture browsers want before they ask.
    if (channel === 'push' && on && browser.permission === 'default') void browser.request();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      setDraft((await save.mutateAsync(draft)).preferences);
      toast.success('Notification preferences saved', {
        description: 'Notifications follow your new choices from now on.',
      });
    } catch (err) {
      toast.error('Error', { description: err instanceof Error ? err.message : undefined });
    }
  };

  const anyPush = NOTIFICATION_EVENT_IDS.some((id) => draft[id].push);
  return (
    <form onSubmit={submit} className="grid max-w-2xl gap-5">
      <div>
        <h2 className="font-semibold text-slate-900">Notifications</h2>
        <p className="text-sm text-slate-600">
          Choose how you hear about each event. E-mail goes to your sign-in address; push shows in the bell at
          the top of the app. Every order is told on its own unless you choose an hourly digest; API errors
          and plan limits notify you at most once an hour.
        </p>
      </div>

      <fieldset className="grid gap-0 overflow-hidden rounded-xl border border-slate-200">
        <legend className="sr-only">Notification events</legend>
        <div
          aria-hidden="true"
          className="hidden grid-cols-[1fr_4.5rem_4.5rem] gap-3 bg-slate-50 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-slate-500 sm:grid"
        >
          <span>Event</span>
          <span className="text-center">Email</span>
          <span className="text-center">Push</span>
        </div>
        <div className="divide-y divide-slate-200 sm:border-t sm:border-slate-200">
          {NOTIFICATION_EVENT_IDS.map((id) => (
            <div key={id} className="grid gap-3 px-4 py-3 sm:grid-cols-[1fr_4.5rem_4.5rem] sm:items-center">
              <div>
                <p className="text-sm font-medium text-slate-900">{NOTIFICATION_EVENTS[id].label}</p>
                <p className="text-xs text-slate-600">{NOTIFICATION_EVENTS[id].description}</p>
                {DIGESTIBLE_EVENTS.includes(id) && (
                  <label className="mt-2 flex items-center gap-2">
                    <Switch
                      checked={draft[id].digest === true}
                      onCheckedChange={(on) => toggle(id, 'digest', on)}
                      aria-label={`${NOTIFICATION_EVENTS[id].label}: Hourly digest`}
                    />
                    <span className="text-xs text-slate-600">
                      Hourly digest: one notification for the hour's orders
                    </span>
                  </label>
                )}
              </div>
              <div className="flex gap-6 sm:contents">
                {(['email', 'push'] as const).map((channel) => (
                  <label key={channel} className="flex items-center gap-2 sm:justify-center">
                    <Switch
                      checked={draft[id][channel]}
                      onCheckedChange={(on) => toggle(id, channel, on)}
                      aria-label={`${NOTIFICATION_EVENTS[id].label}: ${CHANNEL_LABELS[channel]}`}
                    />
                    <span className="text-xs text-slate-600 sm:sr-only">{CHANNEL_LABELS[channel]}</span>
                  </label>
                ))}
              </div>
            </div>
          ))}
        </div>
      </fieldset>

      <BrowserNotificationsStatus
        permission={browser.permission}
        onAllow={() => void browser.request()}
        pushOn={anyPush}
      />

      <div>
        <Button type="submit" disabled={!dirty || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

/** Where this browser stands on desktop notifications, and the button that asks (a user gesture). */
function BrowserNotificationsStatus({
  permission,
  onAllow,
  pushOn,
}: {
  permission: BrowserPermission;
  onAllow(): void;
  pushOn: boolean;
}) {
  if (permission === 'unsupported' || !pushOn) return null;
  if (permission === 'granted') {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <BellRing aria-hidden="true" className="size-4 shrink-0 text-emerald-600" />
        This browser shows push notifications on your desktop too.
      </p>
    );
  }
  if (permission === 'denied') {
    return (
      <Alert variant="warning" title="Browser notifications are blocked">
        <p>
          Push notifications still show in the bell. To get them on your desktop, allow notifications for this
          site in your browser&apos;s settings.
        </p>
      </Alert>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 px-4 py-3">
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Monitor aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        Want push notifications on your desktop as well as in the bell?
      </p>
      <Button type="button" variant="outline" size="sm" onClick={onAllow}>
        <BellRing aria-hidden="true" />
        Allow browser notifications
      </Button>
    </div>
  );
}
