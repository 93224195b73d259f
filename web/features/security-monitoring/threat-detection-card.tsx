import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { RAPID_CHECKOUT_ACCESS_THRESHOLD, type CheckoutAccessEvent } from '#common/api/security';
import { orderStatusLabel } from '#common/domain/labels';
import { Alert } from '#web/components/ui/alert';
import { Badge } from '#web/components/ui/badge';
import { SectionCard } from '#web/components/ui/section-card';
import { LoadError } from '#web/components/ui/load-error';
import { LoadingState, Skeleton } from '#web/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableMessageRow,
  TableRow,
} from '#web/components/ui/table';
import { formatRelativeTime, useNow } from '#web/lib/relative-time';
import { formatMoney } from '#web/lib/money';
import { useCheckoutAccessLog, useThreatPatterns, type MonitoredMerchant } from './api/security';
import { PATTERN_LABELS, readerLabel, SEVERITY_BADGES } from './labels';

/**
 * Threat detection: the rapid-access flag and the advanced patterns (every 60 s), and the event log of
 * the latest reads of checkout data (every 30 s).
 */
export function ThreatDetectionCard({ merchant }: { merchant: MonitoredMerchant }) {
  const threats = useThreatPatterns(merchant);
  const accessLog = useCheckoutAccessLog(merchant);
  const found = threats.data ? threats.data.patterns.length + threats.data.suspicious.length : 0;

  return (
    <SectionCard
      title="Threat detection"
      description="Unusual reads, sign-in attacks and amounts, checked every minute."
      contentClassName="space-y-6"
      aside={
        threats.data && (
          <Badge variant={found ? 'danger' : 'success'}>{found ? `${found} found` : 'No threats'}</Badge>
        )
      }
    >
      {threats.isPending ? (
        <LoadingState label="Checking for threats...">
          <Skeleton className="h-16 rounded-xl" />
        </LoadingState>
      ) : threats.isError ? (
        <LoadError
          title="We could not check for threats"
          onRetry={() => void threats.refetch()}
          retrying={threats.isFetching}
        >
          {threats.error.message}
        </LoadError>
      ) : (
        <>
          {threats.data.suspicious.map((flag) => (
            <Alert key={flag.merchant_id} variant="warning" title="Rapid checkout access">
              {flag.count} reads of checkout data within 5 minutes (more than{' '}
              {RAPID_CHECKOUT_ACCESS_THRESHOLD} is unusual). Check who read them below; if it is not your own
              agents, rotate your API key in Settings.
            </Alert>
          ))}
          {threats.data.patterns.length > 0 ? (
            <ul aria-label="Threat patterns" className="space-y-3">
              {threats.data.patterns.map((pattern) => (
                <li
                  key={`${pattern.merchant_id}-${pattern.pattern_type}-${pattern.details}`}
                  className="rounded-xl border border-slate-200 p-3.5"
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant={SEVERITY_BADGES[pattern.severity]} className="capitalize">
                      {pattern.severity}
                    </Badge>
                    <span className="font-medium text-slate-900">{PATTERN_LABELS[pattern.pattern_type]}</span>
                    <span className="text-sm text-slate-600">
                      {pattern.occurrence_count}× · first seen <RelativeTime at={pattern.first_seen} />
                    </span>
                  </div>
                  <p className="mt-1.5 text-sm text-slate-700">{pattern.details}</p>
                </li>
              ))}
            </ul>
          ) : (
            threats.data.suspicious.length === 0 && (
              <p className="flex items-center gap-2 rounded-xl bg-emerald-50 px-3.5 py-3 text-sm text-emerald-900">
                <ShieldCheck aria-hidden="true" className="size-5 shrink-0" />
                No suspicious patterns. We look at reads, sign-ins and amounts every minute.
              </p>
            )
          )}
        </>
      )}

      <section aria-label="Recent checkout data access" className="space-y-2.5">
        <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <ShieldAlert aria-hidden="true" className="size-4 text-slate-500" />
          Recent checkout data access
        </h3>
        {accessLog.isPending ? (
          <div aria-busy="true">
            <span className="sr-only" role="status">
              Loading the access log...
            </span>
            <Skeleton className="h-32 rounded-xl" />
          </div>
        ) : accessLog.isError ? (
          <LoadError
            title="We could not load the access log"
            onRetry={() => void accessLog.refetch()}
            retrying={accessLog.isFetching}
          >
            {accessLog.error.message}
          </LoadError>
        ) : (
          <AccessLogTable events={accessLog.data.events} showMerchant={merchant !== undefined} />
        )}
      </section>
    </SectionCard>
  );
}

function AccessLogTable({ events, showMerchant }: { events: CheckoutAccessEvent[]; showMerchant: boolean }) {
  const columns = showMerchant ? 6 : 5;
  return (
    <Table caption="Latest reads of checkout data, newest first" scrollLabel="Latest checkout data reads">
      <TableHeader>
        <TableRow>
          {showMerchant && <TableHead>Merchant</TableHead>}
          <TableHead className="hidden sm:table-cell">Checkout</TableHead>
          <TableHead>Read by</TableHead>
          <TableHead className="hidden sm:table-cell">Status</TableHead>
          <TableHead className="hidden text-right sm:table-cell">Amount</TableHead>
          <TableHead className="text-right">When</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {events.length === 0 ? (
          <TableMessageRow colSpan={columns}>
            No reads of checkout data yet. They appear here when an agent or your team looks at a checkout.
          </TableMessageRow>
        ) : (
          events.map((event) => (
            <TableRow key={event.id}>
              {showMerchant && (
                <TableCell className="font-mono text-xs">{event.merchant_id.slice(0, 8)}</TableCell>
              )}
              <TableCell
                className="hidden max-w-40 truncate font-mono text-xs sm:table-cell"
                title={event.checkout_id}
              >
                {event.checkout_id}
              </TableCell>
              <TableCell>
                {readerLabel(event)}
                {/* On a phone the checkout, status and amount go under the reader rather than in columns. */}
                <span className="block text-xs text-slate-500 sm:hidden">
                  {orderStatusLabel(event.status)} · {formatMoney(event.amount, event.currency)}
                </span>
                <span className="block max-w-48 truncate font-mono text-xs text-slate-500 sm:hidden">
                  {event.checkout_id}
                </span>
              </TableCell>
              <TableCell className="hidden sm:table-cell">{orderStatusLabel(event.status)}</TableCell>
              <TableCell className="hidden whitespace-nowrap text-right tabular-nums sm:table-cell">
                {formatMoney(event.amount, event.currency)}
              </TableCell>
              <TableCell className="whitespace-nowrap text-right text-slate-600">
                <RelativeTime at={event.created_at} />
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}

function RelativeTime({ at }: { at: string }) {
  const now = useNow();
  return (
    <time dateTime={at} title={new Date(at).toLocaleString()}>
      {formatRelativeTime(new Date(at), now)}
    </time>
  );
}
