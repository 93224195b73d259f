import { Activity, CircleCheck, CircleHelp, CircleX, TriangleAlert, type LucideIcon } from 'lucide-react';
import type { ServiceHealth, StatusResponse } from '#common/api/status';
import { Badge } from '#web/components/ui/badge';
import { SectionCard } from '#web/components/ui/section-card';
import { LoadingState, Skeleton } from '#web/components/ui/skeleton';
import { useConnections } from '#web/features/connections';
import { useFailureToast } from '#web/lib/use-failure-toast';
import { cn } from '#web/lib/cn';
import { useSystemHealth } from './api/get-status';
import { toastHealthCheckFailed } from './dashboard-toasts';

/** The platform's own services; the payment providers the server probes follow, from its provider list. */
const PLATFORM_SERVICES: { key: string; name: string }[] = [
  { key: 'database', name: 'Database' },
  { key: 'environment', name: 'Environment' },
  { key: 'encryption', name: 'Encryption' },
];

/**
 * Every service the health check reports, named. Providers come from the connections list (ADR 011), so a
 * failed check still lists them, as unknown; any other entry of a report shows under its id.
 */
function useServices(report: StatusResponse | undefined) {
  const { data } = useConnections();
  const providers = (data?.paymentProviders ?? [])
    .filter((p) => p.healthChecked)
    .map((p) => ({ key: p.id, name: p.name }));
  const known = [...PLATFORM_SERVICES, ...providers];
  const others = Object.keys(report?.services ?? {})
    .filter((key) => !known.some((s) => s.key === key))
    .map((key) => ({ key, name: key }));
  return [...known, ...others];
}

const HEALTH: Record<ServiceHealth, { label: string; icon: LucideIcon; className: string }> = {
  operational: { label: 'Operational', icon: CircleCheck, className: 'text-emerald-600' },
  degraded: { label: 'Degraded', icon: TriangleAlert, className: 'text-amber-600' },
  down: { label: 'Down', icon: CircleX, className: 'text-red-600' },
  unknown: { label: 'Unknown', icon: CircleHelp, className: 'text-slate-400' },
};

const OVERALL = {
  healthy: { label: 'Healthy', variant: 'success' },
  degraded: { label: 'Degraded', variant: 'warning' },
  unhealthy: { label: 'Unhealthy', variant: 'danger' },
} as const;

/**
 * System health from GET /api/status, every 60 s. When the check fails every service shows as unknown
 * (we cannot tell), and a toast says so once per run of failures.
 */
export function SystemHealthCard() {
  const health = useSystemHealth();
  useFailureToast(health.error, toastHealthCheckFailed);
  const report = health.isError ? undefined : health.data;
  const services = useServices(report);

  return (
    <SectionCard
      title="System health"
      description="Checked every minute."
      icon={Activity}
      contentClassName="space-y-4"
      aside={
        report ? (
          <Badge variant={OVERALL[report.status].variant}>{OVERALL[report.status].label}</Badge>
        ) : health.isError ? (
          <Badge variant="danger">Check failed</Badge>
        ) : null
      }
    >
      {health.isPending ? (
        <LoadingState label="Checking system health...">
          {services.map(({ key }) => (
            <Skeleton key={key} className="h-6" />
          ))}
        </LoadingState>
      ) : (
        <>
          <ul aria-label="Services" className="space-y-2">
            {services.map(({ key, name }) => {
              const state = HEALTH[report?.services[key] ?? 'unknown'];
              return (
                <li key={key} className="flex items-center justify-between gap-3 text-sm">
                  <span className="text-slate-700">{name}</span>
                  <span className="flex items-center gap-1.5 font-medium text-slate-900">
                    <state.icon aria-hidden="true" className={cn('size-4', state.className)} />
                    {state.label}
                  </span>
                </li>
              );
            })}
          </ul>
          {report ? (
            <p className="border-t border-slate-100 pt-3 text-xs text-slate-500">
              {report.metrics.recent_errors_15min} errors in the last 15 minutes · version{' '}
              <span className="font-mono">{report.version}</span>
            </p>
          ) : (
            <p className="border-t border-slate-100 pt-3 text-xs text-slate-600">
              {health.error?.message} We check again every minute.
            </p>
          )}
        </>
      )}
    </SectionCard>
  );
}
