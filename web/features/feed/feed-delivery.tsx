import { Download, Pencil, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  FEED_SCHEDULES,
  type FeedDeliveryView,
  type FeedPushSettingsView,
  type FeedSchedule,
} from '#common/api/feed';
import { FEED_DELIVERY_STATUS_LABELS, FEED_SCHEDULE_LABELS } from '#common/domain/labels';
import { CopyableId } from '#web/components/copyable-id';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { LoadError } from '#web/components/ui/load-error';
import { SectionCard } from '#web/components/ui/section-card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select';
import { Skeleton } from '#web/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableMessageRow,
  TableRow,
  TableSkeletonRows,
} from '#web/components/ui/table';
import { ApiRequestError } from '#web/lib/api-client';
import {
  feedExportUrls,
  useFeedDeliveries,
  useFeedPushSettings,
  usePushFeed,
  useSaveFeedPushSettings,
} from './api/feed';

const DELIVERY_BADGE: Record<FeedDeliveryView['status'], 'success' | 'warning' | 'danger' | 'neutral'> = {
  pending: 'neutral',
  accepted: 'success',
  partial: 'warning',
  rejected: 'danger',
  failed: 'danger',
};
const FEED_ID_SHOWN = 14;
const TRIGGER_LABELS: Record<FeedDeliveryView['trigger'], string> = {
  manual: 'Push now',
  schedule: 'Scheduled',
  change: 'Store changed',
};
const COLUMNS = 5;

/** Pushing the feed to the agent's Feed API: where it goes, Push now, the schedule, the log, the files. */
export function FeedDelivery() {
  const settings = useFeedPushSettings();
  const deliveries = useFeedDeliveries();
  const push = usePushFeed();
  const [editing, setEditing] = useState(false);

  function pushNow() {
    push.mutate(undefined, {
      onSuccess: ({ deliveries: queued }) =>
        toast.success(
          `Sending your feed to the agent for ${queued.map((d) => d.country).join(', ')}. The result appears in the log below.`,
        ),
      onError: (err) => toast.error(err.message),
    });
  }
  const s = settings.data;
  const exports = feedExportUrls(s?.countries[0]);

  return (
    <SectionCard
      title="Delivery to your agent"
      description="AgentCart sends your feed to the AI agent's Feed API, one feed per country, with your bearer token."
      contentClassName="grid gap-5"
    >
      {settings.isError ? (
        <LoadError
          title="Failed to load your feed settings."
          onRetry={() => settings.refetch()}
          retrying={settings.isFetching}
        >
          <p>{settings.error.message}</p>
        </LoadError>
      ) : !s ? (
        <div aria-busy="true" className="space-y-2">
          <span className="sr-only" role="status">
            Loading your feed settings
          </span>
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      ) : editing ? (
        <PushSettingsForm settings={s} onDone={() => setEditing(false)} />
      ) : (
        <div className="grid gap-4">
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            <div className="min-w-0">
              <dt className="font-medium text-slate-800">Feed API</dt>
              <dd className="break-words text-slate-600">
                {s.endpointUrl ?? 'Not set'}
                {s.sandboxDefault && <span className="block text-xs">The sandbox agent simulator</span>}
              </dd>
            </div>
            <div>
              <dt className="font-medium text-slate-800">Countries</dt>
              <dd className="text-slate-600">{s.countries.join(', ')}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-800">Schedule</dt>
              <dd className="text-slate-600">{FEED_SCHEDULE_LABELS[s.schedule]}</dd>
            </div>
          </dl>
          <div className="flex flex-wrap gap-2">
            <Button onClick={pushNow} disabled={push.isPending || !s.endpointUrl || !s.tokenSet}>
              <Send aria-hidden="true" />
              {push.isPending ? 'Queuing…' : 'Push now'}
            </Button>
            <Button variant="outline" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              Edit delivery settings
            </Button>
            <Button variant="ghost" asChild>
              <a href={exports.metadata} download>
                <Download aria-hidden="true" />
                metadata.json
              </a>
            </Button>
            <Button variant="ghost" asChild>
              <a href={exports.products} download>
                <Download aria-hidden="true" />
                products.jsonl
              </a>
            </Button>
          </div>
          {!s.endpointUrl && (
            <p className="text-sm text-slate-600">
              Ask your agent for its Feed API address and a bearer token, then add them under Edit delivery
              settings.
            </p>
          )}
        </div>
      )}

      <div className="grid gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Delivery log</h3>
        {deliveries.isError ? (
          <LoadError
            title="Failed to load the delivery log."
            onRetry={() => deliveries.refetch()}
            retrying={deliveries.isFetching}
          >
            <p>{deliveries.error.message}</p>
          </LoadError>
        ) : (
          <DeliveryTable deliveries={deliveries.data?.deliveries} loading={deliveries.isPending} />
        )}
      </div>
    </SectionCard>
  );
}

