import { Bot } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  ANALYTICS_WINDOWS,
  conversion,
  type AnalyticsReport,
  type AnalyticsWindow,
} from '#common/api/analytics';
import { salesChannelLabel } from '#common/domain/sales-channel';
import { ROUTES } from '#common/routes';
import { IncludeTestSwitch } from '#web/components/include-test-switch';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { LoadError } from '#web/components/ui/load-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { usePaymentMethods } from '#web/features/connections';
import { cn } from '#web/lib/cn';
import { formatMoney } from '#web/lib/money';
import { useSeo } from '#web/lib/use-seo';
import { ChannelConversionChart, DailySalesChart, MethodChart } from './analytics-charts';
import { useAnalytics } from './api/analytics';
import { ReportTable } from './report-table';
import { duration, percent, shortDay } from './format';

const isWindow = (value: string | null): value is `${AnalyticsWindow}` =>
  ANALYTICS_WINDOWS.some((days) => String(days) === value);

/**
 * /analytics: whether agent commerce pays. Sales per day, what each payment method and each channel
 * (agent API, each ACP version) converts and earns, which agents buy, and how Lightning invoices fare,
 * over 7, 30 or 90 days. Every chart has its figures in a table beside it.
 */
export default function AnalyticsPage() {
  useSeo({
    title: 'Analytics',
    description: 'Orders, revenue and conversion by channel, agent and payment method.',
    path: ROUTES.analytics.path,
    noIndex: true,
  });
  const [params, setParams] = useSearchParams();
  const chosen = params.get('days');
  const days: AnalyticsWindow = isWindow(chosen) ? (Number(chosen) as AnalyticsWindow) : 30;
  // The merchant's own test orders count only when switched on (ADR 043); kept in the URL with the period.
  const includeTest = params.get('include_test') === 'true';
  const analytics = useAnalytics(days, includeTest);
  const choose = (next: { days?: AnalyticsWindow; includeTest?: boolean }) => {
    const withTest = next.includeTest ?? includeTest;
    setParams(
      { days: String(next.days ?? days), ...(withTest ? { include_test: 'true' } : {}) },
      { replace: true },
    );
  };

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold text-brand-700">Analytics</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">Does agent commerce pay?</h1>
          <p className="mt-2 text-slate-600">
            Orders and revenue from AI agents, and how each channel, protocol version and agent converts.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <IncludeTestSwitch checked={includeTest} onCheckedChange={(on) => choose({ includeTest: on })} />
          <div role="group" aria-label="Period" className="flex gap-1 rounded-lg bg-slate-100 p-1">
            {ANALYTICS_WINDOWS.map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={days === option}
                onClick={() => choose({ days: option })}
                className={cn(
                  'rounded-md px-3 py-1.5 text-sm font-semibold text-slate-600 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500',
                  days === option && 'bg-white text-slate-900 shadow-sm',
                )}
              >
                {option} days
              </button>
            ))}
          </div>
        </div>
      </header>

      {analytics.isPending ? (
        <AnalyticsSkeleton />
      ) : analytics.isError ? (
        <LoadError
          title="Failed to load analytics."
          onRetry={() => analytics.refetch()}
          retrying={analytics.isFetching}
        >
          <p>{analytics.error.message}</p>
        </LoadError>
      ) : (
        <div
          className={cn('space-y-6 transition-opacity', analytics.isPlaceholderData && 'opacity-60')}
          aria-busy={analytics.isFetching}
        >
          <Report report={analytics.data} />
        </div>
      )}
    </div>
  );
}

function Report({ report }: { report: AnalyticsReport }) {
  const { totals, currency, lightning } = report;
  const period = `${shortDay(report.from)} to ${shortDay(report.to)} (UTC)`;
  const lightningSettled = lightning.paid + lightning.expired;
  return (
    <>
      <section aria-label="Totals" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        <Kpi label="Paid orders" value={String(totals.orders)} note={period} />
        <Kpi
          label="Revenue"
          value={formatMoney(totals.revenue, currency)}
          note={
            totals.other_currency_orders > 0
              ? `Plus ${totals.other_currency_orders} order${totals.other_currency_orders === 1 ? '' : 's'} in other currencies`
              : 'Cancelled and rejected orders left out'
          }
        />
        <Kpi
          label="Net revenue"
          value={formatMoney(totals.net_revenue, currency)}
          note={netRevenueNote(totals, currency)}
        />
        <Kpi
          label="Average order value"
          value={formatMoney(totals.average_order_value, currency)}
          note="Revenue over paid orders"
        />
        <Kpi
          label="Lightning time to pay"
          value={
            lightning.median_seconds_to_pay === null
              ? 'No payments'
              : duration(lightning.median_seconds_to_pay)
          }
          note={
            lightningSettled === 0
              ? 'No invoices paid or expired yet'
              : `Median: half of paid invoices were paid faster. ${lightning.paid} paid, ${lightning.expired} expired (${percent(conversion(lightning.paid, lightningSettled))} paid)`
          }
        />
      </section>

      {totals.orders === 0 && report.by_channel.length === 0 ? <NoSales days={report.days} /> : null}

      <Card>
        <CardHeader>
          <CardTitle>Orders and revenue per day</CardTitle>
          <CardDescription>
            Bars: revenue in {currency}. Line: paid orders. {period}.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4">
          <DailySalesChart report={report} />
          {/* A 90-day table is long: it opens on request, under the chart it repeats. */}
          <details>
            <summary className="cursor-pointer text-sm font-medium text-brand-700 hover:text-brand-800">
              Daily figures as a table
            </summary>
            <div className="mt-3">
              <ReportTable
                caption="Orders, revenue and average order value per day, newest first"
                scrollLabel="Daily figures"
                rows={[...report.daily].reverse()}
                rowKey={(d) => d.day}
                empty="No days in this period."
                columns={[
                  { header: 'Day', cell: (d) => <time dateTime={d.day}>{shortDay(d.day)}</time> },
                  { header: 'Orders', cell: (d) => d.orders },
                  { header: 'Revenue', cell: (d) => formatMoney(d.revenue, currency) },
                  { header: 'Average', cell: (d) => formatMoney(d.average_order_value, currency) },
                ]}
              />
            </div>
          </details>
        </CardContent>
      </Card>

      <ChannelCard report={report} />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <AgentsCard report={report} />
        <MethodsCard report={report} />
      </div>
    </>
  );
}

