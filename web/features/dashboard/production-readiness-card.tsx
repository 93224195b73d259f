import { CircleCheck, CircleX, Loader2, RotateCw, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { SectionCard } from '#web/components/ui/section-card';
import { useAccount } from '#web/features/account';
import { useConnections } from '#web/features/connections';
import { useApiKey } from '#web/features/developers';
import { useReadiness } from '#web/features/readiness';
import { cn } from '#web/lib/cn';
import { useSystemHealth } from './api/get-status';
import { overallVerdict, productionChecks, type CheckState, type Verdict } from './production-checks';

const STATE_ICONS: Record<CheckState, { icon: typeof CircleCheck; className: string; label: string }> = {
  checking: { icon: Loader2, className: 'animate-spin text-slate-400', label: 'Checking' },
  pass: { icon: CircleCheck, className: 'text-emerald-600', label: 'Pass' },
  warning: { icon: TriangleAlert, className: 'text-amber-600', label: 'Warning' },
  fail: { icon: CircleX, className: 'text-red-600', label: 'Fail' },
};

const VERDICTS: Record<Verdict, { label: string; variant: 'neutral' | 'success' | 'warning' | 'danger' }> = {
  checking: { label: 'Checking...', variant: 'neutral' },
  ready: { label: 'Ready for production', variant: 'success' },
  warnings: { label: 'Ready, with warnings', variant: 'warning' },
  not_ready: { label: 'Not ready', variant: 'danger' },
};

/** A query's answer for a check: undefined while it loads (or reloads on request), null if it failed. */
function sourceOf<T>(query: { data?: T; isError: boolean; isFetching: boolean }): T | undefined | null {
  if (query.isFetching) return undefined;
  if (query.isError) return null;
  return query.data;
}

function mapSource<T, U>(source: T | undefined | null, fn: (value: T) => U | null): U | undefined | null {
  if (source === undefined) return undefined;
  return source === null ? null : fn(source);
}

/**
 * Production readiness: each check goes from checking to pass, warning or fail as what it needs loads,
 * with the verdict over all of them. Run again reloads every source.
 */
export function ProductionReadinessCard() {
  const account = useAccount();
  const connections = useConnections();
  const apiKey = useApiKey();
  const health = useSystemHealth();
  const readiness = useReadiness({ enabled: Boolean(account.data?.merchant) });

  const checks = productionChecks({
    payments: mapSource(sourceOf(account), (a) => a.merchant?.payments ?? null),
    connections: sourceOf(connections),
    apiKeyIssued: mapSource(sourceOf(apiKey), (k) => k.key !== null),
    status: sourceOf(health),
    // With no merchant yet there is nothing to check readiness for: that is a fail, not a wait.
    readiness: account.data?.merchant === null ? null : sourceOf(readiness),
  });
  const verdict = VERDICTS[overallVerdict(checks)];
  const running = checks.some((c) => c.state === 'checking');

  const runAgain = () => {
    void account.refetch();
    void connections.refetch();
    void apiKey.refetch();
    void health.refetch();
    if (account.data?.merchant) void readiness.refetch();
  };

  return (
    <SectionCard
      title="Production readiness"
      description="What real agents need before they buy."
      contentClassName="space-y-4"
      aside={
        <>
          <span role="status" aria-label={`Verdict: ${verdict.label}`}>
            <Badge variant={verdict.variant}>{verdict.label}</Badge>
          </span>
        </>
      }
    >
      <ul aria-label="Production checks" className="space-y-3">
        {checks.map((c) => {
          const state = STATE_ICONS[c.state];
          return (
            <li key={c.id} className="flex gap-3 text-sm">
              <state.icon aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', state.className)} />
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {c.title}
                  <span className="sr-only">: {state.label}</span>
                </p>
                <p className="text-slate-600">
                  {c.message}
                  {c.fixAt && c.state !== 'pass' && (
                    <>
                      {' '}
                      <Link
                        to={c.fixAt}
                        aria-label={`Fix ${c.title}`}
                        className="font-medium text-brand-700 underline-offset-2 hover:underline"
                      >
                        Fix
                      </Link>
                    </>
                  )}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
      <Button variant="outline" size="sm" onClick={runAgain} disabled={running}>
        <RotateCw aria-hidden="true" className={cn(running && 'animate-spin')} />
        {running ? 'Checking...' : 'Run checks again'}
      </Button>
    </SectionCard>
  );
}