function DeliveryTable({
  deliveries,
  loading,
}: {
  deliveries: FeedDeliveryView[] | undefined;
  loading: boolean;
}) {
  return (
    <Table stacked caption="Feed deliveries, newest first" scrollLabel="Feed deliveries">
      <TableHeader>
        <TableRow>
          <TableHead>When</TableHead>
          <TableHead>Feed</TableHead>
          <TableHead className="text-right">Products</TableHead>
          <TableHead>Result</TableHead>
          <TableHead>Details</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody aria-busy={loading}>
        {loading && !deliveries ? (
          <TableSkeletonRows rows={3} columns={COLUMNS} barClassName="w-16" />
        ) : !deliveries || deliveries.length === 0 ? (
          <TableMessageRow colSpan={COLUMNS}>
            No pushes yet. Push now sends your feed to the agent.
          </TableMessageRow>
        ) : (
          deliveries.map((d) => (
            <TableRow key={d.id}>
              <TableCell label="When" className="tabular-nums text-slate-600">
                <time dateTime={d.createdAt}>
                  {new Date(d.createdAt).toLocaleString(undefined, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  })}
                </time>
                <span className="block text-xs">{TRIGGER_LABELS[d.trigger]}</span>
              </TableCell>
              <TableCell label="Feed">
                <span className="block font-medium text-slate-900">{d.country}</span>
                {d.feedId ? (
                  <CopyableId
                    value={d.feedId}
                    shown={
                      d.feedId.length > FEED_ID_SHOWN ? `${d.feedId.slice(0, FEED_ID_SHOWN)}…` : d.feedId
                    }
                    label="feed id"
                  />
                ) : (
                  <span className="text-xs text-slate-600">Not created yet</span>
                )}
              </TableCell>
              <TableCell label="Products" className="text-right tabular-nums">
                <span className="block text-slate-900">{d.productsSent.toLocaleString()} sent</span>
                <span className="block text-xs text-slate-600">
                  {d.productsAccepted.toLocaleString()} accepted, {d.productsRejected.toLocaleString()}{' '}
                  rejected
                </span>
              </TableCell>
              <TableCell label="Result">
                <Badge variant={DELIVERY_BADGE[d.status]}>{FEED_DELIVERY_STATUS_LABELS[d.status]}</Badge>
                {d.confirmed && (
                  <span className="block text-xs text-slate-600">Read back from the agent</span>
                )}
              </TableCell>
              <TableCell label="Details" className="min-w-48 whitespace-normal text-sm text-slate-600">
                {d.error ??
                  (d.status === 'pending'
                    ? d.attempts > 1
                      ? `Trying again (attempt ${d.attempts}).`
                      : 'Sending…'
                    : 'None')}
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}

function PushSettingsForm({ settings, onDone }: { settings: FeedPushSettingsView; onDone(): void }) {
  const save = useSaveFeedPushSettings();
  const [endpointUrl, setEndpointUrl] = useState(settings.endpointUrl ?? '');
  const [token, setToken] = useState('');
  const [countries, setCountries] = useState(settings.countries.join(', '));
  const [schedule, setSchedule] = useState<FeedSchedule>(settings.schedule);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    save.mutate(
      {
        endpointUrl,
        ...(token.trim() ? { token: token.trim() } : {}),
        countries: countries
          .split(/[\s,]+/)
          .map((c) => c.trim().toUpperCase())
          .filter(Boolean),
        schedule,
      },
      {
        onSuccess: () => {
          toast.success('Delivery settings saved.');
          onDone();
        },
        onError: (err) => {
          const fields = err instanceof ApiRequestError ? err.fieldErrors : {};
          setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/\.\d+$/, ''), v])));
          if (Object.keys(fields).length === 0) toast.error(err.message);
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" noValidate>
      <Field
        label="Feed API address"
        hint="The base address your agent gave you; AgentCart calls /feeds under it."
        error={errors.endpointUrl}
        className="sm:col-span-2"
      >
        <Input type="url" value={endpointUrl} onChange={(e) => setEndpointUrl(e.target.value)} required />
      </Field>
      <Field
        label="Bearer token"
        hint={
          settings.tokenSet
            ? `Saved (${settings.tokenHint}). Leave empty to keep it.`
            : 'The token your agent gave you.'
        }
        error={errors.token}
      >
        <Input type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} />
      </Field>
      <Field
        label="Countries"
        hint="Two-letter codes, comma separated: one feed each."
        error={errors.countries}
      >
        <Input value={countries} onChange={(e) => setCountries(e.target.value)} />
      </Field>
      <div className="grid gap-1.5">
        <span id="feed-schedule-label" className="text-sm font-medium text-slate-800">
          Push automatically
        </span>
        <Select value={schedule} onValueChange={(v) => setSchedule(v as FeedSchedule)}>
          <SelectTrigger aria-labelledby="feed-schedule-label">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {FEED_SCHEDULES.map((option) => (
              <SelectItem key={option} value={option}>
                {FEED_SCHEDULE_LABELS[option]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex flex-wrap items-end gap-2 sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save delivery settings'}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
