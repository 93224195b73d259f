import type { SecurityLogEntry, SecurityMetricsOutput } from '#common/api/security';
import { securityEventLabel } from '#common/domain/labels';
import { Badge } from '#web/components/ui/badge';
import { SectionCard } from '#web/components/ui/section-card';
import { LoadError } from '#web/components/ui/load-error';
import { LoadingState, Skeleton } from '#web/components/ui/skeleton';
import { formatRelativeTime, useNow } from '#web/lib/relative-time';
import {
  useCheckoutAccessLog,
  useSecurityLog,
  useSecurityMetrics,
  type MonitoredMerchant,
} from './api/security';

const HOURS = 24;

/**
 * Security metrics: reads of checkout data and privacy purges over the last 24 hours (every 60 s), the
 * reads of the last 5 minutes against the rapid-access threshold, and the latest security events.
 */
export function SecurityMetricsCard({ merchant }: { merchant: MonitoredMerchant }) {
  const metrics = useSecurityMetrics(merchant);
  const accessLog = useCheckoutAccessLog(merchant);
  const log = useSecurityLog(merchant);

  return (
    <SectionCard
      title="Security metrics"
      description="Who read buyer data, and what was purged, in the last 24 hours."
      contentClassName="space-y-5"
    >
      {metrics.isPending ? (
        <LoadingState label="Loading security metrics...">
          <Skeleton className="h-20 rounded-xl" />
          <Skeleton className="h-12 rounded-xl" />
        </LoadingState>
      ) : metrics.isError ? (
        <LoadError
          title="We could not load security metrics"
          onRetry={() => void metrics.refetch()}
          retrying={metrics.isFetching}
        >
          {metrics.error.message}
        </LoadError>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3">
            <Stat label="Checkout data reads" value={metrics.data.totals.checkout_access} />
            <Stat label="Anonymized (90-day purge)" value={metrics.data.totals.checkout_anonymized} />
          </dl>
          <HourlyReads rows={metrics.data.rows} />
        </>
      )}
      {accessLog.data && (
        <p className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-slate-50 px-3.5 py-2.5 text-sm text-slate-700">
          <span>
            <span className="font-semibold tabular-nums text-slate-900">
              {accessLog.data.accesses_last_5_minutes}
            </span>{' '}
            reads in the last 5 minutes
          </span>
          {accessLog.data.rapid_checkout_access ? (
            <Badge variant="danger">Rapid access</Badge>
          ) : (
            <Badge variant="success">Normal</Badge>
          )}
        </p>
      )}
      <section aria-label="Security log" className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900">Security log</h3>
        {log.isPending ? (
          <Skeleton className="h-20 rounded-xl" />
        ) : log.isError ? (
          <LoadError
            title="We could not load the security log"
            onRetry={() => void log.refetch()}
            retrying={log.isFetching}
          >
            {log.error.message}
          </LoadError>
        ) : log.data.events.length === 0 ? (
          <p className="text-sm text-slate-600">
            No security events. Failed sign-ins and refused keys show here.
          </p>
        ) : (
          <SecurityLogList entries={log.data.events} />
        )}
      </section>
    </SectionCard>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border border-slate-200 p-3">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}

/** Reads per hour as bars, oldest on the left; the numbers are in the label for screen readers. */
function HourlyReads({ rows }: { rows: SecurityMetricsOutput['rows'] }) {
  const now = useNow();
  const currentHour = Math.floor(now.getTime() / 3600_000);
  const perHour = Array.from({ length: HOURS }, (_, i) => {
    const hour = currentHour - (HOURS - 1 - i);
    return rows
      .filter(
        (r) =>
          r.metric_type === 'checkout_access' && Math.floor(Date.parse(r.time_bucket) / 3600_000) === hour,
      )
      .reduce((sum, r) => sum + r.count, 0);
  });
  const peak = Math.max(...perHour);
  const busiest = perHour.indexOf(peak);
  return (
    <div>
      <div
        role="img"
        aria-label={
          peak === 0
            ? 'No reads of checkout data in the last 24 hours.'
            : `Reads per hour over the last 24 hours; the busiest hour had ${peak}, ${HOURS - 1 - busiest} hours ago.`
        }
        className="flex h-12 items-end gap-0.5"
      >
        {perHour.map((count, i) => (
          <div
            key={i}
            className={count ? 'flex-1 rounded-sm bg-brand-500' : 'flex-1 rounded-sm bg-slate-100'}
            style={{ height: `${peak ? Math.max(8, (count / peak) * 100) : 8}%` }}
          />
        ))}
      </div>
      <div className="mt-1 flex justify-between text-xs text-slate-500" aria-hidden="true">
        <span>24 h ago</span>
        <span>now</span>
      </div>
    </div>
  );
}

function SecurityLogList({ entries }: { entries: SecurityLogEntry[] }) {
  const now = useNow();
  return (
    <ul aria-label="Latest security events" className="divide-y divide-slate-100">
      {entries.map((entry) => {
        const { title, detail } = securityEventLabel(entry);
        return (
          <li key={entry.id} className="flex items-start justify-between gap-3 py-2 text-sm first:pt-0">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{title}</p>
              {detail && <p className="truncate text-xs text-slate-600">{detail}</p>}
            </div>
            <time dateTime={entry.created_at} className="shrink-0 text-xs text-slate-500">
              {formatRelativeTime(new Date(entry.created_at), now)}
            </time>
          </li>
        );
      })}
    </ul>
  );
}