function ChannelCard({ report }: { report: AnalyticsReport }) {
  const rows = report.by_channel.map((c) => ({
    ...c,
    label: salesChannelLabel(c.channel),
    conversion: conversion(c.orders, c.started),
  }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Conversion by channel and protocol version</CardTitle>
        <CardDescription>
          From an offer (agent API) or a checkout session (ACP or UCP), to a checkout, to a paid order.
        </CardDescription>
      </CardHeader>
      {/* The chart above the table: beside it, the table's six columns would not fit even at 1280 px. */}
      <CardContent className="grid grid-cols-1 gap-4">
        {rows.length > 0 && <ChannelConversionChart rows={rows} />}
        <ReportTable
          caption="Funnel and revenue per channel"
          scrollLabel="Funnel per channel"
          rows={rows}
          rowKey={(c) => c.channel}
          empty="No agent has started a purchase in this period."
          columns={[
            { header: 'Channel', cell: (c) => c.label },
            { header: 'Started', cell: (c) => c.started },
            { header: 'Checkouts', cell: (c) => c.checkouts },
            { header: 'Paid orders', cell: (c) => c.orders },
            { header: 'Conversion', cell: (c) => percent(c.conversion) },
            { header: 'Revenue', cell: (c) => formatMoney(c.revenue, report.currency) },
          ]}
        />
      </CardContent>
    </Card>
  );
}

function AgentsCard({ report }: { report: AnalyticsReport }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Agents</CardTitle>
        <CardDescription>Who checks out, as each agent names itself; the ten that sell most.</CardDescription>
      </CardHeader>
      <CardContent>
        <ReportTable
          caption="Checkouts, paid orders and revenue per agent"
          scrollLabel="Sales per agent"
          rows={report.by_agent}
          rowKey={(a) => a.agent ?? ''}
          empty="No checkouts in this period."
          columns={[
            {
              header: 'Agent',
              cell: (a) =>
                a.agent ?? <span className="font-normal italic text-slate-500">Unnamed agent</span>,
            },
            { header: 'Checkouts', cell: (a) => a.checkouts },
            {
              header: 'Paid',
              cell: (a) => (
                <>
                  {a.orders}{' '}
                  <span className="text-xs text-slate-500">
                    ({percent(conversion(a.orders, a.checkouts))})
                  </span>
                </>
              ),
            },
            { header: 'Revenue', cell: (a) => formatMoney(a.revenue, report.currency) },
          ]}
        />
      </CardContent>
    </Card>
  );
}

function MethodsCard({ report }: { report: AnalyticsReport }) {
  const { labelOf } = usePaymentMethods();
  const rows = report.by_method.map((m) => ({ ...m, label: labelOf(m.method) }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Payment methods</CardTitle>
        <CardDescription>Payments that succeeded, card and each Lightning provider.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {rows.length > 0 && <MethodChart rows={rows} currency={report.currency} />}
        <ReportTable
          caption="Successful payments and amount per payment method"
          scrollLabel="Payments per method"
          rows={rows}
          rowKey={(m) => m.method}
          empty="No successful payments in this period."
          columns={[
            { header: 'Method', cell: (m) => m.label },
            { header: 'Payments', cell: (m) => m.payments },
            { header: 'Amount', cell: (m) => formatMoney(m.amount, report.currency) },
          ]}
        />
      </CardContent>
    </Card>
  );
}

function Kpi({ label, value, note }: { label: string; value: string; note: ReactNode }) {
  return (
    <Card>
      <CardContent className="pt-5">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <p className="mt-1 text-2xl font-bold tracking-tight text-slate-900 tabular-nums">{value}</p>
        <p className="mt-1 text-xs text-slate-500">{note}</p>
      </CardContent>
    </Card>
  );
}

function NoSales({ days }: { days: number }) {
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center justify-between gap-4 pt-6">
        <div>
          <p className="font-semibold text-slate-900">No agent sales in the last {days} days yet</p>
          <p className="text-sm text-slate-600">
            Run a test checkout to see the figures fill in, or share your agent API with an AI agent.
          </p>
        </div>
        <Button asChild>
          <Link to={ROUTES.agentTesting.path}>
            <Bot aria-hidden="true" />
            Run a test checkout
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function AnalyticsSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true" aria-label="Loading analytics">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-28 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-80 rounded-xl" />
      <Skeleton className="h-56 rounded-xl" />
    </div>
  );
}

/** What net revenue took off: refunds, and disputes the bank decided against the merchant (ADR 058). */
function netRevenueNote(totals: { refunded: number; disputes_lost: number }, currency: string): string {
  const less = [
    totals.refunded > 0 ? `${formatMoney(totals.refunded, currency)} refunded` : null,
    totals.disputes_lost > 0 ? `${formatMoney(totals.disputes_lost, currency)} in lost disputes` : null,
  ].filter(Boolean);
  return less.length ? `Revenue less ${less.join(' and ')}` : 'Revenue less refunds: none in this period';
}
